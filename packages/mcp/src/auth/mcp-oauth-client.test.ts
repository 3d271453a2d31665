import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { followAuthorizationRedirect } from './follow-authorization-redirect';
import { McpOAuthClient } from './mcp-oauth-client';
import { InMemoryTokenStore } from './mcp-token-store';

describe('McpOAuthClient', () => {
  it('asks for client_credentials with the pre-registered client and no redirect', async () => {
    const client = new McpOAuthClient({
      grant: 'client_credentials',
      clientId: 'svc',
      clientSecret: 's3cret',
      scope: 'read',
    });
    expect(client.redirectUrl).toBeUndefined();
    expect(client.clientMetadata.grant_types).toEqual(['client_credentials']);
    expect(await client.clientInformation()).toEqual({ client_id: 'svc', client_secret: 's3cret' });
    expect(client.prepareTokenRequest()?.toString()).toBe('grant_type=client_credentials&scope=read');
  });

  it('refuses client_credentials without a client id', () => {
    expect(() => new McpOAuthClient({ grant: 'client_credentials' })).toThrow(/needs a clientId/);
  });

  it('keeps tokens in its store under the server URL it is bound to', async () => {
    const store = new InMemoryTokenStore();
    const client = new McpOAuthClient({ store });
    client.bindServer(new URL('https://mcp.example.com/mcp'));
    await client.saveTokens({ access_token: 'at', token_type: 'Bearer' });
    expect(store.load('https://mcp.example.com/mcp')?.tokens?.access_token).toBe('at');
    await client.invalidateCredentials('tokens');
    expect(await client.tokens()).toBeUndefined();
  });

  it('takes the callback of its own authorization request only (state)', async () => {
    const answers: URL[] = [];
    const client = new McpOAuthClient({ authorize: () => Promise.resolve(answers.shift()!) });
    const state = client.state();
    answers.push(new URL(`http://127.0.0.1:33418/callback?code=c1&state=${state}`));
    await client.redirectToAuthorization(new URL('https://as.example.com/authorize'));
    expect(client.takeAuthorizationCallback()?.get('code')).toBe('c1');
    expect(client.takeAuthorizationCallback()).toBeUndefined();
    client.state();
    answers.push(new URL('http://127.0.0.1:33418/callback?code=c2&state=forged'));
    await expect(client.redirectToAuthorization(new URL('https://as.example.com/authorize'))).rejects.toThrow(
      /another state/,
    );
    expect(client.takeAuthorizationCallback()).toBeUndefined();
  });
});

describe('followAuthorizationRedirect', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (request.url === '/authorize') {
        response.writeHead(302, { location: '/approve', 'set-cookie': 'session=abc; Path=/; HttpOnly' });
        response.end();
      } else if (request.url === '/approve' && request.headers.cookie === 'session=abc') {
        response.writeHead(303, { location: 'http://127.0.0.1:33418/callback?code=xyz&state=s' });
        response.end();
      } else {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<form>log in</form>');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('follows redirects, cookies kept, to the redirect URL without visiting it', async () => {
    const url = await followAuthorizationRedirect(new URL(`${base}/authorize`), {
      redirectUrl: new URL('http://127.0.0.1:33418/callback'),
    });
    expect(url.searchParams.get('code')).toBe('xyz');
  });

  it('fails, saying a user is needed, when the server answers with a page', async () => {
    await expect(
      followAuthorizationRedirect(new URL(`${base}/login`), {
        redirectUrl: new URL('http://127.0.0.1:33418/callback'),
      }),
    ).rejects.toThrow(/answered 200 instead of redirecting: it wants a user/);
  });
});
