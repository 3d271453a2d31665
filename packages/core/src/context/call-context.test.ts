import { ToolError } from '../errors/tool-error';
import { resultFromOutput } from '../result/result-from-output';
import type { ToolResult } from '../result/tool-result';
import { ToolStream } from '../stream/tool-stream';
import { createCallContext } from './create-call-context';
import { createToken } from './token';
import type { ToolCallContext, ToolDispatcher } from './tool-call-context';

interface Session {
  readonly user: string;
  readonly apiKey: string;
}
const SessionToken = createToken<Session>('Session');
const TraceId = createToken<string>('TraceId');

function errorOf(result: ToolResult): ToolError {
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

/** A dispatcher that records the context each inner call got and answers with `answer(ctx)`. */
function recordingDispatcher(answer: (ctx: ToolCallContext) => unknown = () => 'ok'): {
  dispatcher: ToolDispatcher;
  seen: ToolCallContext[];
} {
  const seen: ToolCallContext[] = [];
  const dispatcher: ToolDispatcher = {
    execute: (name, _rawArgs, ctx) =>
      ToolStream.terminalOnly(async () => {
        seen.push(ctx);
        const output = await answer(ctx);
        return resultFromOutput(output, {
          toolName: name,
          callId: ctx.callId,
          durationMs: 0,
          hostResults: new Map(),
        });
      }),
  };
  return { dispatcher, seen };
}

describe('createCallContext', () => {
  it('generates a call id when none is given', () => {
    const first = createCallContext({ toolName: 'read_file' });
    const second = createCallContext({ toolName: 'read_file' });
    expect(first.callId).toMatch(/^call_[a-z0-9]+_[a-z0-9]+$/);
    expect(first.callId).not.toBe(second.callId);
    expect(createCallContext({ toolName: 'read_file', callId: 'mine' }).callId).toBe('mine');
    expect(first.depth).toBe(0);
    expect(first.toolName).toBe('read_file');
  });

  it('reads host values by token, class tokens included', () => {
    class Workspace {
      constructor(readonly root: string) {}
    }
    const workspace = new Workspace('/srv/project');
    const ctx = createCallContext({
      toolName: 'read_file',
      extensions: [
        [SessionToken, { user: 'alice', apiKey: 'sk-live-123456' }],
        [Workspace, workspace],
      ],
    });
    expect(ctx.get(SessionToken)?.user).toBe('alice');
    expect(ctx.require(Workspace)).toBe(workspace);
    expect(ctx.get(TraceId)).toBeUndefined();
    ctx.set(TraceId, 'trace-42');
    expect(ctx.require(TraceId)).toBe('trace-42');
  });

  it('throws missing_resource naming the token when a required value is absent', () => {
    const ctx = createCallContext({ toolName: 'read_file' });
    let caught: unknown;
    try {
      ctx.require(SessionToken);
    } catch (error) {
      caught = error;
    }
    expect(ToolError.is(caught)).toBe(true);
    const error = caught as ToolError;
    expect(error.kind).toBe('missing_resource');
    expect(error.modelText).toBe(
      'read_file cannot run: it needs Session, which the host did not provide for this call. Use another tool.',
    );
    expect(error.details).toEqual({ token: 'Session' });
  });

  it('keeps host-only results apart from the extension bag', () => {
    const Cost = createToken<number>('Cost');
    const ctx = createCallContext({ toolName: 'web_search' });
    ctx.setResult(Cost, 3);
    expect(ctx.getResult(Cost)).toBe(3);
    expect(ctx.get(Cost)).toBeUndefined();
    expect(Array.from(ctx.results())).toEqual([[Cost, 3]]);
  });

  it('lists the strings held in its bags as host values', () => {
    const ctx = createCallContext({
      toolName: 'read_file',
      extensions: [[SessionToken, { user: 'alice', apiKey: 'sk-live-123456' }]],
    });
    expect(ctx.hostValues()).toEqual(expect.arrayContaining(['alice', 'sk-live-123456']));
    ctx.set(TraceId, 'trace-42');
    expect(ctx.hostValues()).toContain('trace-42');
  });

  it('follows the host signal', () => {
    const controller = new AbortController();
    const ctx = createCallContext({ toolName: 'grep', signal: controller.signal });
    expect(ctx.signal.aborted).toBe(false);
    controller.abort(new Error('user pressed stop'));
    expect(ctx.signal.aborted).toBe(true);
  });
});

describe('ctx.dispatch', () => {
  it('fails with not_implemented when no dispatcher is attached', async () => {
    const result = await createCallContext({ toolName: 'plan' }).dispatch('grep', '{}');
    expect(errorOf(result).kind).toBe('not_implemented');
    expect(result.content).toEqual([
      {
        type: 'text',
        text: 'plan tried to call grep, but tools cannot call other tools in this setting. Do the work without calling grep.',
      },
    ]);
  });

  it('runs the inner call one level deeper, with a copy of the bag', async () => {
    const { dispatcher, seen } = recordingDispatcher((ctx) => ctx.require(TraceId));
    const ctx = createCallContext({ toolName: 'plan', dispatcher, extensions: [[TraceId, 'trace-1']] });
    const result = await ctx.dispatch('grep', '{}', {
      extensions: [[SessionToken, { user: 'bob', apiKey: 'k' }]],
    });
    expect(result.ok && result.value).toBe('trace-1');
    const inner = seen[0]!;
    expect(inner.depth).toBe(1);
    expect(inner.toolName).toBe('grep');
    expect(inner.get(SessionToken)?.user).toBe('bob');
    inner.set(TraceId, 'changed');
    expect(ctx.get(TraceId)).toBe('trace-1');
  });

  it('refuses to go deeper than maxDepth', async () => {
    const { dispatcher } = recordingDispatcher((ctx) => ctx.dispatch('recurse', '{}'));
    const ctx = createCallContext({ toolName: 'recurse', dispatcher, maxDepth: 2 });
    const outer = await ctx.dispatch('recurse', '{}');
    // depth 1 calls depth 2, whose own dispatch would be depth 3: refused, and the refusal is its output.
    const depthTwo = outer.ok ? (outer.value as ToolResult) : undefined;
    const refused = depthTwo?.ok ? (depthTwo.value as ToolResult) : undefined;
    expect(refused?.ok).toBe(false);
    expect(errorOf(refused!).kind).toBe('permission_denied');
    expect(refused!.content).toEqual([
      {
        type: 'text',
        text: 'recurse cannot call recurse: tools may call other tools at most 2 levels deep. Finish the task without calling recurse from here.',
      },
    ]);
  });

  it('stops at the default limit of 8 levels', async () => {
    let deepest = 0;
    const { dispatcher } = recordingDispatcher(async (ctx) => {
      deepest = Math.max(deepest, ctx.depth);
      const inner = await ctx.dispatch('recurse', '{}');
      return inner.ok ? 'went deeper' : inner.error.kind;
    });
    await createCallContext({ toolName: 'recurse', dispatcher }).dispatch('recurse', '{}');
    expect(deepest).toBe(8);
  });

  it('aborts the inner call when the outer one is cancelled', async () => {
    const controller = new AbortController();
    let innerSignal: AbortSignal | undefined;
    const { dispatcher } = recordingDispatcher((ctx) => {
      innerSignal = ctx.signal;
      controller.abort();
      return innerSignal.aborted;
    });
    const ctx = createCallContext({ toolName: 'plan', dispatcher, signal: controller.signal });
    const result = await ctx.dispatch('grep', '{}');
    expect(result.ok && result.value).toBe(true);
    expect(innerSignal?.aborted).toBe(true);
  });

  it('never rejects when the dispatcher throws', async () => {
    const dispatcher: ToolDispatcher = {
      execute: () => {
        throw new Error('dispatcher bug');
      },
    };
    const result = await createCallContext({ toolName: 'plan', dispatcher }).dispatch('grep', '{}');
    expect(errorOf(result).kind).toBe('execution_failed');
  });
});
