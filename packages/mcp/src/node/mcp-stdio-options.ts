/** Options of MCP over stdio (`serveMcp` with `{ stdio: … }`). */
export interface McpStdioOptions {
  /**
   * The longest line read, in bytes (default `DEFAULT_MAX_LINE_BYTES`, 16 MiB); a longer one is
   * answered with a JSON-RPC error (-32600, with its id when the line shows one) and skipped.
   */
  readonly maxLineBytes?: number;
  /**
   * Write the protocol to this file descriptor instead of stdout. A launcher that starts the server
   * with fd 1 pointing at stderr and the real stdout as this descriptor keeps every write to fd 1
   * (`fs.writeSync(1, …)`, children with inherited stdio) out of the protocol stream; the CLI's
   * `toolwright serve` does so (docs/mcp.md, "A clean stdout").
   */
  readonly protocolFd?: number;
}
