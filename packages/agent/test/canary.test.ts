import { Agent, AnthropicMessagesClient, OpenAiChatClient, type ModelClient } from '../src';
import { notesTools, SessionToken } from './support/fixture-tools';
import {
  sendJson,
  sseFrame,
  startLoopbackServer,
  startSse,
  type LoopbackServer,
} from './support/loopback-server';
import { streamAnswer } from './support/openai-wire';

// A secret that only the host holds: it travels in the run's extensions, never in the prompt.
const CANARY = 'canary-7f3a9c1e-do-not-leak';

let server: LoopbackServer;

beforeAll(async () => {
  server = await startLoopbackServer((_request, response) => sendJson(response, 500, {}));
});

afterAll(() => server.close());

beforeEach(() => {
  server.requests.length = 0;
});

// Turn 1: tools that echo the session or quote it in an error, and a typo the hook answers; turn 2: the answer.
function openAiScript(): void {
  server.handle((_request, response, index) =>
    index === 0
      ? streamAnswer(response, {
          calls: [
            { id: 'c1', name: 'whoami', pieces: ['{}'] },
            { id: 'c2', name: 'leaky_failure', pieces: ['{}'] },
            { id: 'c3', name: 'whoamii', pieces: ['{}'] },
          ],
        })
      : streamAnswer(response, { text: ['done'] }),
  );
}

function anthropicScript(): void {
  server.handle((_request, response, index) => {
    startSse(response);
    const send = (type: string, data: Record<string, unknown>): boolean =>
      response.write(sseFrame({ type, ...data }, type));
    send('message_start', { message: { usage: { input_tokens: 1, output_tokens: 1 } } });
    if (index === 0) {
      ['whoami', 'leaky_failure', 'whoamii'].forEach((name, block) => {
        send('content_block_start', {
          index: block,
          content_block: { type: 'tool_use', id: `t${block}`, name, input: {} },
        });
        send('content_block_stop', { index: block });
      });
      send('message_delta', { delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 3 } });
    } else {
      send('content_block_start', { index: 0, content_block: { type: 'text', text: 'done' } });
      send('content_block_stop', { index: 0 });
      send('message_delta', { delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 1 } });
    }
    send('message_stop', {});
    response.end();
  });
}

const CLIENTS: readonly (readonly [string, () => ModelClient, () => void])[] = [
  [
    'OpenAI-compatible',
    () => new OpenAiChatClient({ baseUrl: server.url, model: 'm', env: {} }),
    openAiScript,
  ],
  [
    'Anthropic',
    () => new AnthropicMessagesClient({ baseUrl: server.url, model: 'm', env: {} }),
    anthropicScript,
  ],
];

describe.each(CLIENTS)('host-only values with the %s client', (_name, makeClient, script) => {
  it('never reach a request body sent to the model server, though tools and hooks use them', async () => {
    script();
    const { tools } = notesTools();
    const agent = new Agent({
      model: makeClient(),
      tools,
      // A careless hook that quotes the secret in its feedback.
      hooks: { onInvalidCall: () => ({ action: 'retry', feedback: `try again, ${CANARY}` }) },
    });
    const result = await agent.run('who am I?', {
      extensions: [[SessionToken, { user: 'ann', token: CANARY }]],
    });

    expect(result.stopReason).toBe('completed');
    expect(server.requests).toHaveLength(2);
    for (const request of server.requests) expect(request.body).not.toContain(CANARY);
    // The tools did see it (and the model sees the redaction instead).
    expect(server.requests[1]!.body).toContain('user ann, token [redacted]');
    expect(server.requests[1]!.body).toContain('try again, [redacted]');
    const failure = result.toolResults.find((call) => call.call.name === 'leaky_failure')!;
    expect(failure.status).toBe('failed');
    expect(JSON.stringify(failure.content)).not.toContain(CANARY);
    expect(JSON.stringify(result.messages)).not.toContain(CANARY);
  });
});
