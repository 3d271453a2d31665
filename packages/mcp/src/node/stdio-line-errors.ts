import type { JSONRPCMessage } from '@modelcontextprotocol/server';

// How much of a dropped line is kept to find its request id: the SDK writes `id` last, others first.
export const LINE_EDGE_BYTES = 256;

const ID = String.raw`(-?\d{1,16}|"(?:[^"\\]|\\.){0,200}")`;
const ID_FIRST = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*${ID}\s*[,}]`);
const ID_LAST = new RegExp(String.raw`[,{]\s*"id"\s*:\s*${ID}\s*\}\s*$`);

/**
 * The answer to a stdio line over the cap (F22): a JSON-RPC error for the request it carried, so
 * the client's call fails at once instead of waiting out its timeout. The id is read from the
 * line's first or last bytes (where a top-level `id` sits); `null` when neither shows one.
 */
export function oversizedLineError(head: string, tail: string, maxLineBytes: number): JSONRPCMessage {
  const match = ID_FIRST.exec(head) ?? ID_LAST.exec(tail);
  return errorMessage(
    match === null ? null : (JSON.parse(match[1]!) as string | number),
    -32600,
    `Invalid request: the message is longer than ${maxLineBytes} bytes, the most this server reads on one line; it was dropped. Send smaller arguments.`,
  );
}

/**
 * The answer to a stdio line that is not a JSON-RPC message: a parse error (-32700) for text that
 * is not JSON, an invalid request (-32600, with its id when it has one) for JSON of the wrong shape.
 */
export function malformedLineError(parsed: unknown, notJson: boolean): JSONRPCMessage {
  if (notJson) return errorMessage(null, -32700, 'Parse error: the line is not valid JSON.');
  const id =
    typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)['id']
      : undefined;
  return errorMessage(
    typeof id === 'string' || typeof id === 'number' ? id : null,
    -32600,
    'Invalid request: the line is JSON but not a JSON-RPC 2.0 message.',
  );
}

function errorMessage(id: string | number | null, code: number, message: string): JSONRPCMessage {
  // A JSON-RPC error may carry a null id (the request's could not be read); the SDK's type may not.
  return { jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage;
}
