import { adoptCallContext } from '../context/adopt-call-context';
import { CallContext } from '../context/call-context';
import type { ExtensionEntry } from '../context/extension-entry';
import type { ToolCallContext, ToolDispatcher } from '../context/tool-call-context';
import { DecodeAccelerator } from '../decode/decode-accelerator';
import { ToolError } from '../errors/tool-error';
import { resultFromError } from '../result/result-from-error';
import type { ToolResult } from '../result/tool-result';
import type { ProgressItem } from '../stream/progress-item';
import { relayToolStream } from '../stream/relay-tool-stream';
import { originMeta } from '../stream/stream-origin';
import { drainUntilStopped } from '../stream/drain-until-stopped';
import { isCallStream, ToolStream, type CallStream } from '../stream/tool-stream';
import { ConcurrencyLimiter } from '../invoke/concurrency-limiter';
import { busyError } from '../invoke/busy-error';
import { defaultConcurrencyLimiter } from '../invoke/default-concurrency';
import type { ErasedTool } from '../invoke/erased-tool';
import { describeToolSource } from '../invoke/describe-tool-source';
import { isEngineTool } from '../invoke/engine-tool';
import type { ToolDefinition } from '../invoke/tool-definition';
import {
  outputPolicyOf,
  type OutputMismatchListener,
  type OutputPolicy,
  type OutputValidationMode,
} from '../invoke/output-validation';
import type { CallInterceptor } from './call-interceptor';
import { interceptCall, interceptedCall, type CallRun } from './intercept-call';
import { unknownToolError } from './unknown-tool-error';
import { waitForSlot } from '../internal/wait-for-slot';

/** Options of a `ToolSet`. */
export interface ToolSetOptions {
  /**
   * Bounds the host's calls across all tools of the set (each tool's own limit applies as well);
   * default 256 running and 4,096 waiting (`DEFAULT_MAX_CONCURRENT_CALLS`, `DEFAULT_MAX_QUEUED_CALLS`).
   * `null` sets no bound. Calls dispatched by tools run in the slot of the host's call above them.
   */
  readonly limiter?: ConcurrencyLimiter | null;
  /** How deep tools may call tools through `ctx.dispatch` (default 8). */
  readonly maxDepth?: number;
  /** How many calls tools may dispatch, in all, under one call from the host (default 1,000). */
  readonly maxDispatches?: number;
  /**
   * Code around every call, dispatched ones included (telemetry spans, result checks, calls handed
   * to a store): see `CallInterceptor`. None by default.
   */
  readonly interceptors?: readonly CallInterceptor[];
  /** Time every call of `call()`: `result.meta.durationMs` (default false; a call may also ask itself). */
  readonly timing?: boolean;
  /**
   * The budget of generated decoding code for the set's tools (default: one of the set's own,
   * `DEFAULT_MAX_GENERATED_CLASSES` classes); sets given the same accelerator share it.
   */
  readonly accelerator?: DecodeAccelerator;
  /**
   * The host's secret strings (the registry's `provide(…, { secret: true })` values), read when a
   * call's model-bound text is scrubbed: error text and progress, like the context bag's values.
   */
  readonly secrets?: () => readonly string[];
  /**
   * How the set's tools' outputs are checked against their declared outputs, for tools that set no
   * mode of their own: `strict` (default: a mismatch is an `invalid_output` failure), `warn` (the
   * output is served, `onOutputMismatch` hears of it) or `off` (docs/output-validation.md).
   */
  readonly outputValidation?: OutputValidationMode;
  /** Hears of every output that did not match its declared output, in `strict` and `warn` mode. */
  readonly onOutputMismatch?: OutputMismatchListener;
}

/** Options of `ToolSet.call`. */
export interface ToolCallOptions {
  readonly signal?: AbortSignal;
  /** The host's values for this call (session, auth, trace), read by token; never shown to the model. */
  readonly extensions?: Iterable<ExtensionEntry>;
  readonly callId?: string;
  readonly onProgress?: (item: ProgressItem) => void;
  /** Measure the call's wall time into `result.meta.durationMs` (default: the set's `timing`). */
  readonly timing?: boolean;
}

