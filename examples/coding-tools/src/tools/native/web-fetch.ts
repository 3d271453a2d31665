import { Param, Tool, ToolError, type ToolCallContext } from '@toolwright/core';
import { inject } from '@toolwright/resources';
import { formatBytes } from '../../text/format-bytes';
import { htmlToText } from '../../web/html-to-text';
import { WebClient, type WebPage } from '../../web/web-client';

/** Bytes of a page read when the call gives no limit. */
export const DEFAULT_FETCH_BYTES = 200_000;

/** Arguments of web_fetch. */
export class WebFetchArgs {
  @Param({ description: 'The http or https URL to fetch', minLength: 1, maxLength: 4000 })
  url!: string;

  @Param({
    description: `Most bytes of the page to read (default ${DEFAULT_FETCH_BYTES})`,
    optional: true,
    integer: true,
    minimum: 1000,
    maximum: 2_000_000,
  })
  max_bytes?: number;
}

/** web_fetch: a page's text (HTML reduced to text). Capability-gated: registered only when enabled and a `WebClient` is provided. */
@Tool({
  name: 'web_fetch',
  description: 'Fetch a web page (http or https) and return its text; HTML is reduced to readable text.',
  kind: 'fetch',
  readOnly: true,
  annotations: { openWorld: true },
  args: WebFetchArgs,
  timeoutMs: 60_000,
})
export class WebFetch {
  constructor(@inject(WebClient) private readonly client: WebClient) {}

  async run(args: WebFetchArgs, ctx: ToolCallContext): Promise<WebPage> {
    let url: URL;
    try {
      url = new URL(args.url);
    } catch {
      throw ToolError.invalidArguments(
        `${JSON.stringify(args.url)} is not a URL; give a full http or https URL.`,
      );
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw ToolError.invalidArguments(`Only http and https URLs can be fetched (got ${url.protocol}).`);
    }
    let page: WebPage;
    try {
      page = await this.client.fetch(url.href, {
        signal: ctx.signal,
        maxBytes: args.max_bytes ?? DEFAULT_FETCH_BYTES,
      });
    } catch (error) {
      if (ToolError.is(error) || ctx.signal.aborted) throw error;
      throw ToolError.network(
        `Could not fetch ${url.href}: the request failed. Check the URL, or try again later.`,
        { cause: error },
      );
    }
    if (page.status === 404 || page.status === 410)
      throw ToolError.notFound(`${url.href} answered ${page.status}: there is no such page.`);
    if (page.status === 401 || page.status === 403)
      throw ToolError.permissionDenied(`${url.href} answered ${page.status}: access is refused.`);
    if (page.status === 429)
      throw ToolError.rateLimited(`${url.href} answered 429: too many requests. Try again later.`);
    if (page.status >= 500)
      throw ToolError.unavailable(`${url.href} answered ${page.status}: the server failed. Try again later.`);
    return page;
  }

  toContent(page: WebPage): string {
    const html = /html/i.test(page.contentType);
    const text = html ? htmlToText(page.body) : page.body;
    const marker = page.truncated
      ? `\n\n[Page cut at ${formatBytes(page.body.length)}; ask for more with max_bytes.]`
      : '';
    return `HTTP ${page.status} ${page.url} (${page.contentType || 'no content type'})\n\n${text}${marker}`;
  }
}
