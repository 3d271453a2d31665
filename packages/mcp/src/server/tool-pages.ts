import type { ToolSnapshot } from '@toolwright/registry';
import { ProtocolError, ProtocolErrorCode, type ListToolsResult } from '@modelcontextprotocol/server';

/** The default number of tools per `tools/list` page. */
export const DEFAULT_PAGE_SIZE = 1000;

/**
 * Serves `tools/list` pages from a snapshot's cached MCP definitions: a page result is built once
 * per snapshot, page size and offset, and served as is afterwards (no per-list conversion). A
 * cursor is `<version>.<offset>`; a cursor from an older snapshot reads the current one at that
 * offset (the client was told the list changed and will list again). The order is the registry's
 * registration order, the same for every request and every revision.
 */
export class ToolPages {
  readonly #pageSize: number;
  // Weak: a snapshot that no one holds any more takes its pages with it.
  readonly #cache = new WeakMap<ToolSnapshot, Map<number, ListToolsResult>>();

  constructor(pageSize: number = DEFAULT_PAGE_SIZE) {
    if (!Number.isInteger(pageSize) || pageSize < 1) {
      throw new RangeError(`pageSize must be a positive integer, got ${String(pageSize)}.`);
    }
    this.#pageSize = pageSize;
  }

  /** The page at `cursor` (the first page without one); an invalid cursor is a -32602 protocol error. */
  page(snapshot: ToolSnapshot, cursor: string | undefined): ListToolsResult {
    const offset = cursor === undefined ? 0 : parseCursor(cursor);
    let pages = this.#cache.get(snapshot);
    if (pages === undefined) {
      pages = new Map();
      this.#cache.set(snapshot, pages);
    }
    let page = pages.get(offset);
    if (page === undefined) {
      page = this.#build(snapshot, offset);
      // Only page starts our own cursors reach are kept, so a client cannot grow the cache.
      if (offset % this.#pageSize === 0 && offset < snapshot.names.length) pages.set(offset, page);
    }
    return page;
  }

  #build(snapshot: ToolSnapshot, offset: number): ListToolsResult {
    const definitions = snapshot.definitions('mcp');
    const end = offset + this.#pageSize;
    const tools = (offset === 0 && end >= definitions.length
      ? definitions
      : definitions.slice(offset, end)) as unknown as ListToolsResult['tools'];
    return end < definitions.length ? { tools, nextCursor: `${snapshot.version}.${end}` } : { tools };
  }
}

function parseCursor(cursor: string): number {
  const match = /^(\d{1,15})\.(\d{1,15})$/.exec(cursor);
  if (match === null)
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid cursor: list tools again without one.');
  return Number(match[2]);
}
