import type { ServerContext } from '@modelcontextprotocol/server';

/** The reason a call is aborted with when the client's connection for it closed. */
export const CONNECTION_CLOSED = 'The client closed the connection that carried this request.';

/**
 * A session whose response streams can be resumed (2025-11-25 with an event store): a client whose
 * stream dropped may come back with `Last-Event-ID` and receive the rest, so a closed stream is
 * not yet a departed client.
 */
export interface ResumableStreams {
  /** How long a call outlives its closed stream waiting for the client to resume. */
  readonly graceMs: number;
  /** Whether the session resumed a stream at or after `since` (a `performance.now()` time). */
  resumedSince(since: number): boolean;
}

/**
 * Where a request object (`ctx.http.req`) can say when its connection closes early without
 * making an `AbortSignal` for it (toolwright's own Streamable HTTP requests do, from node:http's
 * `close`): the watch calls `onClosed` once if the connection closes before the response is
 * finished, and returns false when it has closed already.
 */
export const WATCH_CONNECTION = Symbol('toolwright/mcp/watch-connection');

/** A request that watches its connection itself (see `WATCH_CONNECTION`). */
export interface ConnectionWatch {
  [WATCH_CONNECTION](onClosed: () => void): boolean;
}

/** How a call hears that its request's connection closed early; undefined: it cannot. */
function connectionOf(ctx: ServerContext): ((onClosed: () => void) => boolean) | undefined {
  const req = (ctx.http as { req?: Partial<ConnectionWatch> & { signal?: AbortSignal } } | undefined)?.req;
  if (req === undefined) return undefined;
  const watch = req[WATCH_CONNECTION];
  if (typeof watch === 'function') return (onClosed) => watch.call(req, onClosed);
  const signal = req.signal;
  if (signal === undefined) return undefined;
  return (onClosed) => {
    if (signal.aborted) return false;
    signal.addEventListener('abort', onClosed, { once: true });
    return true;
  };
}

/**
 * The signal a request's call runs under: the request's own (a `notifications/cancelled`, the
 * session closing) and, over HTTP, the request's connection as well — a response stream the
 * client closed before the answer aborts the call and frees its slot (R19, F21). A session
 * transport leaves a call running when its POST stream closes; the HTTP request it hands over
 * (`ctx.http.req`) says so, through `WATCH_CONNECTION` or its own signal. When the stream can be
 * resumed, the call waits `graceMs` for the session to resume a stream first: a disconnect is not
 * a cancellation for a client that comes back, and is one for a client that does not.
 */
export function callSignal(ctx: ServerContext, resumable?: ResumableStreams): AbortSignal {
  const own = ctx.mcpReq.signal;
  const watch = connectionOf(ctx);
  if (watch === undefined || own.aborted) return own;
  // Only a stream that can be resumed offers closeSSE (it has an event store).
  const graced = resumable !== undefined && ctx.http?.closeSSE !== undefined ? resumable : undefined;
  const linked = new AbortController();
  const onClosed = (): void => {
    if (graced === undefined) return linked.abort(CONNECTION_CLOSED);
    const closedAt = performance.now();
    const timer = setTimeout(() => {
      if (!graced.resumedSince(closedAt)) linked.abort(CONNECTION_CLOSED);
    }, graced.graceMs);
    timer.unref?.();
    own.addEventListener('abort', () => clearTimeout(timer), { once: true });
  };
  // Both sources die with the request, so the listeners need no removal.
  own.addEventListener('abort', () => linked.abort(own.reason), { once: true });
  if (!watch(onClosed)) onClosed();
  return linked.signal;
}
