import { createToken } from '@toolwright/core';

/** A fetched page. */
export interface WebPage {
  readonly url: string;
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
  /** The body was cut at `maxBytes`. */
  readonly truncated: boolean;
}

/** Fetches web pages for web_fetch; the host decides policy (proxies, allow lists, private networks). */
export interface WebClient {
  fetch(url: string, options: { readonly signal: AbortSignal; readonly maxBytes: number }): Promise<WebPage>;
}

/** The token of the `WebClient` resource: `registry.provide(WebClient, new FetchWebClient())`. */
export const WebClient = createToken<WebClient>('WebClient');

/**
 * A `WebClient` over the global `fetch` (Node 20+): follows redirects, reads at most `maxBytes`.
 * It applies no network policy of its own: it can reach anything the host can, private addresses
 * included, so give agents that browse untrusted content a client that filters.
 */
export class FetchWebClient implements WebClient {
  constructor(
    private readonly headers: Readonly<Record<string, string>> = { 'user-agent': 'toolwright-coding-tools' },
  ) {}

  async fetch(
    url: string,
    options: { readonly signal: AbortSignal; readonly maxBytes: number },
  ): Promise<WebPage> {
    const response = await fetch(url, {
      signal: options.signal,
      redirect: 'follow',
      headers: { ...this.headers },
    });
    const chunks: Uint8Array[] = [];
    let size = 0;
    let truncated = false;
    if (response.body !== null) {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (size + value.byteLength > options.maxBytes) {
          chunks.push(value.subarray(0, options.maxBytes - size));
          truncated = true;
          await reader.cancel();
          break;
        }
        chunks.push(value);
        size += value.byteLength;
      }
    }
    return {
      url: response.url || url,
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      body: new TextDecoder().decode(Buffer.concat(chunks)),
      truncated,
    };
  }
}
