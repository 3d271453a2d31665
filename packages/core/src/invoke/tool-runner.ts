import { adoptCallContext } from '../context/adopt-call-context';
import type { CallContext } from '../context/call-context';
import type { ToolCallContext } from '../context/tool-call-context';
import { ArgumentRejection } from '../errors/argument-rejection';
import { ToolError } from '../errors/tool-error';
import { resultFromError } from '../result/result-from-error';
import { outputResult, type OutputRenderOptions } from '../result/result-from-output';
import { callMeta, type ToolResult, type ToolResultMeta, type ToolSuccess } from '../result/tool-result';
import { closeQuietly } from '../stream/close-quietly';
import { isThenable } from '../stream/is-thenable';
import { toProgressItem, type ProgressItem } from '../stream/progress-item';
import { scrubProgress } from '../stream/scrub-progress';
import type { StreamOrigin } from '../stream/stream-origin';
import { eventLoopTurn, nextTurnAt, turnDue } from '../stream/event-loop-turn';
import { engineStream, ToolStream, type CallStream } from '../stream/tool-stream';
import type { OutputChecker } from '../decode/create-output-checker';
import { busyError, type BusyScope } from './busy-error';
import { CallGuard, type GuardOutcome } from './call-guard';
import type { ConcurrencyLimiter } from './concurrency-limiter';
import { DEFAULT_OUTPUT_VALIDATION, type OutputValidationMode } from './output-validation';

/** Everything the engine needs for one tool, resolved once at creation. */
export interface ToolRunnerConfig {
  readonly name: string;
  /**
   * Raw arguments to the tool's: the arguments, or the `ToolError` that rejects them (returned,
   * because a throw costs more than the whole decode; a throw rejects too), or a native promise
   * of either. `createErasedTool` adapts an author's decoder to this (see `engineDecoder`).
   */
  readonly decode: (rawArgs: unknown, ctx: ToolCallContext) => unknown;
  readonly invoke: (args: any, ctx: ToolCallContext) => unknown;
  readonly streaming: boolean | undefined;
  readonly render: OutputRenderOptions;
  readonly timeoutMs: number | undefined;
  readonly graceMs: number;
  readonly limiter: ConcurrencyLimiter | undefined;
  readonly maxArgumentBytes: number;
  /** The check of the output against the declared output; absent when the tool declares none. */
  readonly checkOutput: OutputChecker | undefined;
  /** The tool's own output validation mode, over its set's (see `OutputPolicy`). */
  readonly outputValidation: OutputValidationMode | undefined;
}

type AsyncIteratorLike = AsyncIterator<unknown, unknown, undefined>;

// The start time of a call that is not timed (`ctx.timed` false): the clock is never read.
const UNTIMED = -1;

/**
 * The execution engine of one erased tool. Cost is paid only for what can happen: a call with
 * no deadline, no limiter and no way to be aborted runs decode → invoke → result with no timer,
 * no listener and no AbortController (the context creates one only if the tool reads
 * `ctx.signal`); everything else goes through a `CallGuard`.
 */
export class ToolRunner {
  readonly #config: ToolRunnerConfig;
  readonly #origin: StreamOrigin;

  constructor(config: ToolRunnerConfig) {
    this.#config = config;
    this.#origin = Object.freeze({ toolName: config.name });
  }

