import 'reflect-metadata';
import { createCallContext } from '../../src/context/create-call-context';
import type { ToolCallContext } from '../../src/context/tool-call-context';
import { Param } from '../../src/decorators/param';
import { Tool } from '../../src/decorators/tool';
import { eraseTool } from '../../src/erase/erase-tool';
import type { ErasedTool } from '../../src/invoke/erased-tool';
import type { ToolResult } from '../../src/result/tool-result';
import { drainToTerminal } from '../../src/stream/drain-to-terminal';
import { ToolStream } from '../../src/stream/tool-stream';
import type { CallInterceptor } from '../../src/toolset/call-interceptor';
import { ToolSet } from '../../src/toolset/tool-set';
import { testTool } from './test-tool';

// The contract of the one call path: whichever entry point a call comes through, it gets the same
// result, the same errors, the same limits, and every interceptor sees it exactly once.

class ReadArgs {
  @Param({ description: 'Path', minLength: 1 })
  path!: string;

  @Param({ description: 'Lines', optional: true, integer: true, minimum: 1 })
  limit?: number;
}

@Tool({ name: 'read', description: 'Reads.', args: ReadArgs, maxArgumentBytes: 64 })
class Read {
  run(args: ReadArgs): { path: string; lines: number } {
    return { path: args.path, lines: args.limit ?? 0 };
  }
}

@Tool({ name: 'fail', description: 'Fails.' })
class Fail {
  run(): never {
    throw new Error('disk on fire');
  }
}

@Tool({ name: 'slow', description: 'Hangs.', timeoutMs: 30 })
class Slow {
  run(): Promise<never> {
    return new Promise<never>(() => undefined);
  }
}

@Tool({ name: 'count', description: 'Counts.' })
class Count {
  async *execute(): AsyncGenerator<string, string> {
    yield 'one';
    yield 'two';
    return 'counted';
  }
}

// A tool written by hand: a stream of its own.
const handWritten: ErasedTool = {
  definition: { name: 'hand', description: 'By hand.' } as ErasedTool['definition'],
  execute: () =>
    (async function* () {
      yield { type: 'progress' as const, kind: 'text' as const, text: 'working' };
      yield {
        type: 'terminal' as const,
        result: {
          ok: true,
          value: 'hand-made',
          json: '"hand-made"',
          content: [{ type: 'text', text: 'hand-made' }],
          meta: {},
        } as unknown as ToolResult,
      };
    })(),
};

/** The parts of a result every entry point must agree on. */
function essence(result: ToolResult): unknown {
  return result.ok
    ? { ok: true, value: result.value, content: result.content }
    : { ok: false, kind: result.error.kind, content: result.content };
}

type EntryPoint = (tools: ToolSet, name: string, raw: string, signal?: AbortSignal) => Promise<ToolResult>;

const ctxFor = (name: string, signal?: AbortSignal): ToolCallContext =>
  createCallContext({ toolName: name, signal });

const ENTRY_POINTS: ReadonlyArray<[string, EntryPoint]> = [
  ['ToolSet.call', (tools, name, raw, signal) => tools.call(name, raw, { signal })],
  [
    'execute + result()',
    (tools, name, raw, signal) => tools.execute(name, raw, ctxFor(name, signal)).result(),
  ],
  [
    'execute + drainToTerminal',
    (tools, name, raw, signal) => drainToTerminal(tools.execute(name, raw, ctxFor(name, signal))),
  ],
  [
    'execute, iterated',
    async (tools, name, raw, signal) => {
      for await (const item of tools.execute(name, raw, ctxFor(name, signal))) {
        if (item.type === 'terminal') return item.result;
      }
      throw new Error('no terminal');
    },
  ],
  [
    'ctx.dispatch from a tool',
    async (tools, name, raw, signal) => {
      const relay = await tools.call('relay', JSON.stringify({ name, raw }), { signal });
      if (!relay.ok) return relay;
      return relay.value as ToolResult;
    },
  ],
];

function newToolSet(interceptors: readonly CallInterceptor[] = []): ToolSet {
  const tools = new ToolSet({ interceptors });
  for (const tool of [new Read(), new Fail(), new Slow(), new Count()]) tools.add(eraseTool(tool));
  tools.add(handWritten);
  // No `streaming` declared: the engine runs it as a stream that may or may not yield.
  tools.add(testTool('proxy', () => hostileOutput()));
  tools.add(
    testTool('relay', async (args: { name: string; raw: string }, ctx) => ctx.dispatch(args.name, args.raw)),
  );
  return tools;
}

const CALLS: ReadonlyArray<[string, string, string]> = [
  ['a valid call', 'read', '{"path":"a.ts","limit":2}'],
  ['a coerced call', 'read', '{"path":"a.ts","limit":"2"}'],
  ['invalid arguments', 'read', '{"path":"","limit":"ten"}'],
  ['broken JSON', 'read', '{"path":'],
  ['arguments over the size limit', 'read', JSON.stringify({ path: 'x'.repeat(100) })],
  ['an unknown tool', 'raed', '{}'],
  ['a tool that throws', 'fail', '{}'],
  ['a tool past its deadline', 'slow', '{}'],
  ['a streaming tool', 'count', '{}'],
  ['a hand-written stream', 'hand', '{}'],
  ['an output that throws when read', 'proxy', '{}'],
];

