/** One MCP request as telemetry sees it. */
export interface McpRequestInfo {
  /** The JSON-RPC method (`tools/call`, `tools/list`, `initialize`, …). */
  readonly method: string;
  /** What the request is about: the tool or prompt name, or the resource URI; absent for the rest. */
  readonly target?: string;
  /** The JSON-RPC request id, when known (the server's side). */
  readonly requestId?: string | number;
  /** The transport session, when there is one. */
  readonly sessionId?: string;
  /** The protocol revision of the connection, when negotiated. */
  readonly protocolVersion?: string;
  /**
   * The request's `params._meta` as it arrived (the server's side: untrusted), where trace
   * context travels (`traceparent`, `tracestate`).
   */
  readonly meta?: Readonly<Record<string, unknown>>;
}

/** How one MCP request ended. */
export interface McpRequestOutcome {
  /** The JSON-RPC error the request failed with, if it did. */
  readonly error?: { readonly code?: number; readonly message?: string };
  /** A `tools/call` whose result is an error (`isError`): the toolwright error kind when known, else `''`. */
  readonly toolError?: string;
}

/** One request's span, as an `McpTelemetry` opened it. */
export interface McpRequestSpan {
  /** The client's side: fields to add to the request's `params._meta` (trace context). */
  readonly meta?: Readonly<Record<string, string>>;
  /** Runs the request's work (the server's handler, the client's send) with this span current. */
  run<T>(work: () => T): T;
  /** Ends the span, once, with how the request ended. */
  end(outcome: McpRequestOutcome): void;
}

/**
 * Telemetry around MCP requests, implemented by `@toolwright/otel`'s `mcpTelemetry()` (this
 * package depends on no telemetry library): a span for each request a server answers and each
 * request an import sends, with the trace context carried in `params._meta`. A method that throws
 * is ignored: telemetry never breaks a request.
 */
export interface McpTelemetry {
  /** A request arrived at the server. */
  serverRequest(request: McpRequestInfo): McpRequestSpan;
  /** The client is about to send a request. */
  clientRequest(request: McpRequestInfo): McpRequestSpan;
}
