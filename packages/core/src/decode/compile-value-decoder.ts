import type { ArgsModel, ValidatorCheck } from '../model/args-model';
import type { ArrayNode, EnumNode, NumberNode, StringNode, TypeNode } from '../model/args-model';
import { INVALID, type DecodeContext, type ValueDecoder } from './decode-context';
import { describeExpected } from './describe-expected';
import type { PathNode } from './json-path';
import { compileStringCheck, type StringCheck } from './string-checks';
import { codePointLength, describeIllFormed, isWellFormed } from './unicode';
import { findDuplicateItems } from './unique-items';

/** The only integer text accepted for an integer field (R6 in docs/reliability.md): no sign but '-', no leading zero. */
export const INTEGER_TEXT = /^-?(0|[1-9][0-9]*)$/;

const UNSAFE_INTEGER_MESSAGE =
  'integers beyond ±9007199254740991 lose precision in JSON, so the value received is not the value sent';
const LONE_SURROGATE_MESSAGE = 'strings must be valid Unicode; send the character itself or a surrogate pair';
const NUL_MESSAGE = 'U+0000 (NUL) is not allowed in strings';

/**
 * Compiles the decoder of a type node; object nodes are delegated to `objectDecoder`. `items`, when
 * given, wraps the decoder of an array's innermost items (their lenient decoders).
 */
export function compileValueDecoder(
  node: TypeNode,
  checks: readonly ValidatorCheck[],
  objectDecoder: (model: ArgsModel) => ValueDecoder,
  items?: (node: TypeNode, decode: ValueDecoder) => ValueDecoder,
): ValueDecoder {
  switch (node.kind) {
    case 'string':
      return stringDecoder(node, compileStringCheck(checks, node.format));
    case 'number':
      return node.integer ? integerDecoder(node) : numberDecoder(node);
    case 'boolean':
      return booleanDecoder;
    case 'enum':
      return enumDecoder(node);
    case 'array': {
      const item = compileValueDecoder(node.items, checks, objectDecoder, items);
      return arrayDecoder(node, items && node.items.kind !== 'array' ? items(node.items, item) : item);
    }
    case 'object':
      return objectDecoder(node.model);
  }
}

function stringDecoder(node: StringNode, check: StringCheck | undefined): ValueDecoder {
  const expected = describeExpected(node);
  const minLength = node.minLength ?? 0;
  const maxLength = node.maxLength ?? Infinity;
  // A string of n UTF-16 units has between n/2 and n code points: inside [2 × min, max] units its
  // length is certainly within bounds without counting.
  const countBelow = 2 * minLength;
  const pattern = node.pattern === undefined ? undefined : new RegExp(node.pattern, 'u');
  // An output string: its length, pattern and checks, whatever characters it holds.
  const checkOutputString = (
    value: string,
    context: DecodeContext,
    parent: PathNode | undefined,
    key: string | number,
  ): unknown => {
    const codePoints = codePointLength(value);
    if (codePoints < minLength || codePoints > maxLength)
      return context.report(parent, key, expected, value, undefined, lengthMessage(codePoints, value.length));
    if (pattern !== undefined && !pattern.test(value)) return context.report(parent, key, expected, value);
    if (check !== undefined && !check(value)) return context.report(parent, key, expected, value);
    return value;
  };
  const full: ValueDecoder = (value, context, parent, key) => {
    if (typeof value !== 'string') return context.report(parent, key, expected, value);
    if (context.output) return checkOutputString(value, context, parent, key);
    if (!isWellFormed(value)) {
      return context.report(parent, key, expected, value, describeIllFormed(value), LONE_SURROGATE_MESSAGE);
    }
    const nul = value.indexOf('\0');
    if (nul !== -1)
      return context.report(
        parent,
        key,
        expected,
        value,
        `a string with U+0000 at index ${nul}`,
        NUL_MESSAGE,
      );
    const length = value.length;
    if (length < countBelow || length > maxLength) {
      // Lengths count code points, as JSON Schema (and ajv) do: an emoji is one character.
      const codePoints = codePointLength(value);
      if (codePoints < minLength || codePoints > maxLength) {
        return context.report(parent, key, expected, value, undefined, lengthMessage(codePoints, length));
      }
    }
    if (pattern !== undefined && !pattern.test(value)) return context.report(parent, key, expected, value);
    if (check !== undefined && !check(value)) return context.report(parent, key, expected, value);
    return value;
  };
  // The common case first; anything unusual takes the full path, which reports. An output's
  // strings are not held to the hostile-input rules (see DecodeContext.output).
  return (value, context, parent, key) =>
    typeof value === 'string' &&
    value.length >= countBelow &&
    value.length <= maxLength &&
    (context.output || (isWellFormed(value) && value.indexOf('\0') === -1)) &&
    (pattern === undefined || pattern.test(value)) &&
    (check === undefined || check(value))
      ? value
      : full(value, context, parent, key);
}

// The received preview already shows a short string; say the count only where it is not obvious.
function lengthMessage(codePoints: number, units: number): string | undefined {
  if (codePoints === units && units <= 40) return undefined;
  const count = codePoints === 1 ? '1 character' : `${codePoints} characters`;
  return codePoints === units
    ? `it has ${count}`
    : `it has ${count} (an emoji or other symbol beyond U+FFFF counts as one)`;
}

interface Bounds {
  readonly minimum: number;
  readonly maximum: number;
  readonly exclusiveMinimum: number;
  readonly exclusiveMaximum: number;
  readonly multipleOf: number | undefined;
}