const NO_OPTIONS: ToolCallOptions = Object.freeze({});

/**
 * An ordered map from name to erased tool: registration order is the order the model sees,
 * names are unique, and lookups go through a `Map` only (R8), so `constructor` or `__proto__`
 * resolve only when a tool of that name was really added.
 */
export class ToolSet implements ToolDispatcher, Iterable<ErasedTool> {
  readonly #tools = new Map<string, ErasedTool>();
  #limiter: ConcurrencyLimiter | undefined;
  readonly #maxDepth: number | undefined;
  readonly #maxDispatches: number | undefined;
  readonly #timing: boolean;
  readonly #secrets: (() => readonly string[]) | undefined;
  readonly #interceptors: readonly CallInterceptor[];
  readonly #accelerator: DecodeAccelerator;
  readonly #outputPolicy: OutputPolicy | undefined;

  constructor(options: ToolSetOptions = {}) {
    const accelerator = options.accelerator;
    if (accelerator !== undefined && !(accelerator instanceof DecodeAccelerator))
      throw new TypeError('ToolSet: accelerator must be a DecodeAccelerator.');
    this.#accelerator = accelerator ?? new DecodeAccelerator();
    this.#maxDepth = options.maxDepth;
    this.#maxDispatches = options.maxDispatches;
    this.#timing = options.timing === true;
    this.#secrets = options.secrets;
    this.#interceptors = checkedInterceptors(options.interceptors);
    this.#outputPolicy = outputPolicyOf('ToolSet', options.outputValidation, options.onOutputMismatch);
    const limiter = options.limiter;
    this.setConcurrencyLimiter(
      limiter === undefined ? defaultConcurrencyLimiter() : limiter === null ? undefined : limiter,
    );
  }

  /** Adds a tool; throws an `Error` naming both sources when its name is taken. */
  add(tool: ErasedTool): this {
    const name: unknown = tool?.definition?.name;
    if (typeof name !== 'string' || typeof tool.execute !== 'function') {
      throw new TypeError(
        'ToolSet.add expects an erased tool: an object with a definition (with a name) and execute().',
      );
    }
    const existing = this.#tools.get(name);
    if (existing !== undefined) {
      throw new Error(
        `Duplicate tool name '${name}': ${describeToolSource(existing.definition)} is already registered, so ${describeToolSource(tool.definition)} cannot be added. Tool names must be unique; rename one of them.`,
      );
    }
    this.#tools.set(name, tool);
    return this;
  }

  /** Removes the named tool; whether it was there. */
  remove(name: string): boolean {
    return this.#tools.delete(name);
  }

  /** The named tool, if registered. */
  get(name: string): ErasedTool | undefined {
    return this.#tools.get(name);
  }

  /** Whether a tool of that name is registered. */
  has(name: string): boolean {
    return this.#tools.has(name);
  }

