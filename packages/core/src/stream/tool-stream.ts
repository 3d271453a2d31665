import { ToolError } from '../errors/tool-error';
import { normalizeToolResult } from '../result/normalize-tool-result';
import { resultFromError } from '../result/result-from-error';
import type { ToolResult } from '../result/tool-result';
import { closeQuietly } from './close-quietly';
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

// The sanctioned builders also expose a push-style drain, so `drainToTerminal` skips the
// per-item promise and wrapper objects of async iteration (the dominant cost of a fast call).
const DRAIN = Symbol('toolwright.ToolStream.drain');

interface DrainableStream extends ToolStream {
  readonly [DRAIN]: (onProgress: ProgressListener | undefined) => Promise<ToolResult>;
}

/**
 * Drains a stream built by this module through its push-style hook (no per-item promises);
 * `undefined` for any other stream, which must then be iterated. The promise never rejects.
 */
export function drainDirectly(
  stream: unknown,
  onProgress: ProgressListener | undefined,
): Promise<ToolResult> | undefined {
  return stream instanceof TerminalOnlyStream || stream instanceof ProgressStream
    ? stream[DRAIN](onProgress)
    : undefined;
}

/** A stream with no progress: `run` gives the result. A throw or rejection becomes a failure result. */
function terminalOnly(run: () => Promise<ToolResult> | ToolResult, origin: StreamOrigin = {}): ToolStream {
  return new TerminalOnlyStream(run, origin, false);
}

/**
 * `terminalOnly` for the runtime's own engine, whose `run` builds a well-formed result and never
 * rejects: its result is passed through as is, without the check (and the promise turn) that a
 * result from elsewhere needs. Internal.
 */
export function engineTerminalOnly(
  run: () => Promise<ToolResult> | ToolResult,
  origin: StreamOrigin,
): ToolStream {
  return new TerminalOnlyStream(run, origin, true);
}

/**
 * A stream from an async generator: every `yield` is a progress item, the `return` value the
 * terminal result, a throw a failure result. When the consumer stops iterating early, the
 * generator is closed (its `finally` blocks run), so a tool can release what it holds.
 */
function withProgress(
  generator: () => AsyncGenerator<ProgressItem, ToolResult, undefined>,
  origin: StreamOrigin = {},
): ToolStream {
  return new ProgressStream(generator, origin);
}

// Classes rather than object literals: a literal with generator methods allocates a function
// object and its prototype per stream, which showed up as a fifth of a fast call's cost.
class TerminalOnlyStream implements DrainableStream {
  #consumed = false;

  constructor(
    private readonly run: () => Promise<ToolResult> | ToolResult,
    private readonly origin: StreamOrigin,
    private readonly trusted: boolean,
  ) {}

  [DRAIN](): Promise<ToolResult> {
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
      if (this.trusted) return outcome instanceof Promise ? outcome : Promise.resolve(outcome);
      if (!isThenable(outcome)) return Promise.resolve(checkedResult(outcome, origin));
      return Promise.resolve(outcome).then(
        (result) => checkedResult(result, origin),
        (thrown: unknown) => resultFromError(thrown, originMeta(origin)),
      );
    } catch (thrown) {
      return Promise.resolve(resultFromError(thrown, originMeta(origin)));
    }
  }

  // Keeps this class's hidden class alive through full GCs: see CallContext's layout witness.
  static readonly #layoutWitness = new TerminalOnlyStream(() => alreadyConsumed({}), {}, true);
}

class ProgressStream implements DrainableStream {
  #consumed = false;

  constructor(
    private readonly generator: () => AsyncGenerator<ProgressItem, ToolResult, undefined>,
    private readonly origin: StreamOrigin,
  ) {}

  [DRAIN](onProgress: ProgressListener | undefined): Promise<ToolResult> {
    if (this.#consumed) return Promise.resolve(alreadyConsumed(this.origin));
    this.#consumed = true;
    return pushAll(this.generator, this.origin, onProgress);
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
