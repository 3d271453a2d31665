import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createErasedTool } from '@toolwright/core';
import { InMemoryTokenStore, McpOAuthClient } from '@toolwright/mcp';
import { createMcpHttpHandler, importMcpTools, type McpHttpHandler } from '@toolwright/mcp/node';
import { ToolRegistry } from '@toolwright/registry';
import { createPublicKey, verify, type JsonWebKey } from 'node:crypto';

// An MCP server behind OAuth, as a remote one would be: a toolwright server (createMcpHttpHandler)
// whose HTTP front checks bearer tokens issued by a real authorization server on loopback
// (oidc-provider, in fixtures/oidc-provider-server.mjs). `read_notes` needs the scope
// `tools:read`, `write_note` needs `tools:write` too (a 403 insufficient_scope asks for it).

const REDIRECT_URL = 'http://127.0.0.1:33418/callback';
const ACCESS_TOKEN_TTL_S = 4;

interface AuthorizationServer {
  readonly issuer: string;
  readonly grants: string[];
  readonly child: ChildProcess;
}

function startAuthorizationServer(): Promise<AuthorizationServer> {
  const script = path.join(__dirname, 'fixtures', 'oidc-provider-server.mjs');
  const child = spawn(process.execPath, [script, REDIRECT_URL, String(ACCESS_TOKEN_TTL_S)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const grants: string[] = [];
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        const listening = /^listening (\S+)/.exec(line);
        if (listening) resolve({ issuer: listening[1]!, grants, child });
        else if (line.startsWith('grant ')) grants.push(line.slice('grant '.length));
      }
    });
    child.once('exit', (code) => reject(new Error(`oidc-provider exited (${code}): ${errors}`)));
  });
}

