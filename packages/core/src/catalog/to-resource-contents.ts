import { ToolError } from '../errors/tool-error';
import type { ResourceContents } from '../result/content-block';

/**
 * What a resource method returned, as MCP resource contents: a string is text, bytes (a
 * `Uint8Array`, a `Buffer`) a base64 blob, `{ text }` / `{ blob }` (with `uri` and `mimeType`
 * optional) are taken as they are, a list gives several contents, and any other JSON value is its
 * JSON text (`application/json`). The URI and MIME type default to the resource's. Nothing (or an
 * empty list) is an `invalid_output` error: a read never answers with no contents.
 */
export function toResourceContents(
  output: unknown,
  uri: string,
  mimeType: string | undefined,
  name: string,
): readonly ResourceContents[] {
  const items = Array.isArray(output) ? output : [output];
  if (output === undefined || output === null || items.length === 0) {
    throw ToolError.invalidOutput(`${name} returned no contents for ${uri}.`, { toolName: name });
  }
  return Object.freeze(items.map((item) => Object.freeze(oneContents(item, uri, mimeType, name))));
}

function oneContents(
  item: unknown,
  uri: string,
  mimeType: string | undefined,
  name: string,
): ResourceContents {
  if (typeof item === 'string') return { uri, mimeType: mimeType ?? 'text/plain', text: item };
  if (item instanceof Uint8Array) {
    return {
      uri,
      mimeType: mimeType ?? 'application/octet-stream',
      blob: Buffer.from(item).toString('base64'),
    };
  }
  if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
    const record = item as Record<string, unknown>;
    const itemUri = typeof record['uri'] === 'string' ? record['uri'] : uri;
    const itemType = typeof record['mimeType'] === 'string' ? record['mimeType'] : mimeType;
    if (typeof record['text'] === 'string') {
      return itemType === undefined
        ? { uri: itemUri, text: record['text'] }
        : { uri: itemUri, mimeType: itemType, text: record['text'] };
    }
    if (typeof record['blob'] === 'string' || record['blob'] instanceof Uint8Array) {
      const blob =
        typeof record['blob'] === 'string' ? record['blob'] : Buffer.from(record['blob']).toString('base64');
      return { uri: itemUri, mimeType: itemType ?? 'application/octet-stream', blob };
    }
  }
  let json: string | undefined;
  try {
    json = JSON.stringify(item);
  } catch {
    json = undefined;
  }
  if (json === undefined) {
    throw ToolError.invalidOutput(`${name} returned contents that are neither text, bytes nor JSON.`, {
      toolName: name,
    });
  }
  return { uri, mimeType: mimeType ?? 'application/json', text: json };
}
