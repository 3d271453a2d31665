/** Options of the `Agent`'s built-in tool search (`toolSearch: true` takes every default). */
export interface ToolSearchOptions {
  /** The search tool's name (default `tool_search`); it must not be a registered tool's. */
  readonly name?: string;
  /** Tools one search loads at most, before the tools they require (default 5, at most 50). */
  readonly maxResults?: number;
}

/** `ToolSearchOptions`, resolved. */
export interface ResolvedToolSearch {
  readonly name: string;
  readonly maxResults: number;
}

const DEFAULT_NAME = 'tool_search';
const DEFAULT_MAX_RESULTS = 5;
const MAX_RESULTS = 50;

/** Reads the `toolSearch` option; `undefined` when it is off. Throws a `TypeError` naming a bad value. */
export function resolveToolSearch(
  option: boolean | ToolSearchOptions | undefined,
): ResolvedToolSearch | undefined {
  if (option === undefined || option === false) return undefined;
  const options: ToolSearchOptions = option === true ? {} : option;
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('Agent toolSearch must be true, false or { name?, maxResults? }.');
  }
  const name = options.name ?? DEFAULT_NAME;
  if (typeof name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(name)) {
    throw new TypeError(
      `Agent toolSearch.name must be a tool name (letters, digits, _ and -, at most 64); got ${JSON.stringify(name)}.`,
    );
  }
  const maxResults = options.maxResults ?? DEFAULT_MAX_RESULTS;
  if (!Number.isInteger(maxResults) || maxResults < 1 || maxResults > MAX_RESULTS) {
    throw new TypeError(
      `Agent toolSearch.maxResults must be a whole number from 1 to ${MAX_RESULTS}; got ${maxResults}.`,
    );
  }
  return { name, maxResults };
}