  /** The call as a stream: terminal-only for tools declared non-streaming, progress otherwise. */
  execute(rawArgs: unknown, ctx: ToolCallContext): CallStream {
    if (this.#config.streaming === false) return engineStream(this, rawArgs, ctx, this.#origin);
    return ToolStream.withProgress(() => this.stream(rawArgs, ctx), this.#origin);
  }

  /**
   * Runs one call to its result, dropping progress. A call whose decode and tool are synchronous
   * returns its result directly (no promise at all); anything else returns a promise that never
   * rejects.
   */
  run(rawArgs: unknown, callerContext: ToolCallContext): ToolResult | Promise<ToolResult> {
    const config = this.#config;
    const ctx = adoptCallContext(callerContext, config.name);
    const startedAt = ctx.timed ? performance.now() : UNTIMED;
    // Ownership of ctx.release() passes to whichever asynchronous continuation takes over.
    let releaseHere = true;
    try {
      const refused = this.#refuse(rawArgs, ctx, startedAt);
      if (refused !== undefined) return refused;
      // The set's slot, when the set handed its limiter over (see ToolSet); held until
      // ctx.release(), which every path below ends with. A free slot costs a counter.
      const setLimiter = ctx.slotLimiter;
      if (setLimiter !== undefined) {
        ctx.slotLimiter = undefined;
        const since = setLimiter.enter();
        if (since === undefined) {
          releaseHere = false;
          return this.#runAfterSlot(setLimiter, rawArgs, ctx, startedAt);
        }
        ctx.holdSlot(setLimiter, since);
      }
      if (config.limiter !== undefined || config.timeoutMs !== undefined || ctx.canBeAborted()) {
        releaseHere = false;
        return this.#guardedRun(rawArgs, ctx, startedAt);
      }
      let output: unknown;
      try {
        output = this.#start(rawArgs, ctx);
      } catch (thrown) {
        return this.#failure(thrown, ctx, startedAt);
      }
      if (output instanceof Rejected) return this.#failure(output.error, ctx, startedAt);
      // An async tool's promise (the common case) is known without reading its `then`.
      if (output instanceof Promise || isThenable(output) || isAsyncIterator(output)) {
        releaseHere = false;
        return this.#finish(output, ctx, startedAt);
      }
      return this.#success(output, ctx, startedAt);
    } catch (thrown) {
      return this.#failure(ToolError.internal(undefined, { cause: thrown }), ctx, startedAt);
    } finally {
      if (releaseHere) ctx.release();
    }
  }

  /**
   * Runs one call as a generator: each value the tool yields becomes a progress item, its return
   * value the result. If the consumer stops early, the call's signal is aborted and the tool's
   * generator closed (F8).
   */
  async *stream(
    rawArgs: unknown,
    callerContext: ToolCallContext,
  ): AsyncGenerator<ProgressItem, ToolResult, undefined> {
    const config = this.#config;
    const ctx = adoptCallContext(callerContext, config.name);
    const startedAt = ctx.timed ? performance.now() : UNTIMED;
    let guard: CallGuard | undefined;
    let release: (() => void) | undefined;
    let iterator: AsyncIteratorLike | undefined;
    let turnAt = 0;
    let finished = false;
    // Set when a stop left tool work running: the guard then gives the slot back, not us.
    let releaseDeferred = false;
    const deferRelease = (): void => release?.();
    try {
      const refused = this.#refuse(rawArgs, ctx, startedAt);
      if (refused !== undefined) {
        finished = true;
        return refused;
      }
      // The set's slot, when the set handed its limiter over (see ToolSet.execute); taken once.
      const setLimiter = ctx.slotLimiter;
      ctx.slotLimiter = undefined;
      if (
        config.limiter !== undefined ||
        setLimiter !== undefined ||
        config.timeoutMs !== undefined ||
        ctx.canBeAborted()
      ) {
        guard = new CallGuard(ctx, config.name, config.timeoutMs, config.graceMs);
      }
      if (setLimiter !== undefined) {
        const slot = await this.#acquire(setLimiter, 'tool set', guard!, ctx, startedAt);
        if (typeof slot !== 'function') {
          finished = true;
          return slot;
        }
        release = slot;
      }
      if (config.limiter !== undefined) {
        const slot = await this.#acquire(config.limiter, 'tool', guard!, ctx, startedAt);
        if (typeof slot !== 'function') {
          finished = true;
          release?.();
          release = undefined;
          return slot;
        }
        const releaseSet = release;
        release = releaseSet === undefined ? slot : () => (slot(), releaseSet());
      }
      let started: unknown;
      try {
        started = this.#start(rawArgs, ctx);
        if (started instanceof Rejected) started = Promise.reject(started.error);
      } catch (thrown) {
        started = Promise.reject(thrown);
      }
      let outcome = await settle(started, guard, deferRelease);
      for (;;) {
        if (outcome.kind === 'stopped') {
          finished = true;
          releaseDeferred = outcome.detached;
          if (iterator !== undefined) closeQuietly(iterator);
          return this.#stopped(guard!, ctx, startedAt, outcome.detached);
        }
        if (outcome.kind === 'error') {
          finished = true;
          return this.#failure(outcome.error, ctx, startedAt);
        }
        if (iterator === undefined) {
          if (!isAsyncIterator(outcome.value)) {
            finished = true;
            return this.#success(outcome.value, ctx, startedAt);
          }
          iterator = outcome.value;
          turnAt = nextTurnAt();
        } else {
          const step = outcome.value as IteratorResult<unknown, unknown>;
          if (step.done === true) {
            finished = true;
            return this.#success(step.value, ctx, startedAt);
          }
          // Progress reaches clients and models as it is: host-only values are scrubbed here (R22).
          yield scrubProgress(toProgressItem(step.value), ctx.hostValues());
          // A generator that never awaits must still let the deadline and an abort fire (F25).
          if (turnDue(turnAt)) {
            await eventLoopTurn();
            turnAt = nextTurnAt();
          }
        }
        outcome = await settle(nextOf(iterator), guard, deferRelease);
      }
    } catch (thrown) {
      finished = true;
      return this.#failure(ToolError.internal(undefined, { cause: thrown }), ctx, startedAt);
    } finally {
      if (!finished) {
        // The consumer stopped listening (break, return): stop the tool too.
        ctx.abort(
          ToolError.cancelled(undefined, {
            toolName: config.name,
            details: { reason: 'the consumer stopped reading the stream' },
          }),
        );
        if (iterator !== undefined) closeQuietly(iterator);
      }
      guard?.dispose();
      if (!releaseDeferred) release?.();
      ctx.release();
    }
  }

  // A call that found the set's slots all taken: in line (under its deadline and signal), then
  // run; or refused at once when the line is full too.
  async #runAfterSlot(
    limiter: ConcurrencyLimiter,
    rawArgs: unknown,
    ctx: CallContext,
    startedAt: number,
  ): Promise<ToolResult> {
    const config = this.#config;
    const guard = new CallGuard(ctx, config.name, config.timeoutMs, config.graceMs);
    let slot: (() => void) | ToolResult;
    try {
      slot = await this.#acquire(limiter, 'tool set', guard, ctx, startedAt);
    } catch (thrown) {
      slot = this.#failure(ToolError.internal(undefined, { cause: thrown }), ctx, startedAt);
    } finally {
      guard.dispose();
    }
    if (typeof slot !== 'function') {
      ctx.release();
      return slot;
    }
    ctx.holdSlot(slot);
    return this.run(rawArgs, ctx);
  }

  // Refusals that need no decoding: an already-aborted call (F11) and oversized raw arguments (R1).
  #refuse(rawArgs: unknown, ctx: CallContext, startedAt: number): ToolResult | undefined {
    if (ctx.isAborted()) {
      const name = this.#config.name;
      return this.#failure(
        ToolError.cancelled(`The call to ${name} was cancelled before it started.`, { toolName: name }),
        ctx,
        startedAt,
      );
    }
    const maxBytes = this.#config.maxArgumentBytes;
    // A UTF-16 code unit is 1 to 3 bytes of UTF-8, so most strings need no byte count. The wording
    // matches the decoder's own R1 check, so the model reads one message whichever fires first.
    if (typeof rawArgs === 'string' && rawArgs.length * 3 > maxBytes) {
      const limit = maxBytes.toLocaleString('en-US');
      const size =
        rawArgs.length > maxBytes ? `more than ${limit}` : new TextEncoder().encode(rawArgs).byteLength;
      if (typeof size === 'string' || size > maxBytes) {
        const name = this.#config.name;
        return this.#failure(
          ToolError.payloadTooLarge(
            `The arguments for ${name} are ${typeof size === 'string' ? size : size.toLocaleString('en-US')} bytes of JSON; the limit is ${limit} bytes. Send less data in one call (for example, split the work into several calls).`,
            { toolName: name, details: { maxBytes } },
          ),
          ctx,
          startedAt,
        );
      }
    }
    return undefined;
  }

  // The unguarded path once the tool turned out to be asynchronous: one reaction on the tool's
  // promise, not an async function, which adds a promise and a resumption to every call.
  #finish(pending: unknown, ctx: CallContext, startedAt: number): Promise<ToolResult> {
    const fail = (thrown: unknown): ToolResult => this.#settleFailure(thrown, ctx, startedAt);
    try {
      if (pending instanceof Promise) {
        return pending.then((output) => this.#settleOutput(output, ctx, startedAt, true), fail);
      }
      if (!isThenable(pending)) {
        return this.#collect(pending as AsyncIteratorLike, ctx).then(
          (output) => this.#settleOutput(output, ctx, startedAt, false),
          fail,
        );
      }
      const promise = pending instanceof Promise ? pending : Promise.resolve(pending);
      return promise.then((output) => this.#settleOutput(output, ctx, startedAt, true), fail);
    } catch (thrown) {
      // Promise.resolve reads the promise's `constructor`, which a hostile thenable can make throw.
      return Promise.resolve(fail(thrown));
    }
  }

  // An unguarded asynchronous call's output: its result, after running an iterator to its end.
  #settleOutput(
    output: unknown,
    ctx: CallContext,
    startedAt: number,
    mayIterate: boolean,
  ): ToolResult | Promise<ToolResult> {
    if (mayIterate && isAsyncIterator(output)) {
      return this.#collect(output, ctx).then(
        (collected) => this.#settleOutput(collected, ctx, startedAt, false),
        (thrown: unknown) => this.#settleFailure(thrown, ctx, startedAt),
      );
    }
    try {
      return this.#success(output, ctx, startedAt);
    } catch (thrown) {
      return this.#failure(thrown, ctx, startedAt);
    } finally {
      ctx.release();
    }
  }

  #settleFailure(thrown: unknown, ctx: CallContext, startedAt: number): ToolResult {
    try {
      return this.#failure(thrown, ctx, startedAt);
    } finally {
      ctx.release();
    }
  }

  // The guarded route of `run`: a deadline, a signal that can abort, or the tool's own limiter.
  // The tool's slot is taken first (at once, or after waiting in line under the guard), then the
  // call runs as any guarded call does, the slot given back when it ends (or, when the call was
  // stopped with tool work still running, when that work settles or its grace period ends).
  #guardedRun(rawArgs: unknown, ctx: CallContext, startedAt: number): ToolResult | Promise<ToolResult> {
    const config = this.#config;
    const limiter = config.limiter;
    if (limiter === undefined) return this.#guardedStart(rawArgs, ctx, startedAt, undefined, undefined);
    let grant: ReturnType<ConcurrencyLimiter['acquire']>;
    try {
      grant = limiter.acquire();
    } catch (thrown) {
      return this.#settleFailure(ToolError.internal(undefined, { cause: thrown }), ctx, startedAt);
    }
    if (grant.status === 'granted')
      return this.#guardedStart(rawArgs, ctx, startedAt, undefined, grant.release);
    if (grant.status === 'full') {
      return this.#settleFailure(busyError(limiter, 'tool', config.name, grant.retryAfterMs), ctx, startedAt);
    }
    const guard = new CallGuard(ctx, config.name, config.timeoutMs, config.graceMs);
    return guard.race(grant.granted).then(
      (outcome) => {
        if (outcome.kind === 'value')
          return this.#guardedStart(rawArgs, ctx, startedAt, guard, outcome.value);
        grant.cancel();
        return this.#guardedOutcome(outcome, guard, ctx, startedAt, undefined);
      },
      (thrown: unknown) =>
        this.#guardedOutcome({ kind: 'error', error: thrown }, guard, ctx, startedAt, undefined),
    );
  }

  // Decode and invoke under a guard. What is settled synchronously (a rejected argument, a
  // synchronous tool or throw) needs no guard and no promise; otherwise one race on the tool's
  // own promise, chained rather than awaited (each async layer costs a promise and a turn).
  // `waited` is the guard the call waited for its slot under, if it did.
  #guardedStart(
    rawArgs: unknown,
    ctx: CallContext,
    startedAt: number,
    waited: CallGuard | undefined,
    release: (() => void) | undefined,
  ): ToolResult | Promise<ToolResult> {
    let output: unknown;
    try {
      output = this.#start(rawArgs, ctx);
    } catch (thrown) {
      return this.#settledAtOnce({ kind: 'error', error: thrown }, waited, ctx, startedAt, release);
    }
    if (output instanceof Rejected)
      return this.#settledAtOnce({ kind: 'error', error: output.error }, waited, ctx, startedAt, release);
    if (!isThenable(output) && !isAsyncIterator(output))
      return this.#settledAtOnce({ kind: 'value', value: output }, waited, ctx, startedAt, release);
    const config = this.#config;
    const guard = waited ?? new CallGuard(ctx, config.name, config.timeoutMs, config.graceMs);
    return guard.race(isThenable(output) ? output : Promise.resolve(output), release ?? noop).then(
      (outcome) => this.#guardedOutcome(outcome, guard, ctx, startedAt, release),
      (thrown: unknown) =>
        this.#guardedOutcome({ kind: 'error', error: thrown }, guard, ctx, startedAt, release),
    );
  }

  // A guarded call that settled without awaiting anything.
  #settledAtOnce(
    outcome: GuardOutcome<unknown>,
    waited: CallGuard | undefined,
    ctx: CallContext,
    startedAt: number,
    release: (() => void) | undefined,
  ): ToolResult | Promise<ToolResult> {
    if (waited !== undefined) return this.#guardedOutcome(outcome, waited, ctx, startedAt, release);
    release?.();
    if (outcome.kind === 'value') return this.#settleOutput(outcome.value, ctx, startedAt, false);
    return this.#settleFailure(outcome.kind === 'error' ? outcome.error : undefined, ctx, startedAt);
  }

  // The end of a guarded call; an output that is an async iterator is run to its end first,
  // still under the guard. The tool's slot, when it holds one, is given back here, unless the
  // call was stopped with tool work still running (the race's late-settle hook gives it back).
  #guardedOutcome(
    outcome: GuardOutcome<unknown>,
    guard: CallGuard,
    ctx: CallContext,
    startedAt: number,
    release: (() => void) | undefined,
  ): ToolResult | Promise<ToolResult> {
    let settled = true;
    let releaseDeferred = false;
    try {
      if (outcome.kind === 'value' && isAsyncIterator(outcome.value)) {
        settled = false;
        return guard.race(this.#collect(outcome.value, ctx), release ?? noop).then(
          (collected) => this.#guardedOutcome(collected, guard, ctx, startedAt, release),
          (thrown: unknown) =>
            this.#guardedOutcome({ kind: 'error', error: thrown }, guard, ctx, startedAt, release),
        );
      }
      if (outcome.kind === 'stopped') {
        releaseDeferred = outcome.detached && release !== undefined;
        return this.#stopped(guard, ctx, startedAt, outcome.detached);
      }
      if (outcome.kind === 'error') return this.#failure(outcome.error, ctx, startedAt);
      return this.#success(outcome.value, ctx, startedAt);
    } catch (thrown) {
      return this.#failure(ToolError.internal(undefined, { cause: thrown }), ctx, startedAt);
    } finally {
      if (settled) {
        guard.dispose();
        if (!releaseDeferred) release?.();
        ctx.release();
      }
    }
  }

  /**
   * Decode, then invoke: the one place where a call's arguments reach its tool, for every path
   * (`run`, guarded or not, limited or not, and `stream`). Returns the tool's output as it gave it
   * (a value, a promise, an async iterator), or a `Rejected` when the decoder refused the
   * arguments synchronously, which each path turns into its failure without a throw. A decoder's
   * promise is chained, not awaited (each await costs a microtask turn); a `ToolError` it settles
   * with rejects the returned promise.
   */
  #start(rawArgs: unknown, ctx: CallContext): unknown {
    const config = this.#config;
    const args = config.decode(rawArgs, ctx);
    if (args instanceof ToolError || args instanceof ArgumentRejection) return new Rejected(args);
    if (args instanceof Promise) {
      return args.then((decoded: unknown) => {
        if (decoded instanceof ToolError) throw decoded;
        if (decoded instanceof ArgumentRejection) throw decoded.toError();
        return config.invoke(decoded, ctx);
      });
    }
    return config.invoke(args, ctx);
  }

  async #collect(iterator: AsyncIteratorLike, ctx: CallContext): Promise<unknown> {
    let turnAt = nextTurnAt();
    for (;;) {
      if (ctx.isAborted()) {
        closeQuietly(iterator);
        return undefined;
      }
      const step = await iterator.next();
      if (step.done === true) return step.value;
      // A generator that never awaits must still let the deadline and an abort fire (F25).
      if (turnDue(turnAt)) {
        await eventLoopTurn();
        turnAt = nextTurnAt();
      }
    }
  }

  async #acquire(
    limiter: ConcurrencyLimiter,
    scope: BusyScope,
    guard: CallGuard,
    ctx: CallContext,
    startedAt: number,
  ): Promise<(() => void) | ToolResult> {
    const grant = limiter.acquire();
    if (grant.status === 'granted') return grant.release;
    if (grant.status === 'full') {
      return this.#failure(busyError(limiter, scope, this.#config.name, grant.retryAfterMs), ctx, startedAt);
    }
    const outcome = await guard.race(grant.granted);
    if (outcome.kind === 'value') return outcome.value;
    grant.cancel();
    return this.#stopped(guard, ctx, startedAt, false);
  }

  #meta(ctx: CallContext, startedAt: number, detached?: boolean): ToolResultMeta {
    const durationMs = startedAt === UNTIMED ? undefined : performance.now() - startedAt;
    return callMeta(this.#config.name, ctx.callId, ctx.hostResults(), durationMs, detached);
  }

  // Output to result, for every route: the one place a tool's output is checked and rendered.
  #success(output: unknown, ctx: CallContext, startedAt: number): ToolResult {
    let meta: ToolResultMeta | CallContext;
    // The context makes the meta when the result's is first read (most hosts never read it);
    // one of another tool's name (a host's context passed to the wrong tool) cannot.
    if (ctx.toolName === this.#config.name) {
      if (startedAt !== UNTIMED) ctx.recordDuration(performance.now() - startedAt);
      meta = ctx;
    } else {
      meta = this.#meta(ctx, startedAt);
    }
    const result = outputResult(output, meta, this.#config.render);
    // Output rendering can fail too (invalid_output); its text must be scrubbed like any failure.
    if (!result.ok) return this.#failure(result.error, ctx, startedAt);
    const checkOutput = this.#config.checkOutput;
    return checkOutput === undefined ? result : this.#checkOutput(checkOutput, result, ctx, startedAt);
  }

  // The JSON form, which is what clients are served (structured content included), is what is
  // checked. Tool-level mode over the set's (docs/output-validation.md).
  #checkOutput(
    checkOutput: OutputChecker,
    result: ToolSuccess,
    ctx: CallContext,
    startedAt: number,
  ): ToolResult {
    const policy = ctx.outputPolicy;
    const mode = this.#config.outputValidation ?? policy?.mode ?? DEFAULT_OUTPUT_VALIDATION;
    if (mode === 'off') return result;
    const issues = checkOutput(result.json, ctx);
    if (issues === undefined || issues.length === 0) return result;
    const name = this.#config.name;
    const listener = policy?.onMismatch;
    if (listener !== undefined) {
      try {
        listener(Object.freeze({ tool: name, callId: ctx.callId, issues, mode }));
      } catch {
        // A listener is the host's logging: its failure must not change the call.
      }
    }
    if (mode === 'warn') return result;
    return this.#failure(
      ToolError.invalidOutput(undefined, {
        toolName: name,
        issues,
        details: { reason: 'the output does not match the declared output' },
      }),
      ctx,
      startedAt,
    );
  }

  #failure(thrown: unknown, ctx: CallContext, startedAt: number, detached?: boolean): ToolResult {
    return resultFromError(thrown, this.#meta(ctx, startedAt, detached), ctx.hostValues());
  }

  #stopped(guard: CallGuard, ctx: CallContext, startedAt: number, detached: boolean): ToolResult {
    return this.#failure(guard.stopError(), ctx, startedAt, detached);
  }
}

