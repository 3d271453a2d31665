import type { IncomingMessage } from 'node:http';
import { classifyInboundRequest, PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';
import { isPlainRequest } from '../server/inbound-requests';

// The SDK's classification of a POST tries both JSON-RPC response schemas on the body before it
// looks at a request (a failing zod parse builds its issues), so a 2025-11-25 `tools/call` paid
// for two failed parses just to learn which era serves it. A body that is plainly a request
// (what the SDK's request schema accepts and neither response schema does, `isPlainRequest`),
// not `initialize`, with no envelope claim in its `_meta`, under no header or a header naming one
// of the revisions below, is what the SDK calls legacy ("no-claim"); anything else takes the
// SDK's own classification.

/** Revisions before 2026-07-28, exactly as a header names them (the SDK strips blanks first). */
const LEGACY_HEADER_VERSIONS: ReadonlySet<string> = new Set([
  '2024-11-05',
  '2025-03-26',
  '2025-06-18',
  '2025-11-25',
]);

/** The headers the SDK's classification reads, as the endpoint hands them over. */
export interface EraHeaders {
  readonly protocolVersion: string | undefined;
  readonly method: string | undefined;
  readonly name: string | undefined;
}

/**
 * True only where the SDK would classify the POST as legacy "no-claim"; false means "ask the SDK"
 * (never "modern").
 */
export function isPlainLegacyRequest(body: unknown, protocolVersion: string | undefined): boolean {
  if (protocolVersion !== undefined && !LEGACY_HEADER_VERSIONS.has(protocolVersion)) return false;
  if (!isPlainRequest(body)) return false;
  const record = body as Record<string, unknown>;
  if (record['method'] === 'initialize') return false;
  const params = record['params'] as Record<string, unknown> | undefined;
  const meta = params?.['_meta'];
  return meta === undefined || !(PROTOCOL_VERSION_META_KEY in (meta as object));
}

/**
 * Whether the SDK classifies the POST as legacy (body first, then the MCP-Protocol-Version,
 * Mcp-Method and Mcp-Name headers): legacy traffic is served with sessions; modern traffic and
 * requests the ladder rejects go to the SDK's per-request entry, which answers them with the
 * revision's status codes.
 */
export function isLegacyPost(headers: EraHeaders, body: unknown): boolean {
  if (isPlainLegacyRequest(body, headers.protocolVersion)) return true;
  return (
    classifyInboundRequest({
      httpMethod: 'POST',
      protocolVersionHeader: headers.protocolVersion,
      mcpMethodHeader: headers.method,
      mcpNameHeader: headers.name,
      body,
    }).kind === 'legacy'
  );
}

/** `isLegacyPost` for a Node request's headers. */
export function isLegacyRequest(request: IncomingMessage, body: unknown): boolean {
  const headers = request.headers;
  return isLegacyPost(
    {
      protocolVersion: headerValue(headers['mcp-protocol-version']),
      method: headerValue(headers['mcp-method']),
      name: headerValue(headers['mcp-name']),
    },
    body,
  );
}

export function headerValue(value: string | string[] | undefined): string | undefined {
  if (Array.isArray(value)) return value[0];
  return value === '' ? undefined : value;
}
