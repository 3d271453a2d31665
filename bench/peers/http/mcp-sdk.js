'use strict';
// MCP over Streamable HTTP, SDK v2 side: node:http + NodeStreamableHTTPServerTransport, one McpServer and
// one transport per session (the SDK's documented stateful pattern), bound to 127.0.0.1.
const http = require('node:http');
const { randomUUID } = require('node:crypto');
const { NodeStreamableHTTPServerTransport } = require('@modelcontextprotocol/node');
const { isInitializeRequest } = require('@modelcontextprotocol/server');
const { readFileServer } = require('../call/mcp-sdk');

const MAX_BODY = 1 << 20;

function readBody(req) {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks = [];
    req.on('data', (c) => {
      size += c.length;
      if (size > MAX_BODY) reject(new Error('body too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function fail(res, status, message) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

module.exports = {
  packages: ['@modelcontextprotocol/server', '@modelcontextprotocol/node', 'zod'],
  async start({ host, port }) {
    const sessions = new Map();
    const server = http.createServer(async (req, res) => {
      try {
        if (!req.url.startsWith('/mcp')) return fail(res, 404, 'not found');
        const sid = req.headers['mcp-session-id'];
        let transport = typeof sid === 'string' ? sessions.get(sid) : undefined;
        if (req.method !== 'POST') {
          if (!transport) return fail(res, 400, 'unknown session');
          return await transport.handleRequest(req, res);
        }
        const body = JSON.parse(await readBody(req));
        if (!transport) {
          if (sid !== undefined || !isInitializeRequest(body)) return fail(res, 400, 'no session');
          const created = new NodeStreamableHTTPServerTransport({
            sessionIdGenerator: () => randomUUID(),
            onsessioninitialized: (id) => sessions.set(id, created),
          });
          created.onclose = () => sessions.delete(created.sessionId);
          await readFileServer().connect(created);
          transport = created;
        }
        await transport.handleRequest(req, res, body);
      } catch (e) {
        if (!res.headersSent) fail(res, 500, String(e?.message ?? e));
      }
    });
    await new Promise((resolve) => server.listen(port, host, resolve));
    const { port: bound } = server.address();
    return {
      url: `http://${host}:${bound}/mcp`,
      async close() {
        for (const t of sessions.values()) await t.close().catch(() => {});
        await new Promise((resolve) => server.close(resolve));
      },
    };
  },
};
