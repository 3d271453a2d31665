import type { CompiledModel, CompiledProperty } from './compiled-model';
import { CLOSURE_DECODERS } from './decoder-implementations';
import type { DecodeContext, INVALID } from './decode-context';
import { decodeScannedEntries, type ScannedEntries } from './decode-scanned-entries';
import { RESERVED_KEYS } from './reserved-keys';
import type { ScannedKeys } from './scanned-keys';
import { walkRoot } from './walk-root';

/**
 * The accelerated reading of a model's JSON text: when the text is one flat object of known keys
 * (see `scanFlatObject`), its decoded instance, or `INVALID` with the issues in `context`, exactly
 * what the reference path (`JSON.parse`, then the fields decoder) gives for it; `undefined`
 * ("bail", with `context` untouched) for any other text, which the reference path then reads.
 */
export type TextScanner = (text: string, context: DecodeContext) => object | typeof INVALID | undefined;

/** The most names a scanner tracks (one bit each); a model with more keeps `JSON.parse`. */
export const MAX_SCANNED_NAMES = 31;

/**
 * The scanner of a model's top-level arguments, or `undefined` when the model has none: the fast
 * path of decoding text, for the common call, where `JSON.parse` and the duplicate-key count cost
 * more than the rest of the decode. A model with generated code (`generateModelCode`) has its
 * names recognised and stored into a record by code generated for it, which its generated fields
 * decoder then reads. A model on the closures has the values listed by name index instead
 * (`decodeScannedEntries`): calls spread over many models would otherwise build a record of a
 * new shape for each model, and writing and reading records of a thousand shapes costs more
 * than the rest of the decode.
 */
export function createTextScanner(compiled: CompiledModel): TextScanner | undefined {
  const names = scannedNames(compiled);
  if (names === undefined || alwaysNested(compiled)) return undefined;
  // An array-index name ("0") is visited before the others by the reference path's for-in,
  // whatever its place in the text; the record keeps that order for it.
  if (compiled.implementation.generated || names.some(isArrayIndex)) {
    const keys = compiled.implementation.scannedKeys(names);
    return (text, context) => {
      const record = scanFlatObject(text, keys, {});
      return record === undefined ? undefined : walkRoot(compiled, record, context);
    };
  }
  const keys: ScannedKeys<ScannedEntries> = { ...CLOSURE_DECODERS.scannedKeys(names), store: pushEntry };
  const properties: readonly CompiledProperty[] = names.map((name) => compiled.byName.get(name)!);
  return (text, context) => {
    const entries = scanFlatObject<ScannedEntries>(text, keys, []);
    return entries === undefined ? undefined : decodeScannedEntries(compiled, properties, entries, context);
  };
}

function pushEntry(entries: ScannedEntries, index: number, value: unknown): void {
  entries.push(index, value);
}

// A canonical array index, which for-in visits first: "0", "7", "42", not "07" or "-1".
function isArrayIndex(name: string): boolean {
  return /^(0|[1-9][0-9]*)$/.test(name) && Number(name) < 2 ** 32 - 1;
}

/**
 * The names a model's scanner reads: its top-level names but reserved ones and those JSON must
 * escape (a text holding such a key bails). `undefined` past `MAX_SCANNED_NAMES`.
 */
export function scannedNames(compiled: CompiledModel): readonly string[] | undefined {
  // byName already leaves reserved names out: checked again, as a store must never meet one.
  const names = [...compiled.byName.keys()].filter((name) => isPlainName(name) && !RESERVED_KEYS.has(name));
  return names.length > MAX_SCANNED_NAMES ? undefined : names;
}

// Whether every valid call holds an array or an object (a required one, with no lenient form that
// may be a string): the scanner would only ever bail on them, after reading part of the text for nothing.
function alwaysNested(compiled: CompiledModel): boolean {
  return compiled.model.properties.some(
    (property) =>
      !property.optional &&
      !property.hasDefault &&
      !property.nullable &&
      property.lenient === undefined &&
      (property.type.kind === 'array' || property.type.kind === 'object'),
  );
}

// A name JSON writes as itself between quotes: no quote, backslash or control character.
function isPlainName(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const unit = name.charCodeAt(i);
    if (unit < SPACE || unit === QUOTE || unit === BACKSLASH) return false;
  }
  return true;
}

// Code units.
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const QUOTE = 0x22;
const COMMA = 0x2c;
const MINUS = 0x2d;
const DIGIT_0 = 0x30;
const DIGIT_1 = 0x31;
const DIGIT_9 = 0x39;
const COLON = 0x3a;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** The most digits of an integer read by the scanner: up to 15, a double holds every value exactly. */
const MAX_DIGITS = 15;

/**
 * Reads one flat JSON object of known keys into `sink` (through `keys.store`, in text order) and
 * returns it, or bails (`undefined`; what was stored so far is to be dropped). It
 * accepts only a subset of JSON for which the object is exactly the one `JSON.parse` builds:
 * - one object, with JSON whitespace (space, tab, LF, CR) around and between the tokens;
 * - keys written without escapes that are names of `keys`, each at most once: a repeated key
 *   bails, so that the JSON.parse path reports it;
 * - values that are strings without a backslash, a control character or any UTF-16 surrogate;
 *   integers `-?(0|[1-9][0-9]*)` of at most 15 digits (`-0` is -0); `true`, `false` and `null`.
 * Anything else (nested values, other numbers, escapes, unknown keys, empty text, trailing text)
 * bails. Every `charCodeAt` stays inside the text: reading past the end would deoptimise the
 * calls for good.
 */