// Checks an RS256 access token the authorization server signed: signature (its JWKS), issuer,
// audience and expiry. Returns the token's scopes, or undefined when it is not valid.
async function verifyAccessToken(
  token: string,
  issuer: string,
  audience: string,
): Promise<string[] | undefined> {
  const [header, payload, signature] = token.split('.');
  if (header === undefined || payload === undefined || signature === undefined) return undefined;
  const { kid } = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { kid?: string };
  const { keys } = (await (await fetch(`${issuer}/jwks`)).json()) as {
    keys: (JsonWebKey & { kid?: string })[];
  };
  const jwk = keys.find((key) => key.kid === kid);
  if (jwk === undefined) return undefined;
  const key = createPublicKey({ key: jwk, format: 'jwk' });
  if (!verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url')))
    return undefined;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const audiences = Array.isArray(claims['aud']) ? claims['aud'] : [claims['aud']];
  if (claims['iss'] !== issuer || !audiences.includes(audience)) return undefined;
  if (typeof claims['exp'] !== 'number' || claims['exp'] * 1000 <= Date.now()) return undefined;
  return String(claims['scope'] ?? '').split(' ');
}

interface ResourceServer {
  readonly url: URL;
  readonly seenTokens: Set<string>;
  close(): Promise<void>;
}

async function startResourceServer(issuer: string): Promise<ResourceServer> {
  const notes: string[] = [];
  const readNotes = createErasedTool({
    definition: {
      name: 'read_notes',
      description: 'Lists the notes.',
      inputSchema: { type: 'object', properties: {} },
      kind: 'read',
      readOnly: true,
    },
    decode: (raw) => (typeof raw === 'string' ? JSON.parse(raw) : raw),
    invoke: () => (notes.length === 0 ? 'no notes' : notes.join('\n')),
  });
  const writeNote = createErasedTool({
    definition: {
      name: 'write_note',
      description: 'Adds a note.',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    },
    decode: (raw) => (typeof raw === 'string' ? JSON.parse(raw) : raw),
    invoke: (args: { text: string }) => {
      notes.push(args.text);
      return `noted: ${args.text}`;
    },
  });
  const mcp: McpHttpHandler = createMcpHttpHandler(
    new ToolRegistry().tool(readNotes).tool(writeNote).finalize(),
  );
  const seenTokens = new Set<string>();
  let base = '';
  const server = http.createServer((request, response) => {
    void (async () => {
      // Read first, so that no answer leaves a body unread on a kept-alive connection.
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks).toString('utf8');
      const resource = `${base}/mcp`;
      const metadata = `${base}/.well-known/oauth-protected-resource/mcp`;
      if (request.url === '/.well-known/oauth-protected-resource/mcp') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            resource,
            authorization_servers: [issuer],
            scopes_supported: ['tools:read', 'tools:write'],
          }),
        );
        return;
      }
      const challenge = (status: number, error: string, scope: string): void => {
        response.writeHead(status, {
          'www-authenticate': `Bearer error="${error}", scope="${scope}", resource_metadata="${metadata}"`,
        });
        response.end();
      };
      const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (token === undefined) return challenge(401, 'invalid_token', 'tools:read');
      const scopes = await verifyAccessToken(token, issuer, resource);
      if (scopes === undefined) return challenge(401, 'invalid_token', 'tools:read');
      seenTokens.add(token);
      // The body decides the scope: write_note needs tools:write.
      const wantsWrite =
        request.method === 'POST' && body.includes('"write_note"') && body.includes('tools/call');
      if (!scopes.includes('tools:read') || (wantsWrite && !scopes.includes('tools:write')))
        return challenge(403, 'insufficient_scope', wantsWrite ? 'tools:read tools:write' : 'tools:read');
      const replay = Object.assign(Readable.from([Buffer.from(body)]), {
        headers: request.headers,
        method: request.method,
        url: request.url,
        socket: request.socket,
      });
      await mcp(replay as unknown as http.IncomingMessage, response);
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: new URL(`${base}/mcp`),
    seenTokens,
    close: async () => {
      await mcp.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('importMcpTools with OAuth (oidc-provider on loopback)', () => {
  let authorization: AuthorizationServer;
  let resource: ResourceServer;

  beforeAll(async () => {
    authorization = await startAuthorizationServer();
    resource = await startResourceServer(authorization.issuer);
  }, 30_000);
  afterAll(async () => {
    await resource?.close();
    authorization?.child.kill();
  });

  it('discovers, authorizes with PKCE headlessly, steps up on insufficient_scope and refreshes', async () => {
    const store = new InMemoryTokenStore();
    const oauth = new McpOAuthClient({
      clientId: 'toolwright-test',
      issuer: authorization.issuer,
      redirectUrl: REDIRECT_URL,
      store,
    });
    const handle = new ToolRegistry().finalize();
    const notes = await importMcpTools(resource.url, handle, { prefix: '', auth: oauth });
    try {
      // Discovery (protected resource metadata → the authorization server's metadata) and an
      // authorization-code grant with PKCE, approved without a browser, for the challenged scope.
      expect([...notes.names()].sort()).toEqual(['read_notes', 'write_note']);
      expect(authorization.grants).toEqual(['authorization_code tools:read']);
      expect(handle.get('read_notes')?.readOnly).toBe(true);

      const read = await handle.call('read_notes', {});
      expect(read.ok && read.content).toEqual([{ type: 'text', text: 'no notes' }]);

      // 403 insufficient_scope: a new authorization for the union of the scopes, then the call again.
      const written = await handle.call('write_note', { text: 'buy milk' });
      expect(written.ok ? written.content : written.error.message).toEqual([
        { type: 'text', text: 'noted: buy milk' },
      ]);
      expect(authorization.grants).toEqual([
        'authorization_code tools:read',
        'authorization_code tools:read tools:write',
      ]);

      // The access token expires: the 401 is answered with a refresh, not a new authorization.
      await new Promise((resolve) => setTimeout(resolve, (ACCESS_TOKEN_TTL_S + 1) * 1000));
      const again = await handle.call('read_notes', {});
      expect(again.ok && again.content).toEqual([{ type: 'text', text: 'buy milk' }]);
      expect(authorization.grants).toHaveLength(3);
      expect(authorization.grants[2]).toMatch(/^refresh_token /);

      // Tokens stay in the host's store; none is in what the model sees.
      const stored = await store.load(resource.url.href);
      expect(stored?.tokens?.refresh_token).toEqual(expect.any(String));
      const modelText = JSON.stringify([handle.definitions('openai'), read, written, again]);
      for (const token of resource.seenTokens) expect(modelText).not.toContain(token);
      expect(resource.seenTokens.size).toBe(3);
    } finally {
      await notes.close();
    }
  }, 60_000);
});
