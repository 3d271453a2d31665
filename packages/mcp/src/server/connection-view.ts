import type { ClientCapabilities, Implementation, ServerContext } from '@modelcontextprotocol/server';

/** What a call reads about the connection it arrived on, whichever revision it speaks. */
export interface ConnectionView {
  /** Whether the instance serves 2026-07-28 (stateless; client facts travel in each request). */
  readonly modern: () => boolean;
  readonly protocolVersion: () => string | undefined;
  /** The client's name and version: from `initialize` (2025) or the request's envelope (2026). */
  readonly clientInfo: (ctx: ServerContext) => Implementation | undefined;
  /** The client's capabilities: from `initialize` (2025) or the request's envelope (2026). */
  readonly clientCapabilities: (ctx: ServerContext) => ClientCapabilities | undefined;
}
