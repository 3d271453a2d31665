import type { JSONRPCRequest, Result, ServerContext } from '@modelcontextprotocol/server';
import { ERROR_META_KEY, type ErrorMeta } from '../server/to-call-tool-result';
import type { McpRequestInfo, McpRequestOutcome } from './mcp-telemetry';

/** A request the server received, as telemetry sees it. */
export function serverRequestInfo(
  method: string,
  request: JSONRPCRequest,
  ctx: ServerContext,
  protocolVersion: string | undefined,
): McpRequestInfo {
  const params = recordOf(request.params);
  return {
    method,
    target: targetOf(method, params),
    requestId: request.id,
    sessionId: ctx.sessionId,
    protocolVersion,
    meta: recordOf(params?.['_meta']),
  };
}

/** How a server's answer ended, for telemetry: a `tools/call` result that is an error says so. */
export function serverOutcome(result: Result): McpRequestOutcome {
  const record = result as { isError?: unknown; _meta?: Record<string, unknown> };
  if (record.isError !== true) return {};
  const meta = record._meta?.[ERROR_META_KEY] as ErrorMeta | undefined;
  return { toolError: typeof meta?.kind === 'string' ? meta.kind : '' };
}

/** What a request of `method` is about: the tool or prompt name, or the resource URI. */
export function targetOf(
  method: string,
  params: Readonly<Record<string, unknown>> | undefined,
): string | undefined {
  const key =
    method === 'tools/call' || method === 'prompts/get'
      ? 'name'
      : method.startsWith('resources/') &&
          method !== 'resources/list' &&
          method !== 'resources/templates/list'
        ? 'uri'
        : undefined;
  if (key === undefined) return undefined;
  const value = params?.[key];
  return typeof value === 'string' ? value : undefined;
}

function recordOf(value: unknown): Readonly<Record<string, unknown>> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
