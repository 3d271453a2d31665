import { ToolError } from '../errors/tool-error';
import { normalizeToolResult } from '../result/normalize-tool-result';
import { resultFromError } from '../result/result-from-error';
import type { ToolResult } from '../result/tool-result';
import { closeQuietly } from './close-quietly';
import { guardListener } from './guard-listener';
import { isThenable } from './is-thenable';
import { isProgressItem, type ProgressItem } from './progress-item';
import { originMeta, type StreamOrigin } from './stream-origin';
import type { TerminalItem, ToolStreamItem } from './tool-stream-item';

/**
 * What an erased tool's `execute` returns: progress items, then exactly one terminal item.
 * Build one only with `ToolStream.terminalOnly` or `ToolStream.withProgress`; consume it with
 * `drainToTerminal`. A stream is single-use: iterating it again yields an `internal` failure
 * instead of running the tool twice.
 */
export type ToolStream = AsyncIterable<ToolStreamItem>;

/** Receives progress items while a stream is drained. */
export type ProgressListener = (item: ProgressItem) => void;

/**
 * A tool stream as the sanctioned builders make it (and as `ToolSet.execute` always returns it):
 * iterable, or drained to its one result by `result()`.
 */
export interface CallStream extends ToolStream {
  /**
   * Reads the stream to its one result, progress to `onProgress` (a listener that throws is
   * ignored), without the per-item promises of iteration. Never rejects. A stream is read once:
   * iterating it afterwards, or a second `result()`, gives an `internal` failure.
   */
  result(onProgress?: ProgressListener): Promise<ToolResult>;
}

/** Whether `stream` was built by `ToolStream.terminalOnly` or `ToolStream.withProgress`. */
export function isCallStream(stream: unknown): stream is CallStream {
  return (
    stream instanceof EngineStream || stream instanceof TerminalOnlyStream || stream instanceof ProgressStream
  );
}

/** A stream with no progress: `run` gives the result. A throw or rejection becomes a failure result. */
function terminalOnly(run: () => Promise<ToolResult> | ToolResult, origin: StreamOrigin = {}): CallStream {
  return new TerminalOnlyStream(run, origin);
}

/** Runs one call of the engine to its result; never throws, and a promise never rejects. */
export interface CallRunner<C> {
  run(rawArgs: unknown, ctx: C): Promise<ToolResult> | ToolResult;
}

/**
 * The stream of one call of the runtime's own engine (`runner`), which builds a well-formed
 * result and never rejects: the result is passed on as is, without the check (and the promise
 * turn) that a result from elsewhere needs. Internal.
 */
export function engineStream<C>(
  runner: CallRunner<C>,
  rawArgs: unknown,
  ctx: C,
  origin: StreamOrigin,
): CallStream {
  return new EngineStream(runner, rawArgs, ctx, origin);
}

/**
 * A stream from an async generator: every `yield` is a progress item, the `return` value the
 * terminal result, a throw a failure result. When the consumer stops iterating early, the
 * generator is closed (its `finally` blocks run), so a tool can release what it holds.
 */
function withProgress(
  generator: () => AsyncGenerator<ProgressItem, ToolResult, undefined>,
  origin: StreamOrigin = {},
): CallStream {
  return new ProgressStream(generator, origin);
}

// Classes rather than object literals: a literal with generator methods allocates a function
// object and its prototype per stream, which showed up as a fifth of a fast call's cost.
class TerminalOnlyStream implements CallStream {
  #consumed = false;

  constructor(
    private readonly run: () => Promise<ToolResult> | ToolResult,
    private readonly origin: StreamOrigin,
  ) {}

  result(): Promise<ToolResult> {
    return this.#settle();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<ToolStreamItem, void, undefined> {
    yield terminal(await this.#settle());
  }

  // Plain promise chaining rather than an async method: one promise layer fewer per call.
  #settle(): Promise<ToolResult> {
    const origin = this.origin;
    if (this.#consumed) return Promise.resolve(alreadyConsumed(origin));
    this.#consumed = true;
    try {
      const outcome = this.run();
      if (!isThenable(outcome)) return Promise.resolve(checkedResult(outcome, origin));
      return Promise.resolve(outcome).then(
        (result) => checkedResult(result, origin),
        (thrown: unknown) => resultFromError(thrown, originMeta(origin)),
      );
    } catch (thrown) {
      return Promise.resolve(resultFromError(thrown, originMeta(origin)));
    }
  }
}

class EngineStream<C> implements CallStream {
  #consumed = false;

  constructor(
    private readonly runner: CallRunner<C>,
    private readonly rawArgs: unknown,
    private readonly ctx: C,
    private readonly origin: StreamOrigin,
  ) {}

