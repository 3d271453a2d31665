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
 * returns unvisited. Like a user agent, it sends back the cookies each origin set along the way
 * (an authorization server that ties its interaction to a cookie). For authorization servers that approve without a user (test and
 * machine-to-machine setups); one that answers with a page (a login form) fails it, naming the
 * status, since only a user can go on from there.
 */
export async function followAuthorizationRedirect(
  authorizationUrl: URL,
  context: { readonly redirectUrl: URL },
): Promise<URL> {
  let url = authorizationUrl;
  const cookies = new Map<string, Map<string, string>>();
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const jar = cookies.get(url.origin);
    const response = await fetch(url, {
      redirect: 'manual',
      ...(jar === undefined
        ? {}
        : { headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') } }),
    });
    // Read to the end (a redirect's body is short): a cancelled body can leave the connection
    // half-used, and the next request on it fails.
    await response.arrayBuffer().catch(() => undefined);
    keepCookies(cookies, url.origin, response.headers.getSetCookie());
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

function keepCookies(
  cookies: Map<string, Map<string, string>>,
  origin: string,
  setCookies: readonly string[],
): void {
  for (const line of setCookies) {
    const pair = line.split(';', 1)[0]!;
    const equals = pair.indexOf('=');
    if (equals <= 0) continue;
    let jar = cookies.get(origin);
    if (jar === undefined) cookies.set(origin, (jar = new Map()));
    const name = pair.slice(0, equals).trim();
    const value = pair.slice(equals + 1).trim();
    // An expired or emptied cookie is a deletion.
    if (value === '' || /;\s*max-age=0/i.test(line) || /expires=thu, 01 jan 1970/i.test(line))
      jar.delete(name);
    else jar.set(name, value);
  }
}

function isRedirectTarget(url: URL, redirectUrl: URL): boolean {
  return url.origin === redirectUrl.origin && url.pathname === redirectUrl.pathname;
}
