import type { IncomingHttpHeaders } from 'node:http';
import type { ToolServerHandle, ToolSnapshot } from '@toolwright/registry';

/** The JSON-RPC code of a header that disagrees with the body (SEP-2243). */
export const HEADER_MISMATCH = -32020;

interface Declaration {
  readonly property: string;
  /** The header's name, lower case: `mcp-param-<name>`. */
  readonly header: string;
}

// A tool's `x-mcp-header` declarations, read once per snapshot.
const declarationsBySnapshot = new WeakMap<ToolSnapshot, Map<string, readonly Declaration[]>>();

/**
 * SEP-2243 (2026-07-28): an argument whose schema property says `"x-mcp-header": "Name"` travels
 * in the body and as the `Mcp-Param-Name` header (literal, or `=?base64?…?=`), so intermediaries
 * can route on it; a request whose header is missing, undecodable or different from the body is
 * refused before the tool runs. Returns the reason, or `undefined` when the headers agree.
 */
export function paramHeaderMismatch(
  handle: ToolServerHandle,
  body: unknown,
  headers: IncomingHttpHeaders,
): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const message = body as Record<string, unknown>;
  if (message['method'] !== 'tools/call') return undefined;
  const params = message['params'] as Record<string, unknown> | undefined;
  const name = params?.['name'];
  if (typeof name !== 'string') return undefined;
  const declarations = declarationsOf(handle.snapshot(), name);
  if (declarations.length === 0) return undefined;
  const args = params?.['arguments'];
  const values = typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
  for (const declaration of declarations) {
    const value = Object.hasOwn(values, declaration.property) ? values[declaration.property] : undefined;
    const raw = headers[declaration.header];
    const header = Array.isArray(raw) ? raw[0] : raw;
    if (header === undefined) {
      if (value === undefined || value === null) continue;
      return `the ${declaration.header} header is missing, but arguments.${declaration.property} is given`;
    }
    const decoded = decodeHeaderValue(header.trim());
    if (decoded === undefined) return `the ${declaration.header} header is not valid Base64`;
    if (value === undefined || value === null)
      return `the ${declaration.header} header is given, but arguments.${declaration.property} is not`;
    const expected = typeof value === 'string' ? value : JSON.stringify(value);
    if (decoded !== expected)
      return `the ${declaration.header} header does not match arguments.${declaration.property}`;
  }
  return undefined;
}

function declarationsOf(snapshot: ToolSnapshot, toolName: string): readonly Declaration[] {
  let byTool = declarationsBySnapshot.get(snapshot);
  if (byTool === undefined) {
    byTool = new Map();
    for (const definition of snapshot.definitions('mcp') as readonly {
      name: string;
      inputSchema?: unknown;
    }[]) {
      const found = scan(definition.inputSchema);
      if (found.length > 0) byTool.set(definition.name, found);
    }
    declarationsBySnapshot.set(snapshot, byTool);
  }
  return byTool.get(toolName) ?? [];
}

function scan(schema: unknown): Declaration[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const properties = (schema as Record<string, unknown>)['properties'];
  if (typeof properties !== 'object' || properties === null) return [];
  const found: Declaration[] = [];
  for (const [property, definition] of Object.entries(properties as Record<string, unknown>)) {
    const header = (definition as Record<string, unknown> | null)?.['x-mcp-header'];
    if (typeof header === 'string' && /^[A-Za-z0-9-]{1,64}$/.test(header))
      found.push({ property, header: `mcp-param-${header.toLowerCase()}` });
  }
  return found;
}

// A value is literal unless wrapped as `=?base64?…?=`, whose payload must be canonical Base64.
function decodeHeaderValue(value: string): string | undefined {
  const wrapped = /^=\?base64\?(.*)\?=$/i.exec(value);
  if (wrapped === null) return value;
  const payload = wrapped[1]!;
  if (payload.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) return undefined;
  return Buffer.from(payload, 'base64').toString('utf8');
}
