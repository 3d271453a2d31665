// The shape `@toolwright/mcp` calls (its `McpTelemetry`), written out here so this package needs no
// dependency on the MCP package; a test checks that the two stay assignable.

/** One MCP request as `@toolwright/mcp` describes it. */
export interface McpRequestDescription {
  readonly method: string;
  readonly target?: string;
  readonly requestId?: string | number;
  readonly sessionId?: string;
  readonly protocolVersion?: string;
  readonly meta?: Readonly<Record<string, unknown>>;
}

/** How one MCP request ended. */
export interface McpRequestEnd {
  readonly error?: { readonly code?: number; readonly message?: string };
  readonly toolError?: string;
}

/** One request's span. */
export interface McpSpanHandle {
  readonly meta?: Readonly<Record<string, string>>;
  run<T>(work: () => T): T;
  end(outcome: McpRequestEnd): void;
}

/** What `mcpTelemetry()` returns: the `telemetry` option of `@toolwright/mcp`'s server and imports. */
export interface McpTelemetryHooks {
  serverRequest(request: McpRequestDescription): McpSpanHandle;
  clientRequest(request: McpRequestDescription): McpSpanHandle;
}