function hostileOutput(): object {
  const trap = (): never => {
    throw new Error('trap');
  };
  return new Proxy({}, { get: trap, ownKeys: trap, getPrototypeOf: trap });
}

describe('the engine contract', () => {
  it.each(CALLS)('gives %s the same result from every entry point', async (_label, name, raw) => {
    const outcomes: Array<[string, unknown]> = [];
    for (const [entry, run] of ENTRY_POINTS)
      outcomes.push([entry, essence(await run(newToolSet(), name, raw))]);
    const [, expected] = outcomes[0]!;
    for (const [entry, outcome] of outcomes) expect([entry, outcome]).toEqual([entry, expected]);
  });

  it('gives an already aborted call the same cancelled result from every entry point', async () => {
    for (const [entry, run] of ENTRY_POINTS) {
      const result = await run(newToolSet(), 'read', '{"path":"a.ts"}', AbortSignal.abort());
      expect([entry, result.ok ? 'ok' : result.error.kind]).toEqual([entry, 'cancelled']);
    }
  });

  it.each(CALLS)(
    'lets every interceptor see %s exactly once, from every entry point',
    async (_label, name, raw) => {
      for (const [entry, run] of ENTRY_POINTS) {
        const seen: string[] = [];
        const interceptor: CallInterceptor = {
          beforeDecode: (call) => void seen.push(`>${call.toolName}`),
          afterResult: (call) => void seen.push(`<${call.toolName}`),
        };
        await run(newToolSet([interceptor]), name, raw);
        const own = seen.filter((event) => !event.endsWith('relay'));
        expect([entry, own]).toEqual([entry, [`>${name}`, `<${name}`]]);
      }
    },
  );

  // The engine's routes inside one tool: unguarded, guarded by a deadline or a signal, limited, and
  // streaming. Decoding, invoking and rendering are one step shared by all of them.
  @Tool({ name: 'read', description: 'Reads, as a stream.', args: ReadArgs, maxArgumentBytes: 64 })
  class ReadStreaming {
    async *execute(args: ReadArgs): AsyncGenerator<string, { path: string; lines: number }> {
      yield 'reading';
      return { path: args.path, lines: args.limit ?? 0 };
    }
  }

  const ROUTES: ReadonlyArray<[string, () => ErasedTool, AbortSignal | undefined]> = [
    ['unguarded', () => eraseTool(new Read()), undefined],
    ['under a deadline', () => eraseTool(new Read(), { limits: { timeoutMs: 5_000 } }), undefined],
    ['under a signal', () => eraseTool(new Read()), new AbortController().signal],
    ['under a concurrency limit', () => eraseTool(new Read(), { limits: { concurrency: 1 } }), undefined],
    ['as a stream', () => eraseTool(new ReadStreaming()), undefined],
    ['as a limited stream', () => eraseTool(new ReadStreaming(), { limits: { concurrency: 1 } }), undefined],
  ];

  it.each(CALLS.filter(([, name]) => name === 'read'))(
    'gives %s the same result on every route through the engine',
    async (_label, name, raw) => {
      const outcomes: Array<[string, unknown]> = [];
      for (const [route, make, signal] of ROUTES) {
        const tools = new ToolSet();
        tools.add(make());
        outcomes.push([route, essence(await tools.call(name, raw, { signal }))]);
      }
      const [, expected] = outcomes[0]!;
      for (const [route, outcome] of outcomes) expect([route, outcome]).toEqual([route, expected]);
    },
  );

  it('gives every stream of ToolSet.execute a result(), read once', async () => {
    const tools = newToolSet();
    for (const name of ['read', 'count', 'hand', 'raed']) {
      const stream = tools.execute(name, '{"path":"a.ts"}', ctxFor(name));
      expect(typeof stream.result).toBe('function');
      const first = await stream.result();
      expect(first.meta.toolName).toBe(name);
      const second = await stream.result();
      expect(second.ok || second.error.kind).toBe('internal');
    }
    const progress: unknown[] = [];
    const counted = await tools.execute('count', '{}', ctxFor('count')).result((item) => progress.push(item));
    expect(counted.ok && counted.value).toBe('counted');
    expect(progress).toEqual([
      { type: 'progress', kind: 'text', text: 'one' },
      { type: 'progress', kind: 'text', text: 'two' },
    ]);
  });

  it('builds call streams with the sanctioned builders only', async () => {
    const built = ToolStream.terminalOnly(() => {
      throw new Error('boom');
    });
    const result = await built.result();
    expect(result.ok || result.error.kind).toBe('execution_failed');
  });
});