export function scanFlatObject<S = Record<string, unknown>>(
  text: string,
  keys: ScannedKeys<S>,
  sink: S,
): S | undefined {
  const end = text.length;
  // Each token's first unit is read once: whitespace (all of it at most SPACE) is skipped only
  // where there is some, which compact JSON never has.
  let at = skipSpace(text, 0, end);
  if (at === end || text.charCodeAt(at) !== OPEN_BRACE) return undefined;
  if (++at === end) return undefined;
  let unit = text.charCodeAt(at);
  if (unit <= SPACE) {
    at = skipSpace(text, at, end);
    if (at === end) return undefined;
    unit = text.charCodeAt(at);
  }
  if (unit === CLOSE_BRACE) return skipSpace(text, at + 1, end) === end ? sink : undefined;
  let seen = 0;
  for (;;) {
    // The key: a name followed by the closing quote. Names hold no backslash, so that quote is
    // not escaped, and no quote, so it is the first one.
    if (unit !== QUOTE || ++at === end) return undefined;
    const index = keys.indexAt(text, at, end);
    if (index === -1) return undefined;
    const bit = 1 << index;
    if ((seen & bit) !== 0) return undefined;
    seen |= bit;
    at += keys.lengths[index]! + 1;
    if (at === end) return undefined;
    unit = text.charCodeAt(at);
    if (unit <= SPACE) {
      at = skipSpace(text, at, end);
      if (at === end) return undefined;
      unit = text.charCodeAt(at);
    }
    if (unit !== COLON || ++at === end) return undefined;
    unit = text.charCodeAt(at);
    if (unit <= SPACE) {
      at = skipSpace(text, at, end);
      if (at === end) return undefined;
      unit = text.charCodeAt(at);
    }
    // The value.
    let value: unknown;
    if (unit === QUOTE) {
      const close = stringClose(text, at + 1, end);
      if (close === -1) return undefined;
      value = text.slice(at + 1, close);
      at = close + 1;
    } else if (unit === MINUS || (unit >= DIGIT_0 && unit <= DIGIT_9)) {
      const digits = unit === MINUS ? at + 1 : at;
      let n = 0;
      let i = digits;
      for (; i < end; i++) {
        const digit = text.charCodeAt(i);
        if (digit < DIGIT_0 || digit > DIGIT_9) break;
        n = n * 10 + (digit - DIGIT_0);
      }
      const count = i - digits;
      // No digit, a leading zero, or more digits than a double holds exactly. A fraction or an
      // exponent after the digits fails the separator test below.
      if (count === 0 || count > MAX_DIGITS || (count > 1 && text.charCodeAt(digits) < DIGIT_1))
        return undefined;
      value = unit === MINUS ? -n : n;
      at = i;
    } else if (unit === 0x74 /* t */ && isWord(text, at, end, 'true')) {
      value = true;
      at += 4;
    } else if (unit === 0x66 /* f */ && isWord(text, at, end, 'false')) {
      value = false;
      at += 5;
    } else if (unit === 0x6e /* n */ && isWord(text, at, end, 'null')) {
      value = null;
      at += 4;
    } else {
      return undefined;
    }
    keys.store(sink, index, value);
    if (at === end) return undefined;
    unit = text.charCodeAt(at);
    if (unit <= SPACE) {
      at = skipSpace(text, at, end);
      if (at === end) return undefined;
      unit = text.charCodeAt(at);
    }
    if (unit === CLOSE_BRACE) return skipSpace(text, at + 1, end) === end ? sink : undefined;
    if (unit !== COMMA || ++at === end) return undefined;
    unit = text.charCodeAt(at);
    if (unit <= SPACE) {
      at = skipSpace(text, at, end);
      if (at === end) return undefined;
      unit = text.charCodeAt(at);
    }
  }
}

function skipSpace(text: string, at: number, end: number): number {
  for (; at < end; at++) {
    const unit = text.charCodeAt(at);
    if (unit !== SPACE && unit !== LF && unit !== CR && unit !== TAB) break;
  }
  return at;
}

// Whether `word` (a constant whose first unit was checked) is at `at`.
function isWord(text: string, at: number, end: number, word: string): boolean {
  const length = word.length;
  if (at + length > end) return false;
  for (let i = 1; i < length; i++) if (text.charCodeAt(at + i) !== word.charCodeAt(i)) return false;
  return true;
}

/** Strings longer than this are checked by a regular expression (native, about 4× faster per unit). */
const SHORT_STRING = 16;
/** The rest of a string: units the scanner accepts, then the closing quote. */
const STRING_REST = /[^"\\\u0000-\u001f\ud800-\udfff]*"/y;

/** The index of the closing quote of the string whose content starts at `start`, or -1 to bail. */
function stringClose(text: string, start: number, end: number): number {
  const stop = Math.min(end, start + SHORT_STRING);
  let at = start;
  for (; at < stop; at++) {
    const unit = text.charCodeAt(at);
    if (unit === QUOTE) return at;
    // A control character (invalid JSON), a backslash (an escape) or a surrogate.
    if (unit < SPACE || unit === BACKSLASH || (unit & 0xf800) === 0xd800) return -1;
  }
  if (at === end) return -1;
  STRING_REST.lastIndex = at;
  return STRING_REST.test(text) ? STRING_REST.lastIndex - 1 : -1;
}