// Arguments the decoder refused without a throw. Module-private, so no tool output can be one.
class Rejected {
  constructor(readonly error: ToolError | ArgumentRejection) {}
}

// The late-settle hook of a guarded call without a slot: nothing to give back, but the call is
// counted as detached when it outlives its grace period.
function noop(): void {}

function settle(
  pending: unknown,
  guard: CallGuard | undefined,
  afterLateSettle: () => void,
): Promise<GuardOutcome<unknown>> | GuardOutcome<unknown> {
  // A value the tool gave synchronously has nothing left to race, with or without a guard.
  if (!isThenable(pending)) return { kind: 'value', value: pending };
  if (guard !== undefined) return guard.race(Promise.resolve(pending), afterLateSettle);
  return Promise.resolve(pending).then(
    (value): GuardOutcome<unknown> => ({ kind: 'value', value }),
    (error: unknown): GuardOutcome<unknown> => ({ kind: 'error', error }),
  );
}

function nextOf(iterator: AsyncIteratorLike): Promise<IteratorResult<unknown, unknown>> {
  try {
    return Promise.resolve(iterator.next());
  } catch (thrown) {
    return Promise.reject(thrown);
  }
}

// Never throws: a hostile output (a Proxy) is left to the result builder to report as invalid_output.
function isAsyncIterator(value: unknown): value is AsyncIteratorLike {
  try {
    return (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as { next?: unknown }).next === 'function' &&
      typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function'
    );
  } catch {
    return false;
  }
}