  /** The tool names, in registration order. */
  names(): string[] {
    return Array.from(this.#tools.keys());
  }

  /** The tool definitions, in registration order. */
  definitions(): ToolDefinition[] {
    return Array.from(this.#tools.values(), (tool) => tool.definition);
  }

  /** How many tools are registered. */
  get size(): number {
    return this.#tools.size;
  }

  /** The tools, in registration order. */
  [Symbol.iterator](): IterableIterator<ErasedTool> {
    return this.#tools.values();
  }

  /** The limiter bounding calls across the whole set, if any. */
  get concurrencyLimiter(): ConcurrencyLimiter | undefined {
    return this.#limiter;
  }

  /** Sets (or, with `undefined`, removes) the limiter bounding calls across the whole set. */
  setConcurrencyLimiter(limiter: ConcurrencyLimiter | undefined): this {
    if (limiter !== undefined && !(limiter instanceof ConcurrencyLimiter)) {
      throw new TypeError('ToolSet.setConcurrencyLimiter expects a ConcurrencyLimiter or undefined.');
    }
    this.#limiter = limiter;
    return this;
  }

  /**
   * Dispatches one call as a stream, read by iterating it or by its `result()`. An unknown name
   * is a `not_found` terminal listing the available names and the closest match; a full set-wide
   * limiter a `concurrency_limited` one. A hand-written tool's stream is relayed (malformed items
   * dropped, a missing terminal reported). Never throws.
   */
  execute(name: string, rawArgs: unknown, ctx: ToolCallContext): CallStream {
    if (this.#interceptors.length === 0) return this.#execute(name, rawArgs, ctx);
    return interceptCall(
      this.#interceptors,
      interceptedCall(String(name), rawArgs, ctx),
      this.#executeIntercepted,
      name,
    );
  }

  // One function for every intercepted call of the set, rather than a closure per call.
  readonly #executeIntercepted: CallRun = (name, rawArgs, ctx) => this.#execute(name, rawArgs, ctx);

  #execute(name: string, rawArgs: unknown, ctx: ToolCallContext): CallStream {
    const tool = typeof name === 'string' ? this.#tools.get(name) : undefined;
    if (tool === undefined) {
      const error = unknownToolError(name, this.names());
      const callId = safeCallId(ctx);
      return ToolStream.terminalOnly(() => failure(error, String(name), callId));
    }
    const limiter = this.#limiter;
    if (isEngineTool(tool)) {
      // An engine tool decodes on the set's budget, and takes the set's slot itself when its
      // stream is read, under its call's guard, and gives it back with its result. A dispatched
      // call runs in the slot of the host's call above it: taking a second slot could deadlock a
      // full set (every slot held by a caller waiting for its callee).
      const adopted = adoptCallContext(ctx, name);
      adopted.accelerator ??= this.#accelerator;
      adopted.outputPolicy = this.#outputPolicy;
      if (limiter !== undefined && !isDispatched(adopted)) adopted.slotLimiter = limiter;
      return callStreamOf(executeSafely(tool, name, rawArgs, adopted), name, adopted);
    }
    // A wrapped engine tool (a registry's guarded tool) reads the set's policy from the context.
    if (ctx instanceof CallContext) ctx.outputPolicy = this.#outputPolicy;
    if (limiter === undefined || isDispatched(ctx)) {
      // Relayed even when already a call stream: a hand-written tool may return one it did not build.
      const stream = executeSafely(tool, name, rawArgs, ctx);
      const origin = { toolName: name, callId: safeCallId(ctx) };
      return ToolStream.withProgress(() => relayToolStream(stream, origin), origin);
    }
    return this.#executeLimited(limiter, tool, name, rawArgs, ctx);
  }

  /**
   * Runs one call to its result: builds the context (with this set as its dispatcher, so
   * `ctx.dispatch` goes through the same set), dispatches and drains. Never rejects: every
   * failure is an `ok: false` result.
   */
  call(name: string, rawArgs: unknown, options: ToolCallOptions = NO_OPTIONS): Promise<ToolResult> {
    let ctx: CallContext | undefined;
    try {
      ctx = new CallContext({
        toolName: String(name),
        callId: options.callId,
        signal: options.signal,
        extensions: options.extensions,
        secrets: this.#secrets,
        dispatcher: this,
        maxDepth: this.#maxDepth,
        maxDispatches: this.#maxDispatches,
        timing: options.timing ?? this.#timing,
        accelerator: this.#accelerator,
      });
      return this.#run(name, rawArgs, ctx, options.onProgress);
    } catch (thrown) {
      ctx?.release();
      return Promise.resolve(
        failure(ToolError.internal(undefined, { cause: thrown }), String(name), ctx?.callId ?? ''),
      );
    }
  }

  // The call is its stream's result. The engine stops its own streams when the call is aborted;
  // a hand-written one may ignore its signal (or never await), so the drain itself stops reading
  // it.
  #run(
    name: string,
    rawArgs: unknown,
    ctx: CallContext,
    onProgress: ((item: ProgressItem) => void) | undefined,
  ): Promise<ToolResult> {
    const stream = this.execute(name, rawArgs, ctx);
    if (!ctx.canBeAborted()) return stream.result(onProgress);
    const tool = typeof name === 'string' ? this.#tools.get(name) : undefined;
    const drained =
      tool !== undefined && !isEngineTool(tool)
        ? drainUntilStopped(
            stream,
            onProgress,
            { toolName: ctx.toolName, callId: ctx.callId, timed: ctx.timed },
            ctx,
          )
        : stream.result(onProgress);
    // The engine releases the context (its link to the host's signal) when the call ends; a
    // hand-written tool does not, so the set does.
    return drained.then((result) => {
      ctx.release();
      return result;
    });
  }

  #executeLimited(
    limiter: ConcurrencyLimiter,
    tool: ErasedTool,
    name: string,
    rawArgs: unknown,
    callerContext: ToolCallContext,
  ): CallStream {
    const ctx = adoptCallContext(callerContext, name);
    const origin = { toolName: name, callId: ctx.callId, timed: ctx.timed };
    // The slot is taken when the stream is consumed, not when it is built: a stream nobody
    // reads must not hold a slot forever.
    return ToolStream.withProgress(async function* () {
      const startedAt = ctx.timed ? performance.now() : undefined;
      const grant = limiter.acquire();
      if (grant.status === 'full') {
        return failure(busyError(limiter, 'tool set', name, grant.retryAfterMs), name, ctx.callId, startedAt);
      }
      const release =
        grant.status === 'granted'
          ? grant.release
          : await waitForSlot(grant, (listener) => ctx.onAbort(listener));
      if (release === undefined) {
        return failure(ToolError.cancelled(undefined, { toolName: name }), name, ctx.callId, startedAt);
      }
      try {
        return yield* relayToolStream(executeSafely(tool, name, rawArgs, ctx), origin);
      } finally {
        release();
      }
    }, origin);
  }
}

