import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { Agent, ModelError, type ModelClient } from '@toolwright/agent';
import { ScriptedModelClient } from '@toolwright/agent/testing';
import { ToolRegistry } from '@toolwright/registry';
import { ATTRIBUTES, METRICS, toolTelemetry, tracedModelClient } from '@toolwright/otel';
import { installTelemetry, parentOf, testTool } from './harness';

const telemetry = installTelemetry();
afterAll(() => telemetry.uninstall());
beforeEach(() => telemetry.reset());

const providers = { tracerProvider: telemetry.tracerProvider, meterProvider: telemetry.meterProvider };
const usage = { inputTokens: 120, outputTokens: 30, totalTokens: 150 };

describe('tracedModelClient', () => {
  it('gives every model request a chat span, and the agent’s tool calls nest beside them under the run', async () => {
    const tools = new ToolRegistry({ interceptors: [toolTelemetry(providers)] })
      .tool(testTool('weather', (args) => `sunny in ${String(args['city'])}`))
      .finalize();
    const scripted = new ScriptedModelClient([
      { toolCalls: [{ name: 'weather', arguments: { city: 'Oslo' }, id: 'call_w1' }], usage },
      { text: 'It is sunny.', usage },
    ]);
    const model: ModelClient = tracedModelClient(scripted, {
      ...providers,
      model: 'gpt-test',
      provider: 'openai',
    });
    const agent = new Agent({ model, tools });
    const tracer = telemetry.tracerProvider.getTracer('host');
    const result = await tracer.startActiveSpan('invoke_agent weather-bot', async (run) => {
      const answer = await agent.run('Weather in Oslo?');
      run.end();
      return answer;
    });
    expect(result.text).toBe('It is sunny.');
    const spans = telemetry.spans();
    const run = telemetry.span('invoke_agent weather-bot');
    const chats = spans.filter((span) => span.name === 'chat gpt-test');
    const tool = telemetry.span('execute_tool weather');
    expect(chats).toHaveLength(2);
    for (const chat of chats) {
      expect(chat.kind).toBe(SpanKind.CLIENT);
      expect(parentOf(chat)).toBe(run.spanContext().spanId);
      expect(chat.attributes).toMatchObject({
        [ATTRIBUTES.GEN_AI_OPERATION_NAME]: 'chat',
        [ATTRIBUTES.GEN_AI_REQUEST_MODEL]: 'gpt-test',
        [ATTRIBUTES.GEN_AI_PROVIDER_NAME]: 'openai',
        [ATTRIBUTES.GEN_AI_USAGE_INPUT_TOKENS]: 120,
        [ATTRIBUTES.GEN_AI_USAGE_OUTPUT_TOKENS]: 30,
      });
    }
    expect(chats.map((chat) => chat.attributes[ATTRIBUTES.GEN_AI_RESPONSE_FINISH_REASONS])).toEqual([
      ['tool_calls'],
      ['stop'],
    ]);
    expect(parentOf(tool)).toBe(run.spanContext().spanId);
    expect(tool.attributes[ATTRIBUTES.GEN_AI_TOOL_CALL_ID]).toBe('call_w1');

    const tokens = await telemetry.histogram(METRICS.GEN_AI_CLIENT_TOKEN_USAGE);
    const input = tokens?.dataPoints.find((p) => p.attributes[ATTRIBUTES.GEN_AI_TOKEN_TYPE] === 'input');
    expect(input?.value.sum).toBe(240);
    const durations = await telemetry.histogram(METRICS.GEN_AI_CLIENT_OPERATION_DURATION);
    expect(durations?.descriptor.unit).toBe('s');
    expect(durations?.dataPoints[0]?.value.count).toBe(2);
  });

  it('marks a failed model request with error.type and an error status', async () => {
    const failing = new ScriptedModelClient([
      { error: new ModelError('http', 'The model provider answered 429.', { status: 429 }) },
    ]);
    const model = tracedModelClient(failing, { ...providers, model: 'gpt-test' });
    const agent = new Agent({ model, tools: new ToolRegistry().finalize() });
    await agent.run('hi').catch(() => undefined);
    const chat = telemetry.span('chat gpt-test');
    expect(chat.attributes[ATTRIBUTES.ERROR_TYPE]).toBe('http');
    expect(chat.status.code).toBe(SpanStatusCode.ERROR);
  });
});
