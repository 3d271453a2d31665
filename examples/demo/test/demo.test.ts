import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { runDemo } from '../src/run-demo';
import { SAMPLE_WORKSPACE } from '../src/sample-workspace';

function capture(): { write(text: string): void; text(): string } {
  const parts: string[] = [];
  return { write: (text) => void parts.push(text), text: () => parts.join('') };
}

describe('the demo, offline', () => {
  it('fixes the sample in a temporary copy: definitions, a repaired call, live progress, the answer', async () => {
    const output = capture();
    let workspace = '';
    const code = await runDemo({ output, env: {}, onWorkspace: (directory) => (workspace = directory) });
    const text = output.text();

    expect(code).toBe(0);
    expect(text).toMatch(
      /tool definitions sent with each request \(openai format, 9 tools\):\n  read_file +Read a text file/,
    );
    // The calls and their results in the order the model made them (list_dir, then raed_file).
    expect(text).toMatch(
      /\n→ list_dir \{"depth":2\}\n→ read_file \{"path":"src\/greet\.js"\} \(repaired from raed_file\)\n  ✓ list_dir: .*\n  ✓ read_file: /,
    );
    expect(text).toMatch(/│ tests exited: 1 passed, 1 failed/);
    expect(text).toMatch(/│ ✔ greets the world when no name is given/);
    expect(text).toMatch(
      /── answer ──\nFixed\. greet\(\) had no default for name.*both tests pass\.\n\n\(5 turns, 5 tool calls, 1 repaired; stop: completed\)\n$/,
    );
    // The shipped sample is untouched, and the copy is gone.
    expect(readFileSync(path.join(SAMPLE_WORKSPACE, 'src/greet.js'), 'utf8')).toContain(
      'function greet(name) {',
    );
    expect(workspace).not.toBe('');
    expect(existsSync(workspace)).toBe(false);
  });
});

describe('the demo with OPENAI_BASE_URL', () => {
  let server: Server;
  let url = '';
  const bodies: any[] = [];

  beforeAll(async () => {
    // A minimal OpenAI-compatible server: one tool call, then an answer, as SSE.
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        bodies.push(JSON.parse(body));
        const frame = (data: unknown): string => `data: ${JSON.stringify(data)}\n\n`;
        const choice = (delta: unknown, finish: string | null = null) => ({
          choices: [{ index: 0, delta, finish_reason: finish }],
        });
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        if (bodies.length === 1) {
          response.write(
            frame(
              choice({
                tool_calls: [
                  {
                    index: 0,
                    id: 'call_1',
                    type: 'function',
                    function: { name: 'list_dir', arguments: '{}' },
                  },
                ],
              }),
            ),
          );
          response.write(frame(choice({}, 'tool_calls')));
        } else {
          response.write(frame(choice({ content: 'The project has src/ and test/.' })));
          response.write(frame(choice({}, 'stop')));
        }
        response.write(
          frame({ choices: [], usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 } }),
        );
        response.end('data: [DONE]\n\n');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });

  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );

  it('talks to that server instead of the script', async () => {
    const output = capture();
    const code = await runDemo({
      output,
      env: { OPENAI_BASE_URL: url, OPENAI_MODEL: 'local-model', OPENAI_API_KEY: 'sk-local' },
    });

    expect(code).toBe(0);
    expect(output.text()).toContain(`toolwright agent demo — model local-model at ${url}`);
    expect(output.text()).toContain('(2 turns, 1 tool calls, 0 repaired, 220 tokens; stop: completed)');
    expect(bodies).toHaveLength(2);
    expect(bodies[0].model).toBe('local-model');
    expect(bodies[0].tools.map((tool: { function: { name: string } }) => tool.function.name)).toContain(
      'read_file',
    );
    expect(bodies[1].messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_1' });
  });

  it('explains what is missing when OPENAI_MODEL is not set', async () => {
    const output = capture();
    const code = await runDemo({ output, env: { OPENAI_BASE_URL: url } });
    expect(code).toBe(2);
    expect(output.text()).toBe('OpenAiChatClient needs a model name: pass { model } or set OPENAI_MODEL.\n');
  });
});
