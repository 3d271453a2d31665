/**
 * The attribute names toolwright's spans and metrics carry: the OpenTelemetry GenAI and MCP
 * semantic conventions, and the one toolwright adds (`toolwright.error.kind`, on MCP spans of a
 * failed tool call).
 */
export const ATTRIBUTES = Object.freeze({
  GEN_AI_OPERATION_NAME: 'gen_ai.operation.name',
  GEN_AI_TOOL_NAME: 'gen_ai.tool.name',
  GEN_AI_TOOL_CALL_ID: 'gen_ai.tool.call.id',
  GEN_AI_TOOL_TYPE: 'gen_ai.tool.type',
  /** Opt-in: the call's arguments as the model sent them (scrubbed of host values). */
  GEN_AI_TOOL_CALL_ARGUMENTS: 'gen_ai.tool.call.arguments',
  /** Opt-in: the call's result as the model sees it (scrubbed of host values). */
  GEN_AI_TOOL_CALL_RESULT: 'gen_ai.tool.call.result',
  GEN_AI_PROVIDER_NAME: 'gen_ai.provider.name',
  GEN_AI_REQUEST_MODEL: 'gen_ai.request.model',
  GEN_AI_RESPONSE_FINISH_REASONS: 'gen_ai.response.finish_reasons',
  GEN_AI_USAGE_INPUT_TOKENS: 'gen_ai.usage.input_tokens',
  GEN_AI_USAGE_OUTPUT_TOKENS: 'gen_ai.usage.output_tokens',
  GEN_AI_TOKEN_TYPE: 'gen_ai.token.type',
  GEN_AI_PROMPT_NAME: 'gen_ai.prompt.name',
  ERROR_TYPE: 'error.type',
  MCP_METHOD_NAME: 'mcp.method.name',
  MCP_SESSION_ID: 'mcp.session.id',
  MCP_PROTOCOL_VERSION: 'mcp.protocol.version',
  MCP_RESOURCE_URI: 'mcp.resource.uri',
  JSONRPC_REQUEST_ID: 'jsonrpc.request.id',
  JSONRPC_PROTOCOL_VERSION: 'jsonrpc.protocol.version',
  RPC_RESPONSE_STATUS_CODE: 'rpc.response.status_code',
  TOOLWRIGHT_ERROR_KIND: 'toolwright.error.kind',
});

/** The metric names toolwright records (durations in seconds). */
export const METRICS = Object.freeze({
  MCP_SERVER_OPERATION_DURATION: 'mcp.server.operation.duration',
  MCP_CLIENT_OPERATION_DURATION: 'mcp.client.operation.duration',
  GEN_AI_CLIENT_OPERATION_DURATION: 'gen_ai.client.operation.duration',
  GEN_AI_CLIENT_TOKEN_USAGE: 'gen_ai.client.token.usage',
});

/** The instrumentation scope of every tracer and meter toolwright uses. */
export const INSTRUMENTATION_SCOPE = '@toolwright/otel';
/** This package's version, reported with the instrumentation scope. */
export const INSTRUMENTATION_VERSION = '0.1.0';
