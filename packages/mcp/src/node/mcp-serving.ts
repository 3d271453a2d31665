/** A running MCP server started by `serveMcp`. */
export interface McpServing {
  /** `stdio`, or `http` with the address actually bound. */
  readonly transport: 'stdio' | 'http';
  /** The Streamable HTTP endpoint (`http://127.0.0.1:PORT/mcp`), for `http`. */
  readonly url?: string;
  /** The port actually bound (useful with port 0), for `http`. */
  readonly port?: number;
  /** Resolves when the server has stopped: `close()` was called, or (stdio) the client closed stdin. */
  readonly closed: Promise<void>;
  /** Tells clients that the resource at `uri` changed (subscribed 2025-11-25 sessions, 2026-07-28 listen streams). */
  resourceUpdated(uri: string): Promise<void>;
  /** Stops accepting, ends every session and connection, and resolves when all is closed. Idempotent. */
  close(): Promise<void>;
}
