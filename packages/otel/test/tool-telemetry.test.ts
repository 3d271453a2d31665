import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { createToken, ToolError, ToolSet } from '@toolwright/core';
import { ToolRegistry } from '@toolwright/registry';
import { ATTRIBUTES, toolTelemetry } from '@toolwright/otel';
import { installTelemetry, parentOf, testTool } from './harness';

const telemetry = installTelemetry();
afterAll(() => telemetry.uninstall());
beforeEach(() => telemetry.reset());

describe('toolTelemetry', () => {
  it('wraps a call in an execute_tool span with the GenAI attributes', async () => {
    const tools = new ToolSet({
      interceptors: [toolTelemetry({ tracerProvider: telemetry.tracerProvider })],
    }).add(testTool('read_file', () => 'contents'));
    const result = await tools.call('read_file', '{"path":"a.ts"}', { callId: 'call-7' });
    expect(result.ok).toBe(true);
    const span = telemetry.span('execute_tool read_file');
    expect(span.kind).toBe(SpanKind.INTERNAL);
    expect(span.attributes).toEqual({
      [ATTRIBUTES.GEN_AI_OPERATION_NAME]: 'execute_tool',
      [ATTRIBUTES.GEN_AI_TOOL_NAME]: 'read_file',
      [ATTRIBUTES.GEN_AI_TOOL_CALL_ID]: 'call-7',
      [ATTRIBUTES.GEN_AI_TOOL_TYPE]: 'function',
    });
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('marks a failed call with error.type (the ToolError kind) and an error status', async () => {
    const tools = new ToolSet({ interceptors: [toolTelemetry({ tracerProvider: telemetry.tracerProvider })] })
      .add(
        testTool('fetch', () => {
          throw ToolError.rateLimited('Too many requests; retry in 2 s.', { retryAfterMs: 2000 });
        }),
      )
      .add(testTool('read', () => 'x'));
    expect((await tools.call('fetch', '{}')).ok).toBe(false);
    await tools.call('raed', '{}');
    const failed = telemetry.span('execute_tool fetch');
    expect(failed.attributes[ATTRIBUTES.ERROR_TYPE]).toBe('rate_limited');
    expect(failed.status).toEqual({
      code: SpanStatusCode.ERROR,
      message: 'Too many requests; retry in 2 s.',
    });
    expect(telemetry.span('execute_tool raed').attributes[ATTRIBUTES.ERROR_TYPE]).toBe('not_found');
  });

  it('nests the calls a tool dispatches under the caller, and the call under the current span', async () => {
    const tracer = telemetry.tracerProvider.getTracer('host');
    const tools = new ToolSet({ interceptors: [toolTelemetry({ tracerProvider: telemetry.tracerProvider })] })
      .add(testTool('leaf', async () => 'leaf'))
      .add(
        testTool('middle', async (_args, ctx) => {
          await new Promise((resolve) => setTimeout(resolve, 1));
          return (await ctx.dispatch('leaf', '{}')).ok;
        }),
      )
      .add(
        testTool('top', async (_args, ctx) => [
          (await ctx.dispatch('middle', '{}')).ok,
          (await ctx.dispatch('leaf', '{}')).ok,
        ]),
      );
    await tracer.startActiveSpan('host turn', async (turn) => {
      expect((await tools.call('top', '{}')).ok).toBe(true);
      turn.end();
    });
    const turn = telemetry.span('host turn');
    const top = telemetry.span('execute_tool top');
    const middle = telemetry.span('execute_tool middle');
    const leaves = telemetry.spans().filter((span) => span.name === 'execute_tool leaf');
    expect(parentOf(top)).toBe(turn.spanContext().spanId);
    expect(parentOf(middle)).toBe(top.spanContext().spanId);
    expect(leaves.map(parentOf).sort()).toEqual(
      [middle.spanContext().spanId, top.spanContext().spanId].sort(),
    );
    const traceIds = new Set(telemetry.spans().map((span) => span.spanContext().traceId));
    expect(traceIds.size).toBe(1);
  });

  it('records arguments and results only when the host opts in, scrubbed of every host value', async () => {
    const ApiKey = createToken<string>('ApiKey');
    const Session = createToken<{ token: string }>('Session');
    const build = (interceptor: ReturnType<typeof toolTelemetry>) =>
      new ToolRegistry({ interceptors: [interceptor] })
        .provide(ApiKey, 'sk-live-registry-secret', { secret: true })
        .tool(
          testTool('echo', (args, ctx) => ({
            echoed: args['text'],
            session: ctx.get(Session)?.token,
            key: 'key is sk-live-registry-secret',
          })),
        )
        .finalize();
    const args = '{"text":"hello session-secret-42 and sk-live-registry-secret"}';
    const extensions = [[Session, { token: 'session-secret-42' }]] as const;

    const quiet = build(toolTelemetry({ tracerProvider: telemetry.tracerProvider }));
    expect((await quiet.call('echo', args, { extensions })).ok).toBe(true);
    const plain = telemetry.span('execute_tool echo');
    expect(plain.attributes[ATTRIBUTES.GEN_AI_TOOL_CALL_ARGUMENTS]).toBeUndefined();
    expect(plain.attributes[ATTRIBUTES.GEN_AI_TOOL_CALL_RESULT]).toBeUndefined();

    telemetry.reset();
    const recording = build(
      toolTelemetry({ tracerProvider: telemetry.tracerProvider, recordArguments: true, recordResults: true }),
    );
    expect((await recording.call('echo', args, { extensions })).ok).toBe(true);
    const span = telemetry.span('execute_tool echo');
    expect(span.attributes[ATTRIBUTES.GEN_AI_TOOL_CALL_ARGUMENTS]).toBe(
      '{"text":"hello [redacted] and [redacted]"}',
    );
    expect(JSON.parse(String(span.attributes[ATTRIBUTES.GEN_AI_TOOL_CALL_RESULT]))).toEqual({
      echoed: 'hello [redacted] and [redacted]',
      session: '[redacted]',
      key: 'key is [redacted]',
    });
    const everything = JSON.stringify(
      telemetry.spans().map((s) => [s.name, s.attributes, s.status, s.events]),
    );
    expect(everything).not.toContain('session-secret-42');
    expect(everything).not.toContain('sk-live-registry-secret');
  });

  it('cuts long recorded text with a marker', async () => {
    const tools = new ToolSet({
      interceptors: [
        toolTelemetry({
          tracerProvider: telemetry.tracerProvider,
          recordArguments: true,
          maxAttributeLength: 10,
        }),
      ],
    }).add(testTool('echo', () => 'ok'));
    await tools.call('echo', '{"text":"a long argument"}');
    expect(telemetry.span('execute_tool echo').attributes[ATTRIBUTES.GEN_AI_TOOL_CALL_ARGUMENTS]).toBe(
      '{"text":"a…[truncated]',
    );
  });

  it('changes nothing about a call when no tracer provider is registered', async () => {
    // The global provider: no SDK registered with the API in this test file.
    const interceptor = toolTelemetry();
    let seen: string | undefined;
    const tools = new ToolSet({ interceptors: [interceptor] }).add(
      testTool('read', (_args, ctx) => {
        seen = ctx.toolName;
        return { lines: 3 };
      }),
    );
    const progress: unknown[] = [];
    const result = await tools.call('read', '{}', { onProgress: (item) => progress.push(item) });
    expect(result.ok && result.value).toEqual({ lines: 3 });
    expect(seen).toBe('read');
    expect(trace.getActiveSpan()).toBeUndefined();
    expect(telemetry.spans()).toEqual([]);
  });
});
