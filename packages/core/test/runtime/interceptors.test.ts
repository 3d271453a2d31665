import { AsyncLocalStorage } from 'node:async_hooks';
import { createCallContext } from '../../src/context/create-call-context';
import { ToolError } from '../../src/errors/tool-error';
import { resultFromError } from '../../src/result/result-from-error';
import type { CallInterceptor } from '../../src/toolset/call-interceptor';
import { ToolSet } from '../../src/toolset/tool-set';
import { errorOf, testTool } from './test-tool';

describe('call interceptors', () => {
  it('wrap every call, dispatched ones included, in order before and in reverse order after', async () => {
    const log: string[] = [];
    const named = (tag: string): CallInterceptor => ({
      beforeDecode: (call) => void log.push(`${tag}>${call.toolName}@${call.depth}`),
      afterResult: (call, result) => void log.push(`${tag}<${call.toolName}:${result.ok ? 'ok' : 'failed'}`),
    });
    const tools = new ToolSet({ interceptors: [named('a'), named('b')] })
      .add(testTool('inner', () => 'inner'))
      .add(testTool('outer', async (_args, ctx) => (await ctx.dispatch('inner', '{}')).ok));
    const result = await tools.call('outer', '{}');
    expect(result.ok && result.value).toBe(true);
    expect(log).toEqual([
      'a>outer@0',
      'b>outer@0',
      'a>inner@1',
      'b>inner@1',
      'b<inner:ok',
      'a<inner:ok',
      'b<outer:ok',
      'a<outer:ok',
    ]);
  });

  it('see the raw arguments and the call id, and let progress through', async () => {
    const seen: unknown[] = [];
    const progress: unknown[] = [];
    const tools = new ToolSet({
      interceptors: [{ beforeDecode: (call) => void seen.push([call.rawArgs, call.callId]) }],
    }).add(
      testTool('ticker', async function* () {
        yield 'tick';
        return 'done';
      }),
    );
    const result = await tools.call('ticker', '{"n":1}', {
      callId: 'call-1',
      onProgress: (item) => progress.push(item),
    });
    expect(result.ok && result.value).toBe('done');
    expect(seen).toEqual([['{"n":1}', 'call-1']]);
    expect(progress).toEqual([{ type: 'progress', kind: 'text', text: 'tick' }]);
  });

  it('answer a call from beforeDecode without decoding or running the tool', async () => {
    let decoded = false;
    let ran = false;
    const after: string[] = [];
    const cached = await new ToolSet().add(testTool('slow', () => 'cached')).call('slow', '{}');
    const tools = new ToolSet({
      interceptors: [
        { afterResult: (_call, result) => void after.push(result.ok ? String(result.value) : 'failed') },
        // The one that answers still sees the result (its span closes), like every one before it.
        { beforeDecode: () => cached, afterResult: () => void after.push('answered') },
        { beforeDecode: () => void after.push('never: after the answer') },
      ],
    }).add(
      testTool('slow', () => (ran = true), {
        decode: () => {
          decoded = true;
          return {};
        },
      }),
    );
    const result = await tools.call('slow', '{}');
    expect(result).toBe(cached);
    expect(decoded).toBe(false);
    expect(ran).toBe(false);
    expect(after).toEqual(['answered', 'cached']);
  });

  it('replace a result from afterResult (an output check)', async () => {
    const tools = new ToolSet({
      interceptors: [
        {
          afterResult: (call, result) =>
            result.ok && typeof result.value !== 'number'
              ? resultFromError(
                  new ToolError('invalid_output', `${call.toolName} must return a number.`),
                  result.meta,
                )
              : undefined,
        },
      ],
    }).add(testTool('count', () => 'not a number'));
    const checked = await tools.call('count', '{}');
    expect(errorOf(checked).kind).toBe('invalid_output');
    expect(checked.content).toEqual([{ type: 'text', text: 'count must return a number.' }]);
  });

  it('turn a throwing or rejecting interceptor into an internal failure, and the outer ones still run', async () => {
    for (const broken of [
      {
        beforeDecode: () => {
          throw new Error('span exporter down: token sk-123');
        },
      },
      { afterResult: () => Promise.reject(new Error('checker crashed')) },
      { afterResult: () => ({ not: 'a result' }) as never },
    ] satisfies CallInterceptor[]) {
      const outer: string[] = [];
      const tools = new ToolSet({
        interceptors: [
          { afterResult: (_call, result) => void outer.push(result.ok ? 'ok' : errorOf(result).kind) },
          broken,
        ],
      }).add(testTool('read', () => 'contents'));
      const result = await tools.call('read', '{}');
      const error = errorOf(result);
      expect(error.kind).toBe('internal');
      expect(JSON.stringify(result.content)).not.toContain('sk-123');
      expect(outer).toEqual(['internal']);
    }
  });

  it('run aroundCall around the rest of the call, between beforeDecode and afterResult', async () => {
    const log: string[] = [];
    const named = (tag: string): CallInterceptor => ({
      beforeDecode: (call) => void log.push(`${tag}>${call.toolName}`),
      aroundCall: async (call, proceed) => {
        log.push(`${tag}[${call.toolName}`);
        const result = await proceed();
        log.push(`${tag}]${call.toolName}`);
        return result;
      },
      afterResult: (call) => void log.push(`${tag}<${call.toolName}`),
    });
    const tools = new ToolSet({ interceptors: [named('a'), named('b')] })
      .add(testTool('inner', () => 'inner'))
      .add(testTool('outer', async (_args, ctx) => (await ctx.dispatch('inner', '{}')).ok));
    const result = await tools.call('outer', '{}');
    expect(result.ok && result.value).toBe(true);
    expect(log).toEqual([
      'a>outer',
      'a[outer',
      'b>outer',
      'b[outer',
      'a>inner',
      'a[inner',
      'b>inner',
      'b[inner',
      'b]inner',
      'b<inner',
      'a]inner',
      'a<inner',
      'b]outer',
      'b<outer',
      'a]outer',
      'a<outer',
    ]);
  });

  it('start the rest of the call inside aroundCall, so what it makes current is current in the tool', async () => {
    // What a tracer's context manager does: a value current in everything proceed() starts.
    const current = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    const scoped: CallInterceptor = {
      aroundCall: (call, proceed) => current.run(`${current.getStore() ?? ''}/${call.toolName}`, proceed),
    };
    const tools = new ToolSet({ interceptors: [scoped] })
      .add(
        testTool('leaf', () => {
          seen.push(current.getStore());
          return 'ok';
        }),
      )
      .add(
        testTool('look', async (_args, ctx) => {
          seen.push(current.getStore());
          await new Promise((resolve) => setTimeout(resolve, 1));
          return (await ctx.dispatch('leaf', '{}')).ok;
        }),
      );
    expect((await tools.call('look', '{}')).ok).toBe(true);
    expect(seen).toEqual(['/look', '/look/leaf']);
    expect(current.getStore()).toBeUndefined();
  });

  it('let aroundCall answer without running the tool, replace the result, and run the rest once', async () => {
    let runs = 0;
    const tools = new ToolSet({
      interceptors: [
        {
          aroundCall: (call, proceed) =>
            call.toolName === 'cached'
              ? resultFromError(new ToolError('unavailable', 'Answered from the cache.'), {
                  toolName: call.toolName,
                  callId: call.callId,
                  hostResults: new Map(),
                })
              : Promise.all([proceed(), proceed()]).then(([first, second]) => {
                  expect(first).toBe(second);
                  return first;
                }),
        },
      ],
    })
      .add(testTool('cached', () => ++runs))
      .add(testTool('counted', () => ++runs));
    expect(errorOf(await tools.call('cached', '{}')).kind).toBe('unavailable');
    const counted = await tools.call('counted', '{}');
    expect(counted.ok && counted.value).toBe(1);
    expect(runs).toBe(1);
  });

  it('turn an aroundCall that throws, rejects or answers nonsense into an internal failure', async () => {
    for (const broken of [
      {
        aroundCall: () => {
          throw new Error('tracer down: token sk-123');
        },
      },
      { aroundCall: () => Promise.reject(new Error('exporter crashed')) },
      { aroundCall: () => ({ not: 'a result' }) as never },
      { aroundCall: async (_call, proceed) => void (await proceed()) as never },
    ] satisfies CallInterceptor[]) {
      const outer: string[] = [];
      const tools = new ToolSet({
        interceptors: [
          { afterResult: (_call, result) => void outer.push(result.ok ? 'ok' : errorOf(result).kind) },
          broken,
        ],
      }).add(testTool('read', () => 'contents'));
      const result = await tools.call('read', '{}');
      expect(errorOf(result).kind).toBe('internal');
      expect(JSON.stringify(result.content)).not.toContain('sk-123');
      expect(outer).toEqual(['internal']);
    }
  });

  it('pass progress through when the intercepted call is iterated', async () => {
    const tools = new ToolSet({ interceptors: [{ aroundCall: (_call, proceed) => proceed() }] }).add(
      testTool('ticker', async function* () {
        yield 'one';
        yield 'two';
        return 'done';
      }),
    );
    const items: unknown[] = [];
    for await (const item of tools.execute('ticker', '{}', createCallContext({ toolName: 'ticker' })))
      items.push(item.type === 'terminal' ? item.result.ok && item.result.value : item);
    expect(items).toEqual([
      { type: 'progress', kind: 'text', text: 'one' },
      { type: 'progress', kind: 'text', text: 'two' },
      'done',
    ]);
  });

  it('see calls to unknown tools as not_found', async () => {
    const kinds: string[] = [];
    const tools = new ToolSet({
      interceptors: [
        { afterResult: (_call, result) => void kinds.push(result.ok ? 'ok' : result.error.kind) },
      ],
    }).add(testTool('read', () => 'x'));
    await tools.call('raed', '{}');
    expect(kinds).toEqual(['not_found']);
  });

  it('are checked when the set is built', () => {
    expect(() => new ToolSet({ interceptors: [{ beforeDecode: 'yes' as never }] })).toThrow(TypeError);
    expect(() => new ToolSet({ interceptors: [{ aroundCall: 1 as never }] })).toThrow(TypeError);
    expect(() => new ToolSet({ interceptors: {} as never })).toThrow(TypeError);
    expect(ToolError.is(new ToolError('internal'))).toBe(true);
  });
});
