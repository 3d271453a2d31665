import type { ServerContext } from '@modelcontextprotocol/server';

/** The reason a call is aborted with when the client's connection for it closed. */
export const CONNECTION_CLOSED = 'The client closed the connection that carried this request.';

/**
 * The signal a request's call runs under: the request's own (a `notifications/cancelled`, the
 * session closing) and, over HTTP, the request's connection as well — a response stream the
 * client closed before the answer aborts the call and frees its slot (R19, F21). The SDK's
 * 2025-11-25 session transport leaves a call running when its POST stream closes; the HTTP
 * request it hands over (`ctx.http.req`) says so through its own signal.
 */
export function callSignal(ctx: ServerContext): AbortSignal {
  const own = ctx.mcpReq.signal;
  const connection = (ctx.http as { req?: { signal?: AbortSignal } } | undefined)?.req?.signal;
  if (connection === undefined || own.aborted) return own;
  if (connection.aborted) return AbortSignal.abort(CONNECTION_CLOSED);
  // Both sources die with the request, so the listeners need no removal.
  const linked = new AbortController();
  own.addEventListener('abort', () => linked.abort(own.reason), { once: true });
  connection.addEventListener('abort', () => linked.abort(CONNECTION_CLOSED), { once: true });
  return linked.signal;
}
