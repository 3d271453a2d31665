'use strict';
// toolwright through MCP in memory under protocol revision 2026-07-28: connectMcpServer(handle) on
// the in-memory transport, called by the SDK Client pinned to 2026-07-28 (as the McpServer 2026 row).
module.exports = require('./toolwright-mcp').callContender('2026-07-28');
