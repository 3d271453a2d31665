/**
 * Takes the user to an authorization URL and resolves with the URL the authorization server
 * redirected back to (`redirectUrl` with `code`, `state`, maybe `iss`), or its query parameters.
 */
export type McpAuthorize = (
  authorizationUrl: URL,
  context: { readonly redirectUrl: URL },
) => Promise<URL | URLSearchParams>;

const MAX_REDIRECTS = 10;

/**
 * The headless `McpAuthorize`: requests the authorization URL without a browser and follows the
 * authorization server's redirects (at most 10) until one goes to the redirect URL, which it
 * returns unvisited. For authorization servers that approve without a user (test and
 * machine-to-machine setups); one that answers with a page (a login form) fails it, naming the
 * status, since only a user can go on from there.
 */
export async function followAuthorizationRedirect(
  authorizationUrl: URL,
  context: { readonly redirectUrl: URL },
): Promise<URL> {
  let url = authorizationUrl;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const response = await fetch(url, { redirect: 'manual' });
    await response.body?.cancel().catch(() => undefined);
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || location === null) {
      throw new Error(
        `The authorization server answered ${response.status} instead of redirecting: it wants a user. ` +
          'Pass an `authorize` function that opens a browser (or approve out of band).',
      );
    }
    const next = new URL(location, url);
    if (isRedirectTarget(next, context.redirectUrl)) return next;
    url = next;
  }
  throw new Error(`The authorization server redirected more than ${MAX_REDIRECTS} times.`);
}

function isRedirectTarget(url: URL, redirectUrl: URL): boolean {
  return url.origin === redirectUrl.origin && url.pathname === redirectUrl.pathname;
}
