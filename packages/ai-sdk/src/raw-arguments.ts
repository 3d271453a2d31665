// The AI SDK parses a call's JSON text before any tool sees it, and reports text that does not parse
// (or that its parser refuses, such as a `__proto__` key) in its own words. `repairToolCall` hands such
// a call to the toolwright tool as it came, wrapped under one key, and `execute` gives the text to
// toolwright's decoder, which answers with its own curated text. A model that sends the wrapper itself
// gains nothing: the text inside is decoded under the same rules as any arguments.

const RAW_ARGUMENTS_KEY = '~toolwright/raw-arguments';

/** The JSON text of a call whose arguments are `text`, to be decoded by toolwright as it is. */
export function wrapRawArguments(text: string): string {
  return JSON.stringify({ [RAW_ARGUMENTS_KEY]: text });
}

/** The raw text a wrapped call carries, or the input itself. */
export function unwrapRawArguments(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const keys = Object.keys(input);
  if (keys.length !== 1 || keys[0] !== RAW_ARGUMENTS_KEY) return input;
  const text = (input as Record<string, unknown>)[RAW_ARGUMENTS_KEY];
  return typeof text === 'string' ? text : input;
}
