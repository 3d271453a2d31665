import type { ToolCallContext } from '../context/tool-call-context';
import { ToolError } from '../errors/tool-error';
import { normalizeToolResult } from '../result/normalize-tool-result';
import { resultFromError } from '../result/result-from-error';
import type { ToolResult } from '../result/tool-result';
import { guardListener } from '../stream/guard-listener';
import { isThenable } from '../stream/is-thenable';
import type { ProgressItem } from '../stream/progress-item';
import { originMeta, type StreamOrigin } from '../stream/stream-origin';
import type { CallStream, ProgressListener } from '../stream/tool-stream';
import type { ToolStreamItem } from '../stream/tool-stream-item';
import type { CallInterceptor, InterceptedCall } from './call-interceptor';

type HookName = 'beforeDecode' | 'aroundCall' | 'afterResult';

/**
 * The call `run` makes, with `interceptors` around it (see `CallInterceptor`): for each in turn
 * its `beforeDecode`, its `aroundCall` around the rest, its `afterResult`. The call is read to its
 * result with the rest's progress passed on, by chained promises (a hook's promise only where a
 * hook returns one), so an interceptor that does little costs little. Iterating the stream reads
 * it the same way (progress items as they come, then the terminal), to the end: every
 * interceptor sees the call's result.
 */
export function interceptCall(
  interceptors: readonly CallInterceptor[],
  call: InterceptedCall,
  run: CallRun,
  name: string,
): CallStream {
  return new InterceptedStream(interceptors, call, run, name);
}

/** Runs the call itself, once the interceptors let it (`name` as the caller gave it). */
export type CallRun = (name: string, rawArgs: unknown, ctx: ToolCallContext) => CallStream;

/** The call as interceptors see it; reads the context's fields defensively (it may be the host's). */
export function interceptedCall(
  toolName: string,
  rawArgs: unknown,
  context: ToolCallContext,
): InterceptedCall {
  let depth = 0;
  try {
    if (typeof context.depth === 'number') depth = context.depth;
  } catch {
    // A context whose getters throw still gets its call intercepted.
  }
  return new CallView(toolName, rawArgs, depth, context);
}

// The call id is read from the context when first asked for: a context makes its id when first
// read, and an interceptor with nothing to record need not pay for it. Its fields are read-only
// getters rather than a frozen object: freezing cost more than the rest of a light interceptor.
class CallView implements InterceptedCall {
  readonly #toolName: string;
  readonly #rawArgs: unknown;
  readonly #depth: number;
  readonly #context: ToolCallContext;
  #callId: string | undefined;

  constructor(toolName: string, rawArgs: unknown, depth: number, context: ToolCallContext) {
    this.#toolName = toolName;
    this.#rawArgs = rawArgs;
    this.#depth = depth;
    this.#context = context;
  }

  get toolName(): string {
    return this.#toolName;
  }

  get rawArgs(): unknown {
    return this.#rawArgs;
  }

  get depth(): number {
    return this.#depth;
  }

  get context(): ToolCallContext {
    return this.#context;
  }

  get callId(): string {
    if (this.#callId === undefined) {
      let callId = '';
      try {
        const read: unknown = this.#context.callId;
        if (typeof read === 'string') callId = read;
      } catch {
        // A context whose getters throw still gets its call intercepted.
      }
      this.#callId = callId;
    }
    return this.#callId;
  }
}

class InterceptedStream implements CallStream {
  #consumed = false;
  #listener: ProgressListener | undefined;

  constructor(
    private readonly interceptors: readonly CallInterceptor[],
    // The call is also the origin (tool name, call id) of the results made up here.
    private readonly call: InterceptedCall,
    private readonly run: CallRun,
    private readonly name: string,
  ) {}

