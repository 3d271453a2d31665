'use strict';
// MCP over Streamable HTTP under 2026-07-28, SDK v2 side: the SDK's per-request entry
// createMcpHandler(() => McpServer) on node:http through toNodeHandler (a fresh server per request,
// no sessions), bound to 127.0.0.1.
const http = require('node:http');
const { toNodeHandler } = require('@modelcontextprotocol/node');
const { createMcpHandler } = require('@modelcontextprotocol/server');
const { readFileServer } = require('../call/mcp-sdk');

module.exports = {
  packages: ['@modelcontextprotocol/server', '@modelcontextprotocol/node', 'zod'],
  async start({ host, port }) {
    const mcp = createMcpHandler(() => readFileServer());
    const handler = toNodeHandler(mcp);
    const server = http.createServer((req, res) => {
      if (!req.url.startsWith('/mcp')) {
        res.writeHead(404).end();
        return;
      }
      handler(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
    await new Promise((resolve) => server.listen(port, host, resolve));
    const { port: bound } = server.address();
    return {
      url: `http://${host}:${bound}/mcp`,
      async close() {
        await Promise.resolve(mcp.close?.()).catch(() => {});
        await new Promise((resolve) => server.close(resolve));
      },
    };
  },
};
