import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { rawRequest } from './http-helpers';
import { REVISIONS, type Revision } from './helpers';

// R16 over MCP: the decoder sees the arguments as the client sent them, whatever the transport and
// the revision. A frame with a repeated key in `arguments` is invalid_arguments (JSON.parse alone
// would keep the last value), and arguments over the tool's maxArgumentBytes are payload_too_large.
const FIXTURE = join(__dirname, 'fixtures', 'boundary-server.js');

const DUPLICATE = '{"path":"a.ts","path":"/etc/passwd"}';
const OVERSIZED = JSON.stringify({ path: 'x'.repeat(300) });
const NESTED_DUPLICATE = '{"path":"a.ts","extra":{"k":1,"k":2}}';

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
};

// A tools/call frame whose arguments are spliced in as raw JSON text.
function callFrame(id: number, args: string, revision: Revision): string {
  const meta = revision === '2026-07-28' ? `,"_meta":${JSON.stringify(ENVELOPE)}` : '';
  return `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"read","arguments":${args}${meta}}}`;
}

interface CallOutcome {
  readonly isError: boolean | undefined;
  readonly kind: string | undefined;
  readonly text: string;
}

function outcomeOf(message: { result?: Record<string, unknown> }): CallOutcome {
  const result = message.result ?? {};
  const content = (result['content'] as { text?: string }[] | undefined) ?? [];
  const meta = result['_meta'] as Record<string, { kind?: string }> | undefined;
  return {
    isError: result['isError'] as boolean | undefined,
    kind: meta?.['toolwright/error']?.kind,
    text: content.map((block) => block.text ?? '').join('\n'),
  };
}

function expectRefusals(outcomes: Record<string, CallOutcome>): void {
  expect(outcomes['valid']).toMatchObject({ text: 'read a.ts' });
  expect(outcomes['valid']!.isError).not.toBe(true);
  expect(outcomes['duplicate']).toMatchObject({ isError: true, kind: 'invalid_arguments' });
  expect(outcomes['duplicate']!.text).toMatch(/path: expected each property once, received it 2 times/);
  expect(outcomes['nested']).toMatchObject({ isError: true, kind: 'invalid_arguments' });
  expect(outcomes['nested']!.text).toMatch(/extra\.k: expected each property once/);
  expect(outcomes['oversized']).toMatchObject({ isError: true, kind: 'payload_too_large' });
  expect(outcomes['oversized']!.text).toMatch(/the limit is 200 bytes/);
}

const CASES: Record<string, string> = {
  valid: '{"path":"a.ts"}',
  duplicate: DUPLICATE,
  nested: NESTED_DUPLICATE,
  oversized: OVERSIZED,
};

describe.each(REVISIONS)('the argument boundary over stdio under %s', (revision) => {
  let child: ChildProcessWithoutNullStreams;
  const waiting = new Map<number, (message: { result?: Record<string, unknown> }) => void>();

  beforeAll(() => {
    child = spawn(process.execPath, [FIXTURE], { stdio: ['pipe', 'pipe', 'pipe'] });
    createInterface({ input: child.stdout }).on('line', (line) => {
      const message = JSON.parse(line) as { id?: number; result?: Record<string, unknown> };
      if (typeof message.id === 'number') waiting.get(message.id)?.(message);
    });
  });

  afterAll(() => {
    child.stdin.end();
    child.kill();
  });

  const exchange = (id: number, frame: string) =>
    new Promise<{ result?: Record<string, unknown> }>((resolve) => {
      waiting.set(id, resolve);
      child.stdin.write(`${frame}\n`);
    });

  it('refuses a repeated key and an over-cap argument as the client sent them', async () => {
    if (revision === '2025-11-25') {
      await exchange(
        1,
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: revision, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
        }),
      );
      child.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    }
    const outcomes: Record<string, CallOutcome> = {};
    let id = 10;
    for (const [name, args] of Object.entries(CASES)) {
      id += 1;
      outcomes[name] = outcomeOf(await exchange(id, callFrame(id, args, revision)));
    }
    expectRefusals(outcomes);
  });
});

describe.each(REVISIONS)('the argument boundary over Streamable HTTP under %s', (revision) => {
  let child: ChildProcessWithoutNullStreams;
  let url: string;

  beforeAll(async () => {
    child = spawn(process.execPath, [FIXTURE, '--http'], { stdio: ['pipe', 'pipe', 'pipe'] });
    url = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening (\S+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      child.once('exit', () => reject(new Error(`the fixture exited: ${output}`)));
    });
  });

  afterAll(() => {
    child.kill();
  });

  const headers = (extra: Record<string, string> = {}): Record<string, string> => ({
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    ...extra,
  });

  // The JSON-RPC message of a response, whether it came as JSON or as an SSE stream.
  const messageOf = (body: string): { result?: Record<string, unknown> } => {
    const data = body
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => line.slice(6))
      .find((line) => line.includes('"result"') || line.includes('"error"'));
    return JSON.parse(data ?? body) as { result?: Record<string, unknown> };
  };

  it('refuses a repeated key and an over-cap argument as the client sent them', async () => {
    let session: Record<string, string> = {};
    if (revision === '2025-11-25') {
      const initialized = await rawRequest(url, {
        headers: headers(),
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: revision, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
        }),
      });
      const id = initialized.headers['mcp-session-id'] as string;
      session = { 'Mcp-Session-Id': id, 'MCP-Protocol-Version': revision };
      await rawRequest(url, {
        headers: headers(session),
        body: '{"jsonrpc":"2.0","method":"notifications/initialized"}',
      });
    } else {
      session = { 'MCP-Protocol-Version': revision, 'Mcp-Method': 'tools/call', 'Mcp-Name': 'read' };
    }
    const outcomes: Record<string, CallOutcome> = {};
    let id = 10;
    for (const [name, args] of Object.entries(CASES)) {
      id += 1;
      const response = await rawRequest(url, {
        headers: headers(session),
        body: callFrame(id, args, revision),
      });
      expect(response.status).toBe(200);
      outcomes[name] = outcomeOf(messageOf(response.body));
    }
    expectRefusals(outcomes);
  });
});
