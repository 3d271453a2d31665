import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { context, propagation, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { Agent } from '@toolwright/agent';
import { ScriptedModelClient } from '@toolwright/agent/testing';
import { createToken } from '@toolwright/core';
import { connectMcpServer, importMcpTools } from '@toolwright/mcp';
import { ToolRegistry } from '@toolwright/registry';
import { mcpTelemetry, toolTelemetry, tracedModelClient } from '@toolwright/otel';
import { testTool } from '../harness';

// The snippets of docs/telemetry.md, run.
describe('docs/telemetry.md', () => {
  afterAll(() => {
    context.disable();
    propagation.disable();
    trace.disable();
  });

  it('traces an agent, its tools and an MCP hop as one trace', async () => {
    const exporter = new InMemorySpanExporter();
    // #region setup
    // The host's OpenTelemetry setup (here the SDK's parts by hand; NodeSDK does the same).
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    trace.setGlobalTracerProvider(provider);
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    // #endregion
    const sum = testTool('sum', (args) => Number(args['a']) + Number(args['b']));
    const Session = createToken<{ token: string }>('Session');
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    const send = clientSide.send.bind(clientSide);
    clientSide.send = (message, options) => context.with(ROOT_CONTEXT, () => send(message, options));
    const transport = serverSide;

    // #region wiring
    // A server: a span per MCP request, trace context read from params._meta, and an
    // execute_tool span per call under it.
    const served = new ToolRegistry({ interceptors: [toolTelemetry()] }).tool(sum).finalize();
    const connection = connectMcpServer(served, transport, { telemetry: mcpTelemetry() });

    // An agent whose tools include the server's, imported: its calls carry the trace context.
    const local = new ToolRegistry({ interceptors: [toolTelemetry({ recordArguments: true })] }).finalize();
    const imported = await importMcpTools(await client(clientSide), local, {
      prefix: 'remote__',
      telemetry: mcpTelemetry(),
    });
    const model = tracedModelClient(
      new ScriptedModelClient([
        { toolCalls: [{ name: 'remote__sum', arguments: { a: 2, b: 3 } }] },
        { text: '5' },
      ]),
      { model: 'gpt-4.1', provider: 'openai' },
    );
    const agent = new Agent({ model, tools: local });
    const tracer = trace.getTracer('my-app');
    await tracer.startActiveSpan('invoke_agent calculator', async (span) => {
      await agent.run('2 + 3?', { extensions: [[Session, { token: 'never-recorded' }]] });
      span.end();
    });
    // One trace: invoke_agent calculator → chat gpt-4.1 (twice), execute_tool remote__sum
    //   → tools/call sum (client) → tools/call sum (server) → execute_tool sum
    // #endregion
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.name).sort()).toEqual(
      [
        'chat gpt-4.1',
        'chat gpt-4.1',
        'execute_tool remote__sum',
        'execute_tool sum',
        'initialize',
        'invoke_agent calculator',
        'tools/call sum',
        'tools/call sum',
        'tools/list',
        'tools/list',
      ].sort(),
    );
    const traced = spans.filter((span) => !['initialize', 'tools/list'].includes(span.name));
    expect(new Set(traced.map((span) => span.spanContext().traceId)).size).toBe(1);
    expect(JSON.stringify(spans.map((span) => span.attributes))).not.toContain('never-recorded');
    await imported.close();
    await connection.close();
  });
});

async function client(transport: InMemoryTransport): Promise<Client> {
  const connected = new Client({ name: 'docs', version: '1.0.0' });
  await connected.connect(transport);
  return connected;
}
