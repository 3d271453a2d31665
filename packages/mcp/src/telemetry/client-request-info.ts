import type { McpClientLike } from '../import/mcp-client-like';
import { ERROR_META_KEY } from '../server/to-call-tool-result';
import type { McpRequestInfo, McpRequestOutcome } from './mcp-telemetry';

/** A request an import sends, as telemetry sees it. */
export function clientRequestInfo(
  client: McpClientLike,
  method: string,
  target: string | undefined,
): McpRequestInfo {
  let sessionId: string | undefined;
  let protocolVersion: string | undefined;
  try {
    sessionId = client.transport?.sessionId;
    // A member of the SDK's Client that `McpClientLike` does not require.
    const negotiated = (client as { getNegotiatedProtocolVersion?: () => unknown })
      .getNegotiatedProtocolVersion;
    const version = typeof negotiated === 'function' ? negotiated.call(client) : undefined;
    if (typeof version === 'string') protocolVersion = version;
  } catch {
    // A client whose getters throw is still traced.
  }
  return { method, target, sessionId, protocolVersion };
}

/** How a `tools/call` answer ended, for telemetry: an error result says so, with its kind when given. */
export function clientOutcome(result: { isError?: unknown; _meta?: unknown }): McpRequestOutcome {
  if (result.isError !== true) return {};
  const meta = (result._meta as Record<string, unknown> | undefined)?.[ERROR_META_KEY] as
    { kind?: unknown } | undefined;
  return { toolError: typeof meta?.kind === 'string' ? meta.kind : '' };
}
