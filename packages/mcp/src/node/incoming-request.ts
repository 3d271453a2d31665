import type { IncomingMessage, ServerResponse } from 'node:http';
import { WATCH_CONNECTION, type ConnectionWatch } from '../server/call-signal';

/**
 * The web `Request` a call's context sees for an HTTP request (`ctx.http.req`, the host's
 * `context` hook), made from node:http's objects only as far as it is read: the method, URL and
 * headers on first use, a signal only when asked for one, and a full `Request` (for anything
 * else) never unless asked. Building a real `Request`, its `Headers` and its `AbortSignal` for
 * every POST was a measurable share of a call over HTTP, and most calls read none of them.
 *
 * The body was read by the endpoint already: the full `Request` has none.
 */
export class IncomingRequest implements ConnectionWatch {
  readonly #incoming: IncomingMessage;
  readonly #response: ServerResponse;
  #url: string | undefined;
  #headers: Headers | undefined;
  #abort: AbortController | undefined;
  #request: Request | undefined;

  constructor(incoming: IncomingMessage, response: ServerResponse) {
    this.#incoming = incoming;
    this.#response = response;
  }

  get method(): string {
    return this.#incoming.method ?? 'GET';
  }

  get url(): string {
    this.#url ??= `http://${this.#incoming.headers.host ?? 'localhost'}${this.#incoming.url ?? '/'}`;
    return this.#url;
  }

  get headers(): Headers {
    if (this.#headers === undefined) {
      const headers = new Headers();
      const raw = this.#incoming.rawHeaders;
      for (let i = 0; i + 1 < raw.length; i += 2) {
        // HTTP/2 pseudo-headers (":path") are not header names a Headers object takes.
        if (raw[i]!.charCodeAt(0) === 0x3a /* : */) continue;
        try {
          headers.append(raw[i]!, raw[i + 1]!);
        } catch {
          // A header node:http let through and Headers does not take is left out, not fatal.
        }
      }
      this.#headers = headers;
    }
    return this.#headers;
  }

  /** Aborted when the connection closes before the response was finished. */
  get signal(): AbortSignal {
    if (this.#abort === undefined) {
      const abort = new AbortController();
      this.#abort = abort;
      if (!this[WATCH_CONNECTION](() => abort.abort(CLOSED_EARLY))) abort.abort(CLOSED_EARLY);
    }
    return this.#abort.signal;
  }

  [WATCH_CONNECTION](onClosed: () => void): boolean {
    const response = this.#response;
    if (response.writableFinished) return true;
    if (response.destroyed) return false;
    response.once('close', () => {
      if (!response.writableFinished) onClosed();
    });
    return true;
  }

  /** The whole `Request`, for the members this view does not answer itself. */
  request(): Request {
    this.#request ??= new Request(this.url, {
      method: this.method,
      headers: this.headers,
      signal: this.signal,
    });
    return this.#request;
  }
}

const CLOSED_EARLY = 'The client closed the connection before the response was finished.';

// The rest of `Request` answers from the whole request; `instanceof Request` holds.
Object.setPrototypeOf(IncomingRequest.prototype, Request.prototype);
for (const name of [
  'body',
  'bodyUsed',
  'cache',
  'credentials',
  'destination',
  'duplex',
  'integrity',
  'keepalive',
  'mode',
  'redirect',
  'referrer',
  'referrerPolicy',
]) {
  Object.defineProperty(IncomingRequest.prototype, name, {
    get(this: IncomingRequest) {
      return (this.request() as unknown as Record<string, unknown>)[name];
    },
  });
}
for (const name of ['arrayBuffer', 'blob', 'bytes', 'clone', 'formData', 'json', 'text']) {
  Object.defineProperty(IncomingRequest.prototype, name, {
    value(this: IncomingRequest, ...args: unknown[]) {
      const request = this.request() as unknown as Record<string, (...a: unknown[]) => unknown>;
      return request[name]!.apply(request, args);
    },
  });
}

/** The view of `incoming` as a web `Request`, typed as one. */
export function incomingRequest(incoming: IncomingMessage, response: ServerResponse): Request {
  return new IncomingRequest(incoming, response) as unknown as Request;
}
