import 'reflect-metadata';
import {
  NoArguments,
  Param,
  Tool,
  ToolSet,
  ToolStream,
  createCallContext,
  createToken,
  drainToTerminal,
  eraseTool,
  resultFromError,
  ToolError,
  type CallInterceptor,
  type ToolCallContext,
} from '@toolwright/core';

describe('streams and context', () => {
  it('streams progress and drains to one terminal', async () => {
    // #region stream
    class CountArgs {
      @Param({ integer: true, minimum: 1, maximum: 10 }) to!: number;
    }

    @Tool({ name: 'count', description: 'Count, reporting each number.', args: CountArgs })
    class Count {
      async *execute(args: CountArgs, ctx: ToolCallContext) {
        for (let n = 1; n <= args.to; n++) {
          if (ctx.signal.aborted) return 'stopped';
          yield {
            type: 'progress' as const,
            kind: 'text' as const,
            text: `${n}`,
            current: n,
            total: args.to,
          };
        }
        return `counted to ${args.to}`;
      }
    }

    const tools = new ToolSet().add(eraseTool(new Count()));
    const ctx = createCallContext({ toolName: 'count' });
    const stream = tools.execute('count', '{"to":3}', ctx); // progress items, then one terminal
    const progress: string[] = [];
    const result = await drainToTerminal(stream, (item) => item.kind === 'text' && progress.push(item.text));
    // progress: ['1', '2', '3']; result.ok === true; result.value === 'counted to 3'
    // #endregion
    expect(progress).toEqual(['1', '2', '3']);
    expect(result.ok && result.value).toBe('counted to 3');
  });

  it('carries host-only values by token and never shows them to the model', async () => {
    // #region context
    interface Session {
      userId: string;
      apiKey: string;
    }
    const SessionToken = createToken<Session>('Session');

    @Tool({ name: 'whoami', description: 'Who is calling.', args: NoArguments })
    class WhoAmI {
      run(_args: NoArguments, ctx: ToolCallContext) {
        const session = ctx.require(SessionToken); // missing_resource when the host gave none
        if (session.userId !== 'u-1') throw new Error(`bad key ${session.apiKey}`);
        return `user ${session.userId}`;
      }
    }

    const tools = new ToolSet().add(eraseTool(new WhoAmI()));
    const result = await tools.call('whoami', '{}', {
      extensions: [[SessionToken, { userId: 'u-1', apiKey: 'sk-secret' }]],
    });
    // result.ok === true; result.value === 'user u-1'
    // #endregion
    expect(result.ok && result.value).toBe('user u-1');
    const failed = await tools.call('whoami', '{}', {
      extensions: [[SessionToken, { userId: 'u-2', apiKey: 'sk-secret' }]],
    });
    expect(JSON.stringify(failed.content)).not.toContain('sk-secret');
    const missing = await tools.call('whoami', '{}');
    expect(!missing.ok && missing.error.kind).toBe('missing_resource');
  });

  it('cancels through the signal and times out tools that ignore it', async () => {
    // #region cancel
    @Tool({ name: 'sleep', description: 'Never finishes on its own.', args: NoArguments, timeoutMs: 50 })
    class Sleep {
      run(): Promise<never> {
        return new Promise(() => {}); // ignores its signal
      }
    }
    const tools = new ToolSet().add(eraseTool(new Sleep()));

    const timedOut = await tools.call('sleep', '{}'); // ok: false, kind 'timeout', after ~50 ms

    const controller = new AbortController();
    controller.abort();
    const cancelled = await tools.call('sleep', '{}', { signal: controller.signal }); // 'cancelled', never run
    // #endregion
    expect(!timedOut.ok && timedOut.error.kind).toBe('timeout');
    expect(!cancelled.ok && cancelled.error.kind).toBe('cancelled');
  });

  it("renders a result's content on first read, and copies it with toJSON", async () => {
    // #region results
    class LineArgs {
      @Param({ minLength: 1 }) path!: string;
    }

    @Tool({ name: 'count_lines', description: 'Count the lines of a file.', args: LineArgs })
    class CountLines {
      async run(args: LineArgs) {
        return { path: args.path, lines: 20 };
      }
    }
    const tools = new ToolSet().add(eraseTool(new CountLines()));
    const result = await tools.call('count_lines', '{"path":"a.ts"}');
    // result.value: the output as returned; result.json: its JSON form (here the output itself,
    // which is already plain JSON data)
    const text = result.content; // rendered now, once: [{ type: 'text', text: '{"path":"a.ts","lines":20}' }]
    const copy = { ...result }; // no `content` or `meta`: they are read through the prototype
    const plain = JSON.parse(JSON.stringify(result)); // toJSON() includes them
    // #endregion
    expect(result.ok && result.value).toEqual({ path: 'a.ts', lines: 20 });
    expect(result.ok && result.json).toBe(result.ok && result.value);
    expect(text).toEqual([{ type: 'text', text: '{"path":"a.ts","lines":20}' }]);
    expect(result.content).toBe(text);
    expect('content' in copy).toBe(false);
    expect('meta' in copy).toBe(false);
    expect(plain.content).toEqual(text);
    expect(plain.meta).toMatchObject({ toolName: 'count_lines', callId: result.meta.callId });
  });

  it('times a call only when asked', async () => {
    class WaitArgs {
      @Param({ integer: true, minimum: 0 }) ms!: number;
    }
    @Tool({ name: 'wait', description: 'Wait a while.', args: WaitArgs })
    class Wait {
      async run(args: WaitArgs) {
        await new Promise((resolve) => setTimeout(resolve, args.ms));
        return 'waited';
      }
    }
    // #region timing
    const tools = new ToolSet().add(eraseTool(new Wait()));
    const untimed = await tools.call('wait', '{"ms":20}'); // untimed.meta.durationMs === undefined
    const timed = await tools.call('wait', '{"ms":20}', { timing: true }); // timed.meta.durationMs ≈ 20
    const everyCall = new ToolSet({ timing: true }).add(eraseTool(new Wait()));
    // #endregion
    expect(untimed.meta.durationMs).toBeUndefined();
    expect(timed.meta.durationMs).toBeGreaterThanOrEqual(15);
    expect((await everyCall.call('wait', '{"ms":0}')).meta.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('runs interceptors around every call', async () => {
    @Tool({ name: 'add', description: 'Add two numbers.', args: NoArguments })
    class Add {
      run() {
        return 'three';
      }
    }
    const spans: string[] = [];
    // #region interceptors
    const timing: CallInterceptor = {
      beforeDecode: (call) => void spans.push(`start ${call.toolName} (depth ${call.depth})`),
      afterResult: (call, result) =>
        void spans.push(`end ${call.toolName}: ${result.ok ? 'ok' : result.error.kind}`),
    };
    const numbersOnly: CallInterceptor = {
      afterResult: (call, result) =>
        result.ok && typeof result.value !== 'number'
          ? resultFromError(
              new ToolError('invalid_output', `${call.toolName} returned no number.`),
              result.meta,
            )
          : undefined, // undefined keeps the result
    };
    const tools = new ToolSet({ interceptors: [timing, numbersOnly] }).add(eraseTool(new Add()));
    const result = await tools.call('add', '{}');
    // result.ok === false, kind 'invalid_output'; spans: ['start add (depth 0)', 'end add: invalid_output']
    // #endregion
    expect(!result.ok && result.error.kind).toBe('invalid_output');
    expect(spans).toEqual(['start add (depth 0)', 'end add: invalid_output']);
  });

  it('builds streams only through the sanctioned builders', async () => {
    // #region builders
    const terminalOnly = ToolStream.terminalOnly(() => {
      throw new Error('boom'); // becomes an execution_failed terminal, never a thrown error
    });
    const result = await drainToTerminal(terminalOnly);
    // result.ok === false; result.error.kind === 'execution_failed'
    // #endregion
    expect(!result.ok && result.error.kind).toBe('execution_failed');
  });
});
