'use strict';
// Closed-loop load on one MCP Streamable HTTP endpoint, in its own process:
//   node lib/http-load-worker.js <url> <configJson>
// `clients` MCP sessions (initialize + notifications/initialized each), each sending tools/call
// read_file with the valid arguments back to back over a keep-alive connection. Requests finishing
// in the first `warmupMs` are not counted; then throughput and latency over `durationMs`. Bounded:
// no new request after the window, at most `maxRequests` in all, each request times out after
// `timeoutMs`. Only 127.0.0.1 / localhost URLs are accepted.
const http = require('node:http');
const { emit, describe } = require('./child');
const { percentile, median } = require('./stats');
const { ARGS, TOOL_NAME, isExpected } = require('./fixture');

const [, , urlArg, configJson] = process.argv;
const cfg = {
  clients: 64,
  warmupMs: 1000,
  durationMs: 5000,
  maxRequests: 1_000_000,
  timeoutMs: 10_000,
  revision: '2025-11-25',
  ...(configJson ? JSON.parse(configJson) : {}),
};
const url = new URL(urlArg);
if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
  throw new Error(`refusing non-loopback ${url.host}`);

const agent = new http.Agent({ keepAlive: true, maxSockets: cfg.clients });
// 2025-11-25: a session per client (initialize); 2026-07-28: stateless requests, each with its _meta
// envelope and the Mcp-Method / Mcp-Name headers, as the SDK v2 client sends them.
const MODERN = cfg.revision === '2026-07-28';
// Task mode (2026-07-28): each call is answered with a task, polled with tasks/get until it ends.
const TASKS = cfg.mode === 'task';
const PROTOCOL = MODERN ? '2026-07-28' : '2025-11-25';
const ENVELOPE = JSON.stringify({
  'io.modelcontextprotocol/protocolVersion': PROTOCOL,
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '0.1.0' },
  'io.modelcontextprotocol/clientCapabilities': TASKS
    ? { extensions: { 'io.modelcontextprotocol/tasks': {} } }
    : {},
});
const now = () => Number(process.hrtime.bigint()) / 1e6;

function post(body, session, method = 'tools/call', name = TOOL_NAME) {
  return new Promise((resolve, reject) => {
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'content-length': Buffer.byteLength(body),
    };
    if (MODERN) {
      headers['mcp-protocol-version'] = PROTOCOL;
      headers['mcp-method'] = method;
      headers['mcp-name'] = name;
    } else if (session) {
      headers['mcp-session-id'] = session;
      headers['mcp-protocol-version'] = PROTOCOL;
    }
    const req = http.request(url, { method: 'POST', agent, headers, timeout: cfg.timeoutMs }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`timeout after ${cfg.timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** The JSON-RPC response with `id` from a JSON or an SSE body. */
function rpcResponse(res, id) {
  const type = String(res.headers['content-type'] ?? '');
  const messages = type.includes('text/event-stream')
    ? res.text
        .split('\n')
        // A priming event (an id, `retry`, empty data: 2025-11-25 resumability) carries no message.
        .filter((l) => l.startsWith('data:') && l.slice(5).trim() !== '')
        .map((l) => JSON.parse(l.slice(5)))
    : [JSON.parse(res.text)].flat();
  const found = messages.find((m) => m.id === id);
  if (!found) throw new Error(`HTTP ${res.status}: no response for id ${id}: ${res.text.slice(0, 200)}`);
  return found;
}

/** One call's final response: the tools/call answer, or in task mode the completed task's result. */
async function call(body, session, id) {
  const msg = rpcResponse(await post(body, session), id);
  if (!TASKS || msg.result?.resultType !== 'task') return msg;
  const { taskId } = msg.result;
  for (let poll = 1; ; poll++) {
    const get = `{"jsonrpc":"2.0","id":${id},"method":"tasks/get","params":{"taskId":"${taskId}","_meta":${ENVELOPE}}}`;
    const task = rpcResponse(await post(get, session, 'tasks/get', taskId), id);
    const status = task.result?.status;
    if (task.error || status === 'completed' || status === 'failed' || status === 'cancelled')
      return task.error ? task : { result: task.result.result ?? { isError: true, content: [] } };
    if (poll > 10_000) throw new Error(`task ${taskId} stayed ${status}`);
  }
}

async function openSession(k) {
  if (MODERN) return null; // stateless: nothing to open
  const init = JSON.stringify({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: {
      protocolVersion: PROTOCOL,
      capabilities: {},
      clientInfo: { name: `bench-${k}`, version: '0.1.0' },
    },
  });
  const res = await post(init);
  const session = res.headers['mcp-session-id'];
  const msg = rpcResponse(res, 0);
  if (msg.error || !session) throw new Error(`initialize failed: ${res.status} ${res.text.slice(0, 200)}`);
  const ack = await post(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), session);
  if (ack.status >= 300) throw new Error(`notifications/initialized: HTTP ${ack.status}`);
  return session;
}

async function main() {
  const args = JSON.parse(ARGS.valid);
  const sessions = await Promise.all(Array.from({ length: cfg.clients }, (_, k) => openSession(k)));
  // a first call per session checks the answer (untimed)
  await Promise.all(
    sessions.map(async (s) => {
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: TOOL_NAME, arguments: args, ...(MODERN ? { _meta: JSON.parse(ENVELOPE) } : {}) },
      });
      const msg = await call(body, s, 1);
      const text = msg.result?.content?.[0]?.text;
      const value = msg.result?.structuredContent ?? (text && JSON.parse(text));
      if (msg.result?.isError || !isExpected(value))
        throw new Error(`gate: tools/call gave ${describe(msg)}`);
    }),
  );

  const start = now();
  const windowStart = start + cfg.warmupMs;
  const windowEnd = windowStart + cfg.durationMs;
  const latencies = [];
  let sent = 0;
  let errors = 0;
  let firstError = null;
  const loop = async (session) => {
    let id = 2;
    while (now() < windowEnd && sent < cfg.maxRequests) {
      sent++;
      id++;
      const body = `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"${TOOL_NAME}","arguments":${ARGS.valid}${MODERN ? `,"_meta":${ENVELOPE}` : ''}}}`;
      const t0 = now();
      let ok = false;
      try {
        const msg = await call(body, session, id);
        ok = !msg.error && !msg.result?.isError;
        if (!ok && !firstError) firstError = describe(msg);
      } catch (e) {
        if (!firstError) firstError = describe(e);
      }
      const t1 = now();
      if (t0 >= windowStart && t1 <= windowEnd) {
        if (ok) latencies.push(t1 - t0);
        else errors++;
      }
    }
  };
  await Promise.all(sessions.map(loop));
  const measuredMs = Math.min(now(), windowEnd) - windowStart;
  agent.destroy();
  emit({
    clients: cfg.clients,
    requests: latencies.length,
    errors,
    firstError,
    sent,
    windowMs: measuredMs,
    throughput: (latencies.length / measuredMs) * 1000,
    p50Ms: median(latencies),
    p99Ms: percentile(latencies, 99),
    maxMs: Math.max(...latencies),
  });
}

main().then(
  () => process.exit(0),
  (e) => {
    emit({ error: describe(e, 600) });
    process.exit(1);
  },
);
