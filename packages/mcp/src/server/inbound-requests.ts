import type { JSONRPCMessage, MessageExtraInfo, Server, Transport } from '@modelcontextprotocol/server';

// The SDK's Protocol sorts every inbound message by trying its JSON-RPC schemas in turn: result
// response, then error response, then request. A request therefore first fails two zod parses,
// and a failing zod parse builds its issues: measured in memory, that sorting was half of the
// server's time for a `tools/call` (43 µs → 26 µs per call without it). A message that is plainly
// a request — exactly what the SDK's request schema accepts, nothing it could read as a response —
// goes straight to the SDK's request dispatch, which applies every check after the sorting as
// before (era, envelope, method, the handler's own request schema). Anything else, and every
// message on an SDK without that dispatch method, takes the SDK's own route.

const REQUEST_KEYS: ReadonlySet<string> = new Set(['jsonrpc', 'id', 'method', 'params']);
const RELATED_TASK_META_KEY = 'io.modelcontextprotocol/related-task';

type Dispatch = (request: JSONRPCMessage, extra?: MessageExtraInfo) => void;

/**
 * True only for a message the SDK's `JSONRPCRequestSchema` accepts and neither response schema
 * does: `jsonrpc` "2.0", a string or safe-integer `id`, a string `method`, `params` absent or an
 * object whose `_meta` (if any) has a string or safe-integer `progressToken` and no related-task
 * key, and no other member. False is always safe (the SDK then sorts the message itself).
 */
export function isPlainRequest(message: unknown): boolean {
  if (!isObject(message)) return false;
  const record = message as Record<string, unknown>;
  if (record['jsonrpc'] !== '2.0' || typeof record['method'] !== 'string') return false;
  if (!isRequestId(record['id'])) return false;
  for (const key in record) if (!REQUEST_KEYS.has(key)) return false;
  const params = record['params'];
  if (params === undefined) return true;
  if (!isObject(params)) return false;
  const meta = (params as Record<string, unknown>)['_meta'];
  if (meta === undefined) return true;
  if (!isObject(meta)) return false;
  const token = (meta as Record<string, unknown>)['progressToken'];
  if (token !== undefined && !isRequestId(token)) return false;
  return (meta as Record<string, unknown>)[RELATED_TASK_META_KEY] === undefined;
}

/**
 * Called right after `server.connect(transport)` has installed the SDK's message handler (and
 * before any message the caller sends): plain requests then skip the SDK's sorting. `before` is
 * the transport's handler from before the connect, which the SDK calls first with every message;
 * so does this. Does nothing when the connect did not install a handler or the SDK has no
 * request dispatch of that name.
 */
export function dispatchPlainRequests(
  server: Server,
  transport: Transport,
  before: Transport['onmessage'],
): void {
  const dispatch = (server as unknown as { _onrequest?: Dispatch })._onrequest;
  const sort = transport.onmessage;
  if (typeof dispatch !== 'function' || sort === undefined || sort === before) return;
  transport.onmessage = (message, extra) => {
    if (!isPlainRequest(message)) return sort(message, extra);
    before?.(message, extra);
    dispatch.call(server, message, extra);
  };
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRequestId(value: unknown): boolean {
  return typeof value === 'string' || Number.isSafeInteger(value);
}