function boundsOf(node: NumberNode): Bounds {
  return {
    minimum: node.minimum ?? -Infinity,
    maximum: node.maximum ?? Infinity,
    exclusiveMinimum: node.exclusiveMinimum ?? -Infinity,
    exclusiveMaximum: node.exclusiveMaximum ?? Infinity,
    multipleOf: node.multipleOf,
  };
}

function outOfBounds(n: number, b: Bounds): boolean {
  return (
    n < b.minimum ||
    n > b.maximum ||
    n <= b.exclusiveMinimum ||
    n >= b.exclusiveMaximum ||
    (b.multipleOf !== undefined && !Number.isInteger(n / b.multipleOf))
  );
}

function integerDecoder(node: NumberNode): ValueDecoder {
  const expected = describeExpected(node);
  const bounds = boundsOf(node);
  const { minimum, maximum } = bounds;
  const onlyInclusive =
    node.exclusiveMinimum === undefined &&
    node.exclusiveMaximum === undefined &&
    node.multipleOf === undefined;
  const full: ValueDecoder = (value, context, parent, key) => {
    let n: number;
    if (typeof value === 'number') n = value;
    else if (typeof value === 'string' && !context.output && INTEGER_TEXT.test(value)) n = Number(value);
    else return context.report(parent, key, expected, value);
    // An output's integer is the tool's own number, not text that lost precision on the way in.
    if (!Number.isSafeInteger(n) && !(context.output && Number.isInteger(n))) {
      if (Number.isInteger(n))
        return context.report(parent, key, expected, value, undefined, UNSAFE_INTEGER_MESSAGE);
      return context.report(parent, key, expected, value, nonFinite(n));
    }
    if (outOfBounds(n, bounds)) return context.report(parent, key, expected, value);
    return n;
  };
  return (value, context, parent, key) =>
    typeof value === 'number' &&
    Number.isSafeInteger(value) &&
    value >= minimum &&
    value <= maximum &&
    onlyInclusive
      ? value
      : full(value, context, parent, key);
}

function numberDecoder(node: NumberNode): ValueDecoder {
  const expected = describeExpected(node);
  const bounds = boundsOf(node);
  return (value, context, parent, key) => {
    if (typeof value !== 'number') return context.report(parent, key, expected, value);
    if (!Number.isFinite(value)) return context.report(parent, key, expected, value, nonFinite(value));
    if (outOfBounds(value, bounds)) return context.report(parent, key, expected, value);
    return value;
  };
}

// JSON.parse turns 1e400 into Infinity: name what happened rather than print "Infinity".
function nonFinite(n: number): string | undefined {
  if (Number.isFinite(n) || Number.isNaN(n)) return undefined;
  return n > 0
    ? 'a number too large to represent (it became Infinity)'
    : 'a number too small to represent (it became -Infinity)';
}

const BOOLEAN_EXPECTED = describeExpected({ kind: 'boolean' });

const booleanDecoder: ValueDecoder = (value, context, parent, key) => {
  if (typeof value === 'boolean') return value;
  if (context.output) return context.report(parent, key, BOOLEAN_EXPECTED, value);
  if (value === 'true') return true;
  if (value === 'false') return false;
  return context.report(parent, key, BOOLEAN_EXPECTED, value);
};

function enumDecoder(node: EnumNode): ValueDecoder {
  const expected = describeExpected(node);
  const values = new Set<unknown>(node.values);
  return (value, context, parent, key) =>
    values.has(value) ? value : context.report(parent, key, expected, value);
}

function arrayDecoder(node: ArrayNode, decodeItem: ValueDecoder): ValueDecoder {
  const expected = describeExpected(node);
  const itemExpected = describeExpected(node.items);
  const minItems = node.minItems ?? 0;
  const maxItems = node.maxItems ?? Infinity;
  const unique = node.uniqueItems === true;
  return (value, context, parent, key) => {
    if (!Array.isArray(value)) return context.report(parent, key, expected, value);
    const length = value.length;
    context.items += length;
    if ((context.nodes += length) > context.maxNodes) return tooManyValues(context);
    if (++context.depth > context.maxDepth) {
      context.depth--;
      return context.abort(parent, key, `nesting at most ${context.maxDepth} levels deep`, 'deeper nesting');
    }
    const here: PathNode = { parent, key };
    let ok = true;
    if (length < minItems || length > maxItems) {
      context.report(parent, key, expected, value);
      ok = false;
    }
    const items: unknown[] = [];
    for (let i = 0; i < length; i++) {
      const item: unknown = value[i];
      const decoded =
        item === null ? context.report(here, i, itemExpected, null) : decodeItem(item, context, here, i);
      if (decoded === INVALID) {
        ok = false;
        if (context.aborted) break;
      } else if (ok) {
        items.push(decoded);
      }
    }
    context.depth--;
    if (!ok) return INVALID;
    if (unique) {
      // Arguments compare as the tool receives them (defaults filled in); an output compares as
      // it is served, which is what its schema's uniqueItems reads: `{}` and `{"name":""}` are two
      // different outputs even when the class's `name` defaults to "".
      const duplicate = findDuplicateItems(context.output ? value : items);
      if (duplicate !== undefined) {
        return context.report(
          parent,
          key,
          expected,
          value,
          undefined,
          `items ${duplicate[0]} and ${duplicate[1]} are equal`,
        );
      }
    }
    return items;
  };
}

/** Reports the node limit and stops the decode. */
export function tooManyValues(context: DecodeContext): typeof INVALID {
  const max = context.maxNodes;
  return context.abort(
    undefined,
    undefined,
    `at most ${max} values in all`,
    'more',
    'send less data in one call',
  );
}
