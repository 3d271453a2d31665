import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { context, ROOT_CONTEXT, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { ToolError } from '@toolwright/core';
import { connectMcpServer, importMcpTools, type McpTelemetry } from '@toolwright/mcp';
import { ToolRegistry } from '@toolwright/registry';
import { ATTRIBUTES, mcpTelemetry, METRICS, toolTelemetry } from '@toolwright/otel';
import { installTelemetry, parentOf, testTool } from './harness';

const telemetry = installTelemetry();
afterAll(() => telemetry.uninstall());
beforeEach(() => telemetry.reset());

const REVISIONS = ['2025-11-25', '2026-07-28'] as const;

// What @toolwright/mcp takes is what mcpTelemetry gives (checked by the compiler).
const providers = { tracerProvider: telemetry.tracerProvider, meterProvider: telemetry.meterProvider };
const hooks: McpTelemetry = mcpTelemetry(providers);

/** A server registry with telemetry, served in memory, and a client registry importing it. */
async function hop(revision: (typeof REVISIONS)[number]) {
  const served = new ToolRegistry({ interceptors: [toolTelemetry(providers)] })
    .tool(testTool('sum', (args) => Number(args['a']) + Number(args['b'])))
    .tool(
      testTool('refuse', () => {
        throw ToolError.permissionDenied('Not allowed here.');
      }),
    )
    .finalize();
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  // In memory, the server would handle a request in the sender's async context and join its trace
  // with no help: sent from the root context, only the trace context in `_meta` can link the two.
  const send = clientSide.send.bind(clientSide);
  clientSide.send = (message, options) => context.with(ROOT_CONTEXT, () => send(message, options));
  const connection = connectMcpServer(served, serverSide, { telemetry: hooks });
  const client = new Client(
    { name: 'importer', version: '1.0.0' },
    revision === '2025-11-25' ? {} : { versionNegotiation: { mode: { pin: revision } } },
  );
  await client.connect(clientSide);
  const local = new ToolRegistry({ interceptors: [toolTelemetry(providers)] }).finalize();
  const imported = await importMcpTools(client, local, { prefix: 'remote__', telemetry: hooks });
  return {
    client,
    local,
    close: async () => {
      await imported.close();
      await client.close();
      await connection.close();
    },
  };
}

function byName(spans: ReadableSpan[], name: string, kind?: SpanKind): ReadableSpan {
  const found = spans.filter((span) => span.name === name && (kind === undefined || span.kind === kind));
  if (found.length !== 1) throw new Error(`expected one ${name}, got ${spans.map((s) => s.name).join(', ')}`);
  return found[0]!;
}

describe.each(REVISIONS)('mcpTelemetry under %s', (revision) => {
  it('makes a call through an import and the server one trace: client span → server span → tool span', async () => {
    const { local, close } = await hop(revision);
    try {
      const tracer = telemetry.tracerProvider.getTracer('host');
      telemetry.reset();
      await tracer.startActiveSpan('invoke_agent', async (agent) => {
        const result = await local.call('remote__sum', '{"a":2,"b":3}');
        expect(result.ok && result.value).toEqual({ content: [{ type: 'text', text: '5' }] });
        agent.end();
      });
      const spans = telemetry.spans();
      const agent = byName(spans, 'invoke_agent');
      const localTool = byName(spans, 'execute_tool remote__sum');
      const clientSpan = byName(spans, 'tools/call sum', SpanKind.CLIENT);
      const serverSpan = byName(spans, 'tools/call sum', SpanKind.SERVER);
      const remoteTool = byName(spans, 'execute_tool sum');
      expect(parentOf(localTool)).toBe(agent.spanContext().spanId);
      expect(parentOf(clientSpan)).toBe(localTool.spanContext().spanId);
      expect(parentOf(serverSpan)).toBe(clientSpan.spanContext().spanId);
      expect(parentOf(remoteTool)).toBe(serverSpan.spanContext().spanId);
      expect(new Set(spans.map((span) => span.spanContext().traceId)).size).toBe(1);

      expect(serverSpan.attributes).toMatchObject({
        [ATTRIBUTES.MCP_METHOD_NAME]: 'tools/call',
        [ATTRIBUTES.GEN_AI_TOOL_NAME]: 'sum',
        [ATTRIBUTES.GEN_AI_OPERATION_NAME]: 'execute_tool',
        [ATTRIBUTES.MCP_PROTOCOL_VERSION]: revision,
        [ATTRIBUTES.JSONRPC_PROTOCOL_VERSION]: '2.0',
      });
      expect(typeof serverSpan.attributes[ATTRIBUTES.JSONRPC_REQUEST_ID]).toBe('string');
      expect(clientSpan.attributes).toMatchObject({
        [ATTRIBUTES.MCP_METHOD_NAME]: 'tools/call',
        [ATTRIBUTES.GEN_AI_TOOL_NAME]: 'sum',
      });
      expect(serverSpan.status.code).toBe(SpanStatusCode.UNSET);
    } finally {
      await close();
    }
  });

  it('marks a tool error result as tool_error and a protocol error by its JSON-RPC code', async () => {
    const { client, local, close } = await hop(revision);
    try {
      telemetry.reset();
      const refused = await local.call('remote__refuse', '{}');
      expect(!refused.ok && refused.error.kind).toBe('permission_denied');
      await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow();
      const spans = telemetry.spans();
      const server = byName(spans, 'tools/call refuse', SpanKind.SERVER);
      expect(server.attributes[ATTRIBUTES.ERROR_TYPE]).toBe('tool_error');
      expect(server.attributes[ATTRIBUTES.TOOLWRIGHT_ERROR_KIND]).toBe('permission_denied');
      expect(server.status.code).toBe(SpanStatusCode.ERROR);
      expect(byName(spans, 'tools/call refuse', SpanKind.CLIENT).attributes[ATTRIBUTES.ERROR_TYPE]).toBe(
        'tool_error',
      );
      const unknown = byName(spans, 'tools/call no_such_tool', SpanKind.SERVER);
      expect(unknown.attributes[ATTRIBUTES.ERROR_TYPE]).toBe('-32602');
      expect(unknown.attributes[ATTRIBUTES.RPC_RESPONSE_STATUS_CODE]).toBe('-32602');
      expect(unknown.status.code).toBe(SpanStatusCode.ERROR);
    } finally {
      await close();
    }
  });

  it('records the server and client operation durations in seconds, by method and tool', async () => {
    const { local, close } = await hop(revision);
    try {
      await local.call('remote__sum', '{"a":1,"b":1}');
      for (const name of [METRICS.MCP_SERVER_OPERATION_DURATION, METRICS.MCP_CLIENT_OPERATION_DURATION]) {
        const metric = await telemetry.histogram(name);
        expect(metric?.descriptor.unit).toBe('s');
        const point = metric?.dataPoints.find(
          (candidate) =>
            candidate.attributes[ATTRIBUTES.MCP_METHOD_NAME] === 'tools/call' &&
            candidate.attributes[ATTRIBUTES.GEN_AI_TOOL_NAME] === 'sum',
        );
        expect(point?.value.count).toBeGreaterThanOrEqual(1);
        expect(point?.value.sum).toBeGreaterThan(0);
        expect(point?.value.sum).toBeLessThan(5);
        expect(point?.attributes[ATTRIBUTES.MCP_SESSION_ID]).toBeUndefined();
      }
      const list = await telemetry.histogram(METRICS.MCP_CLIENT_OPERATION_DURATION);
      expect(list?.dataPoints.some((p) => p.attributes[ATTRIBUTES.MCP_METHOD_NAME] === 'tools/list')).toBe(
        true,
      );
    } finally {
      await close();
    }
  });
});

describe('mcpTelemetry trace context', () => {
  it('writes traceparent to a client request and reads it back as the server span parent', () => {
    const tracer = telemetry.tracerProvider.getTracer('host');
    const sent = tracer.startActiveSpan('caller', (caller) => {
      const span = hooks.clientRequest({ method: 'tools/call', target: 'sum' });
      caller.end();
      span.end({});
      return { meta: span.meta, caller };
    });
    expect(sent.meta?.['traceparent']).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(sent.meta?.['traceparent']).toContain(sent.caller.spanContext().traceId);
    const received = hooks.serverRequest({ method: 'tools/call', target: 'sum', meta: { ...sent.meta } });
    received.end({});
    const server = byName(telemetry.spans(), 'tools/call sum', SpanKind.SERVER);
    const client = byName(telemetry.spans(), 'tools/call sum', SpanKind.CLIENT);
    expect(server.spanContext().traceId).toBe(sent.caller.spanContext().traceId);
    expect(parentOf(server)).toBe(client.spanContext().spanId);
  });

  it('ignores a malformed traceparent and values that are not strings', () => {
    for (const meta of [{ traceparent: 'not a trace' }, { traceparent: 42 }, { traceparent: ['00-x'] }]) {
      telemetry.reset();
      hooks.serverRequest({ method: 'ping', meta }).end({});
      const [span] = telemetry.spans();
      expect(span?.name).toBe('ping');
      expect(parentOf(span!)).toBeUndefined();
    }
  });
});