function checkedInterceptors(
  interceptors: readonly CallInterceptor[] | undefined,
): readonly CallInterceptor[] {
  if (interceptors === undefined) return NO_INTERCEPTORS;
  if (!Array.isArray(interceptors))
    throw new TypeError('ToolSet: interceptors must be an array of CallInterceptor.');
  for (const interceptor of interceptors as readonly unknown[]) {
    const hooks = interceptor as Partial<Record<keyof CallInterceptor, unknown>> | null;
    if (
      typeof hooks !== 'object' ||
      hooks === null ||
      (hooks.beforeDecode !== undefined && typeof hooks.beforeDecode !== 'function') ||
      (hooks.aroundCall !== undefined && typeof hooks.aroundCall !== 'function') ||
      (hooks.afterResult !== undefined && typeof hooks.afterResult !== 'function')
    ) {
      throw new TypeError(
        'ToolSet: each interceptor is an object whose beforeDecode, aroundCall and afterResult, when present, are functions.',
      );
    }
  }
  return Object.freeze([...interceptors]);
}

const NO_INTERCEPTORS: readonly CallInterceptor[] = Object.freeze([]);

function isDispatched(ctx: ToolCallContext): boolean {
  try {
    const depth: unknown = ctx?.depth;
    return typeof depth === 'number' && depth > 0;
  } catch {
    return false;
  }
}

// A hand-written tool may throw from execute() itself; the set still returns a stream.
function executeSafely(tool: ErasedTool, name: string, rawArgs: unknown, ctx: ToolCallContext): ToolStream {
  try {
    return tool.execute(rawArgs, ctx);
  } catch (thrown) {
    const callId = safeCallId(ctx);
    return ToolStream.terminalOnly(() => failure(thrown, name, callId));
  }
}

// The engine's streams are call streams already; anything else is relayed into one.
function callStreamOf(stream: ToolStream, name: string, ctx: ToolCallContext): CallStream {
  if (isCallStream(stream)) return stream;
  const origin = { toolName: name, callId: safeCallId(ctx) };
  return ToolStream.withProgress(() => relayToolStream(stream, origin), origin);
}

function failure(thrown: unknown, toolName: string, callId: string, startedAt?: number): ToolResult {
  return resultFromError(thrown, originMeta({ toolName, callId }, startedAt));
}

function safeCallId(ctx: ToolCallContext | undefined): string {
  try {
    const callId: unknown = ctx?.callId;
    return typeof callId === 'string' ? callId : '';
  } catch {
    return '';
  }
}