  result(onProgress?: ProgressListener): Promise<ToolResult> {
    if (this.#consumed) return Promise.resolve(consumedTwice(this.call));
    this.#consumed = true;
    if (onProgress !== undefined) this.#listener = guardListener(onProgress);
    return this.#from(0);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<ToolStreamItem, void, undefined> {
    const items: ProgressItem[] = [];
    let next = 0;
    let wake: (() => void) | undefined;
    let result: ToolResult | undefined;
    void this.result((item) => {
      items.push(item);
      wake?.();
    }).then((settled) => {
      result = settled;
      wake?.();
    });
    for (;;) {
      while (next < items.length) yield items[next++]!;
      if (result !== undefined) {
        yield { type: 'terminal', result };
        return;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = undefined;
    }
  }

  // The interceptors from `index` on, around the call itself.
  #from(index: number): Promise<ToolResult> {
    const interceptor = this.interceptors[index];
    if (interceptor === undefined) return this.#last();
    const { beforeDecode, afterResult } = interceptor;
    const call = this.call;
    let pending: Promise<ToolResult>;
    if (beforeDecode === undefined) pending = this.#around(index, interceptor);
    else {
      const answer = hook(() => beforeDecode(call), call, 'beforeDecode');
      if (isThenable(answer))
        pending = answer.then((answered) => answered ?? this.#around(index, interceptor));
      else pending = answer === undefined ? this.#around(index, interceptor) : Promise.resolve(answer);
    }
    if (afterResult === undefined) return pending;
    return pending.then((result) => {
      const replaced = hook(() => afterResult(call, result), call, 'afterResult');
      return isThenable(replaced) ? replaced.then((answer) => answer ?? result) : (replaced ?? result);
    });
  }

  // One interceptor's aroundCall around the rest of the call (the rest as is when it has none).
  #around(index: number, interceptor: CallInterceptor): Promise<ToolResult> {
    const aroundCall = interceptor.aroundCall;
    if (aroundCall === undefined) return this.#from(index + 1);
    const call = this.call;
    let proceeded: Promise<ToolResult> | undefined;
    const proceed = (): Promise<ToolResult> => (proceeded ??= this.#from(index + 1));
    let answer: unknown;
    try {
      answer = aroundCall(call, proceed);
    } catch (thrown) {
      return Promise.resolve(failed(call, 'aroundCall', thrown));
    }
    // The rest's own result handed on: it is well-formed already.
    if (answer === proceeded && proceeded !== undefined) return proceeded;
    if (!isThenable(answer)) return Promise.resolve(resultOf(answer, call, 'aroundCall'));
    return Promise.resolve(answer).then(
      (settled) => resultOf(settled, call, 'aroundCall'),
      (thrown: unknown) => failed(call, 'aroundCall', thrown),
    );
  }

  #last(): Promise<ToolResult> {
    try {
      return this.run(this.name, this.call.rawArgs, this.call.context).result(this.#listener);
    } catch (thrown) {
      return Promise.resolve(resultFromError(thrown, originMeta(this.call)));
    }
  }
}

// One hook's answer: a result to use, or undefined to go on (a promise of either only when the
// hook returned one); a throw, a rejection or a value that is not a result becomes an `internal`
// failure, so a broken interceptor cannot break the call.
function hook(
  run: () => unknown,
  origin: StreamOrigin,
  name: HookName,
): ToolResult | undefined | Promise<ToolResult | undefined> {
  let answer: unknown;
  try {
    answer = run();
  } catch (thrown) {
    return failed(origin, name, thrown);
  }
  if (isThenable(answer)) {
    return Promise.resolve(answer).then(
      (settled) => (settled === undefined ? undefined : resultOf(settled, origin, name)),
      (thrown: unknown) => failed(origin, name, thrown),
    );
  }
  return answer === undefined ? undefined : resultOf(answer, origin, name);
}

function resultOf(answer: unknown, origin: StreamOrigin, name: HookName): ToolResult {
  return normalizeToolResult(answer, () => originMeta(origin)) ?? failed(origin, name, answer);
}

function failed(origin: StreamOrigin, name: HookName, cause: unknown): ToolResult {
  return resultFromError(
    ToolError.internal(undefined, {
      toolName: origin.toolName,
      cause,
      details: {
        reason: `a call interceptor's ${name} failed or returned something that is not a ToolResult`,
      },
    }),
    originMeta(origin),
  );
}

function consumedTwice(origin: StreamOrigin): ToolResult {
  return resultFromError(
    ToolError.internal(undefined, {
      details: { reason: 'a tool stream was consumed twice; each call needs its own stream' },
    }),
    originMeta(origin),
  );
}
