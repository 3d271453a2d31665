import { createCallContext } from '../context/create-call-context';
import type { ToolError } from '../errors/tool-error';
import { ConcurrencyLimiter } from '../invoke/concurrency-limiter';
import { createErasedTool } from '../invoke/create-erased-tool';
import type { ErasedTool } from '../invoke/erased-tool';
import type { ToolResult } from '../result/tool-result';
import { drainToTerminal } from '../stream/drain-to-terminal';
import { ToolSet } from './tool-set';

function tool(name: string, invoke: (args: any) => unknown = () => name, className?: string): ErasedTool {
  return createErasedTool({
    definition: {
      name,
      description: `The ${name} tool.`,
      ...(className === undefined ? {} : { source: { className, methodName: 'run' } }),
    },
    decode: (raw) => (typeof raw === 'string' ? JSON.parse(raw || '{}') : raw),
    invoke,
  });
}

function errorOf(result: ToolResult): ToolError {
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

describe('ToolSet', () => {
  it('keeps registration order', () => {
    const tools = new ToolSet().add(tool('write_file')).add(tool('read_file')).add(tool('grep'));
    expect(tools.names()).toEqual(['write_file', 'read_file', 'grep']);
    expect(tools.definitions().map((definition) => definition.name)).toEqual([
      'write_file',
      'read_file',
      'grep',
    ]);
    expect(Array.from(tools, (erased) => erased.definition.name)).toEqual([
      'write_file',
      'read_file',
      'grep',
    ]);
    expect(tools.size).toBe(3);
  });

  it('refuses a duplicate name, naming both definitions', () => {
    const tools = new ToolSet().add(tool('read_file', undefined, 'ReadFile'));
    expect(() => tools.add(tool('read_file', undefined, 'ReadFileV2'))).toThrow(
      "Duplicate tool name 'read_file': 'read_file' (ReadFile.run) is already registered, so 'read_file' (ReadFileV2.run) cannot be added. Tool names must be unique; rename one of them.",
    );
  });

  it('removes and looks up tools', () => {
    const tools = new ToolSet().add(tool('grep'));
    expect(tools.has('grep')).toBe(true);
    expect(tools.get('grep')?.definition.name).toBe('grep');
    expect(tools.remove('grep')).toBe(true);
    expect(tools.remove('grep')).toBe(false);
    expect(tools.get('grep')).toBeUndefined();
  });

  it('calls a tool by name', async () => {
    const tools = new ToolSet().add(tool('add', (args: { a: number; b: number }) => args.a + args.b));
    const result = await tools.call('add', '{"a":2,"b":3}');
    expect(result).toMatchObject({
      ok: true,
      value: 5,
      content: [{ type: 'text', text: '5' }],
      meta: { toolName: 'add' },
    });
  });

  it('answers an unknown name with not_found, the closest match and the available names', async () => {
    const tools = new ToolSet().add(tool('read_file')).add(tool('write_file')).add(tool('grep'));
    const result = await tools.call('raed_file', '{}');
    expect(errorOf(result).kind).toBe('not_found');
    expect(result.content).toEqual([
      {
        type: 'text',
        text: "Unknown tool 'raed_file'. Did you mean 'read_file'? Available: read_file, write_file, grep.",
      },
    ]);
    expect((await tools.call('deploy', '{}')).content).toEqual([
      { type: 'text', text: "Unknown tool 'deploy'. Available: read_file, write_file, grep." },
    ]);
    expect((await new ToolSet().call('grep', '{}')).content).toEqual([
      { type: 'text', text: "Unknown tool 'grep'. No tools are available." },
    ]);
  });

  it('caps the list of available names', async () => {
    const tools = new ToolSet();
    for (let index = 0; index < 25; index++) tools.add(tool(`tool_${String(index).padStart(2, '0')}`));
    const text = (await tools.call('zzz', '{}')).content[0];
    expect(text).toEqual({
      type: 'text',
      text: `Unknown tool 'zzz'. Available: ${Array.from({ length: 20 }, (_, index) => `tool_${String(index).padStart(2, '0')}`).join(', ')}, and 5 more.`,
    });
  });

  it('shows a strange name safely', async () => {
    const tools = new ToolSet().add(tool('grep'));
    expect((await tools.call('gr\nep\u0000', '{}')).content[0]).toEqual({
      type: 'text',
      text: "Unknown tool 'gr?ep?'. Did you mean 'grep'? Available: grep.",
    });
    expect((await tools.call(42 as unknown as string, '{}')).content[0]).toEqual({
      type: 'text',
      text: 'Unknown tool (the name was 42, not a string). Available: grep.',
    });
  });

  it('never rejects, even for a hand-written tool that throws from execute or returns garbage', async () => {
    const throwing: ErasedTool = {
      definition: tool('throwing').definition,
      execute: () => {
        throw new Error('broken');
      },
    };
    const garbage: ErasedTool = { definition: tool('garbage').definition, execute: () => null as never };
    const tools = new ToolSet().add(throwing).add(garbage);
    expect(errorOf(await tools.call('throwing', '{}')).kind).toBe('execution_failed');
    expect(errorOf(await tools.call('garbage', '{}')).kind).toBe('stream_no_terminal');
  });

  it('lets tools call each other through ctx.dispatch', async () => {
    const tools = new ToolSet().add(tool('double', (args: { n: number }) => args.n * 2)).add(
      createErasedTool({
        definition: { name: 'quadruple', description: 'Times four.' },
        decode: (raw) => JSON.parse(raw as string),
        invoke: async (args: { n: number }, ctx) => {
          const once = await ctx.dispatch('double', JSON.stringify({ n: args.n }));
          const twice = once.ok ? await ctx.dispatch('double', JSON.stringify({ n: once.value })) : once;
          return twice.ok ? twice.value : 'failed';
        },
      }),
    );
    const result = await tools.call('quadruple', '{"n":5}');
    expect(result.ok && result.value).toBe(20);
  });

  it('bounds calls across the whole set with a shared limiter', async () => {
    let finish: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const tools = new ToolSet({ limiter: new ConcurrencyLimiter({ maxConcurrent: 1 }) })
      .add(tool('slow', () => gate.then(() => 'slow done')))
      .add(tool('fast'));
    const slow = tools.call('slow', '{}');
    const refused = await tools.call('fast', '{}');
    expect(errorOf(refused).kind).toBe('concurrency_limited');
    expect(errorOf(refused).retryable).toBe(true);
    expect(refused.content[0]).toMatchObject({
      type: 'text',
      text: expect.stringMatching(
        /^Too many tool calls are running at once \(1, the most allowed\)\. Try fast again in about \d+ ms\.$/,
      ),
    });
    finish();
    expect((await slow).ok).toBe(true);
    expect((await tools.call('fast', '{}')).ok).toBe(true);
    expect(tools.concurrencyLimiter?.active).toBe(0);
  });

  it('executes as a stream with a context built by the host', async () => {
    const tools = new ToolSet().add(tool('grep', () => ['a.ts']));
    const ctx = createCallContext({ toolName: 'grep' });
    const result = await drainToTerminal(tools.execute('grep', '{}', ctx));
    expect(result).toMatchObject({ ok: true, value: ['a.ts'], meta: { callId: ctx.callId } });
  });
});
