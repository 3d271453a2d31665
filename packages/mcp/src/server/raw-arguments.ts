// R16 (docs: ../shared RELIABILITY.md, R1 and R2 on every path): a transport parses a frame into
// objects, and JSON.parse keeps the last of two equal keys, so the decoder would judge a value the
// client did not send alone. The transports that read frames (stdio, Streamable HTTP) therefore
// keep the exact text of each `tools/call`'s `arguments` beside the parsed object, and the call
// handler gives the decoder that text: the size cap and the duplicate-key check see what was sent.

const RAW_ARGUMENTS = Symbol('toolwright/mcp/raw-arguments');

/** What a frame said about one `tools/call`'s arguments. */
export interface RawArguments {
  /** The arguments exactly as sent (the JSON text of the last `arguments` member). */
  readonly text: string;
  /** `params` or `params.arguments` appeared more than once in the request. */
  readonly repeated: boolean;
}

/** The raw arguments a transport recorded on a parsed `arguments` object, if any. */
export function rawArgumentsOf(args: unknown): RawArguments | undefined {
  if (typeof args !== 'object' || args === null) return undefined;
  return (args as { [RAW_ARGUMENTS]?: RawArguments })[RAW_ARGUMENTS];
}

/**
 * Records, on the `arguments` object of every `tools/call` request in `message` (a request or a
 * batch, parsed from `text`), the text it was parsed from. Other messages cost one property read.
 * The record is a non-enumerable symbol property: it survives the SDK's validation (which keeps
 * nested values as they are) and is never serialized.
 */
export function captureRawArguments(message: unknown, text: string): void {
  if (Array.isArray(message)) {
    if (!message.some(isToolCall)) return;
    const spans = topLevelElements(text);
    message.forEach((element, index) => {
      const span = spans[index];
      if (isToolCall(element) && span !== undefined) record(element, text, span[0]);
    });
    return;
  }
  if (isToolCall(message)) record(message, text, skipWhitespace(text, 0));
}

function isToolCall(message: unknown): message is { params: { arguments: object } } {
  if (typeof message !== 'object' || message === null) return false;
  const record = message as Record<string, unknown>;
  if (record['method'] !== 'tools/call') return false;
  const params = record['params'] as Record<string, unknown> | undefined;
  const args = params?.['arguments'];
  return typeof args === 'object' && args !== null && !Array.isArray(args);
}

function record(message: { params: { arguments: object } }, text: string, start: number): void {
  const params = lastMember(text, start, 'params');
  if (params === undefined) return;
  const args = lastMember(text, params.start, 'arguments');
  if (args === undefined) return;
  const raw: RawArguments = {
    text: text.slice(args.start, args.end),
    repeated: params.repeated || args.repeated,
  };
  Object.defineProperty(message.params.arguments, RAW_ARGUMENTS, { value: raw, enumerable: false });
}

interface Member {
  readonly start: number;
  readonly end: number;
  readonly repeated: boolean;
}

// The value span of the last member named `name` of the object starting at `start` (valid JSON:
// the frame parsed already), and whether the name occurs more than once.
function lastMember(text: string, start: number, name: string): Member | undefined {
  if (text.charCodeAt(start) !== 0x7b /* { */) return undefined;
  let at = skipWhitespace(text, start + 1);
  let found: Member | undefined;
  let count = 0;
  while (text.charCodeAt(at) === 0x22 /* " */) {
    const keyEnd = stringEnd(text, at);
    const rawKey = text.slice(at + 1, keyEnd - 1);
    const key = rawKey.includes('\\') ? (JSON.parse(text.slice(at, keyEnd)) as string) : rawKey;
    at = skipWhitespace(text, skipWhitespace(text, keyEnd) + 1); // past ':'
    const valueEnd = valueEndAt(text, at);
    if (key === name) {
      count += 1;
      found = { start: at, end: valueEnd, repeated: count > 1 };
    }
    at = skipWhitespace(text, valueEnd);
    if (text.charCodeAt(at) === 0x2c /* , */) at = skipWhitespace(text, at + 1);
  }
  return found;
}

// The [start, end) of each element of the top-level array.
function topLevelElements(text: string): [number, number][] {
  const spans: [number, number][] = [];
  let at = skipWhitespace(text, 0);
  if (text.charCodeAt(at) !== 0x5b /* [ */) return spans;
  at = skipWhitespace(text, at + 1);
  while (at < text.length && text.charCodeAt(at) !== 0x5d /* ] */) {
    const end = valueEndAt(text, at);
    spans.push([at, end]);
    at = skipWhitespace(text, end);
    if (text.charCodeAt(at) === 0x2c) at = skipWhitespace(text, at + 1);
  }
  return spans;
}

function skipWhitespace(text: string, at: number): number {
  for (;;) {
    const code = text.charCodeAt(at);
    if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) return at;
    at += 1;
  }
}

// The index after the string starting at `at` (its opening quote).
function stringEnd(text: string, at: number): number {
  let quote = text.indexOf('"', at + 1);
  for (;;) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c /* \ */) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
    quote = text.indexOf('"', quote + 1);
  }
}

// The index after the value starting at `at`: iterative, so nesting depth costs nothing.
function valueEndAt(text: string, at: number): number {
  const first = text.charCodeAt(at);
  if (first === 0x22) return stringEnd(text, at);
  if (first !== 0x7b && first !== 0x5b) {
    let end = at;
    for (;;) {
      const code = text.charCodeAt(end);
      if (code !== code || code === 0x2c || code === 0x7d || code === 0x5d || code <= 0x20) return end;
      end += 1;
    }
  }
  let depth = 0;
  let index = at;
  for (;;) {
    const code = text.charCodeAt(index);
    if (code === 0x22) {
      index = stringEnd(text, index);
      continue;
    }
    if (code === 0x7b || code === 0x5b) depth += 1;
    else if (code === 0x7d || code === 0x5d) {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
    index += 1;
  }
}