  result(): Promise<ToolResult> {
    if (this.#consumed) return Promise.resolve(alreadyConsumed(this.origin));
    this.#consumed = true;
    try {
      const outcome = this.runner.run(this.rawArgs, this.ctx);
      return outcome instanceof Promise ? outcome : Promise.resolve(outcome);
    } catch (thrown) {
      return Promise.resolve(resultFromError(thrown, originMeta(this.origin)));
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<ToolStreamItem, void, undefined> {
    yield terminal(await this.result());
  }

  // Every call makes one of these; one that lives as long as the class keeps the call path fast
  // across a full garbage collection (a benchmark's gc() between rounds, an idle process's memory
  // reducer), as CallContext's does: without it, measured, the calls after each such collection
  // ran about a third slower until they warmed up again.
  static readonly #witness = new EngineStream({ run: () => alreadyConsumed({}) }, undefined, undefined, {});
}

class ProgressStream implements CallStream {
  #consumed = false;

  constructor(
    private readonly generator: () => AsyncGenerator<ProgressItem, ToolResult, undefined>,
    private readonly origin: StreamOrigin,
  ) {}

  result(onProgress?: ProgressListener): Promise<ToolResult> {
    if (this.#consumed) return Promise.resolve(alreadyConsumed(this.origin));
    this.#consumed = true;
    return pushAll(
      this.generator,
      this.origin,
      onProgress === undefined ? undefined : guardListener(onProgress),
    );
  }

  [Symbol.asyncIterator](): AsyncIterator<ToolStreamItem> {
    if (this.#consumed) return single(alreadyConsumed(this.origin));
    this.#consumed = true;
    return pullAll(this.generator, this.origin);
  }
}

/** The only sanctioned builders of tool streams. */
export const ToolStream = Object.freeze({ terminalOnly, withProgress });

async function pushAll(
  generator: () => AsyncGenerator<ProgressItem, ToolResult, undefined>,
  origin: StreamOrigin,
  onProgress: ProgressListener | undefined,
): Promise<ToolResult> {
  let iterator: AsyncGenerator<ProgressItem, ToolResult, undefined>;
  try {
    iterator = generator();
  } catch (thrown) {
    return resultFromError(thrown, originMeta(origin));
  }
  for (;;) {
    let step: IteratorResult<ProgressItem, ToolResult>;
    try {
      step = await iterator.next();
    } catch (thrown) {
      return resultFromError(thrown, originMeta(origin));
    }
    if (step.done === true) return checkedResult(step.value, origin);
    if (onProgress !== undefined && isProgressItem(step.value)) onProgress(step.value);
  }
}

async function* pullAll(
  generator: () => AsyncGenerator<ProgressItem, ToolResult, undefined>,
  origin: StreamOrigin,
): AsyncGenerator<ToolStreamItem, void, undefined> {
  let iterator: AsyncGenerator<ProgressItem, ToolResult, undefined>;
  try {
    iterator = generator();
  } catch (thrown) {
    yield terminal(resultFromError(thrown, originMeta(origin)));
    return;
  }
  let finished = false;
  try {
    for (;;) {
      let step: IteratorResult<ProgressItem, ToolResult>;
      try {
        step = await iterator.next();
      } catch (thrown) {
        finished = true;
        yield terminal(resultFromError(thrown, originMeta(origin)));
        return;
      }
      if (step.done === true) {
        finished = true;
        yield terminal(checkedResult(step.value, origin));
        return;
      }
      if (isProgressItem(step.value)) yield step.value;
    }
  } finally {
    // The consumer stopped early: close the generator so its `finally` blocks run. Not awaited,
    // so a generator that never finishes cannot hang the consumer's `break`.
    if (!finished) closeQuietly(iterator);
  }
}

function checkedResult(value: unknown, origin: StreamOrigin): ToolResult {
  return (
    normalizeToolResult(value, () => originMeta(origin)) ??
    resultFromError(
      ToolError.streamNoTerminal(undefined, {
        toolName: origin.toolName,
        details: { reason: 'the stream ended with a value that is not a ToolResult' },
      }),
      originMeta(origin),
    )
  );
}

function alreadyConsumed(origin: StreamOrigin): ToolResult {
  return resultFromError(
    ToolError.internal(undefined, {
      details: { reason: 'a tool stream was consumed twice; each call needs its own stream' },
    }),
    originMeta(origin),
  );
}

function terminal(result: ToolResult): TerminalItem {
  return { type: 'terminal', result };
}

function single(result: ToolResult): AsyncIterator<ToolStreamItem> {
  let done = false;
  return {
    next: () => {
      if (done) return Promise.resolve({ done: true, value: undefined });
      done = true;
      return Promise.resolve({ done: false, value: terminal(result) });
    },
  };
}
