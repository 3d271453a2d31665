// The public API of @toolwright/otel: OpenTelemetry spans and metrics for tool calls, MCP requests
// and model requests, by the GenAI and MCP semantic conventions (see docs/telemetry.md).
export { toolTelemetry } from './tool-telemetry';
export type { ToolTelemetryOptions } from './tool-telemetry';
export { mcpTelemetry } from './mcp-telemetry';
export type { McpTelemetryOptions } from './mcp-telemetry';
export type {
  McpTelemetryHooks,
  McpRequestDescription,
  McpRequestEnd,
  McpSpanHandle,
} from './mcp-telemetry-hooks';
export { tracedModelClient } from './traced-model-client';
export type { TracedModelClientOptions } from './traced-model-client';
export type { TelemetryProviders } from './providers';
export { ATTRIBUTES, METRICS, INSTRUMENTATION_SCOPE, INSTRUMENTATION_VERSION } from './attributes';
export { DEFAULT_MAX_ATTRIBUTE_LENGTH } from './attribute-text';
