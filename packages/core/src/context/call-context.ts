import type { DecodeAccelerator } from '../decode/decode-accelerator';
import { ToolError } from '../errors/tool-error';
import type { ConcurrencyLimiter } from '../invoke/concurrency-limiter';
import type { OutputPolicy } from '../invoke/output-validation';
import { resultFromError } from '../result/result-from-error';
import {
  callMeta,
  NO_HOST_RESULTS,
  type MetaSource,
  type ToolResult,
  type ToolResultMeta,
} from '../result/tool-result';
import { drainToTerminal } from '../stream/drain-to-terminal';
import { originMeta } from '../stream/stream-origin';
import { callIdOf, createCallId, nextCallSerial } from './call-id';
import { collectHostValues } from './collect-host-values';
import { followSignal } from './follow-signal';
import { tokenName, type TokenLike } from './token';
import type { DispatchOptions, ToolCallContext, ToolDispatcher } from './tool-call-context';
import type { ExtensionEntry, TokenMap } from './extension-entry';
import {
  elicitThrough,
  listRootsThrough,
  sampleThrough,
  type ElicitRequest,
  type ElicitResult,
  type ListRootsOptions,
  type Root,
  type SampleRequest,
  type SampleResult,
} from './input-requests';

/** How deep tools may call tools by default (a host call is depth 0). */
export const DEFAULT_MAX_DEPTH = 8;

/**
 * How many calls tools may dispatch, in all, under one call from the host by default. Depth alone
 * does not bound the work: a tool that calls itself 6 times, 8 levels deep, makes 6^8 calls (F26,
 * R18 in docs/reliability.md).
 */
export const DEFAULT_MAX_DISPATCHES = 1_000;

/** The dispatch budget of one call from the host, shared by every call dispatched under it; internal. */
export interface DispatchBudget {
  readonly max: number;
  used: number;
}

/** What a `CallContext` is built from; internal (hosts use `createCallContext`). */
export interface CallContextInit {
  readonly toolName: string;
  readonly callId?: string;
  readonly signal?: AbortSignal;
  readonly parent?: CallContext;
  readonly extensions?: Iterable<ExtensionEntry>;
  /** The host's secret strings (values marked secret when bound), scrubbed like the bag's; read when needed. */
  readonly secrets?: () => readonly string[];
  readonly dispatcher?: ToolDispatcher;
  readonly depth?: number;
  readonly maxDepth?: number;
  /** How many calls may be dispatched under this call, in all (default `DEFAULT_MAX_DISPATCHES`). */
  readonly maxDispatches?: number;
  /** The budget of the call from the host this one was dispatched under; internal. */
  readonly budget?: DispatchBudget;
  /** A context written elsewhere, adopted so the engine can abort it: its bags and dispatch are used as is. */
  readonly delegate?: ToolCallContext;
  /** Measure the call's wall time into its result's `meta.durationMs`. */
  readonly timing?: boolean;
  /** The decoding budget of the set the call runs in (default: the parent's); internal. */
  readonly accelerator?: DecodeAccelerator;
}

/**
 * The runtime's `ToolCallContext`. Besides the public interface it lets the engine abort the
 * call and watch for aborts without ever allocating an `AbortController` unless the tool reads
 * `signal` (an AbortController costs more than a whole fast call).
 */
export class CallContext implements ToolCallContext, MetaSource {
  readonly toolName: string;
  readonly depth: number;
  readonly maxDepth: number;
  /** The call is timed: the engine reads the clock at its start and end (`meta.durationMs`). */
  readonly timed: boolean;
  // The id, or until someone reads it its serial number (most calls never turn it into text).
  #callId: string | number;
  readonly #dispatcher: ToolDispatcher | undefined;
  readonly #delegate: ToolCallContext | undefined;
  readonly #sourceSignal: AbortSignal | undefined;
  readonly #secrets: (() => readonly string[]) | undefined;
  readonly #parent: CallContext | undefined;
  // The dispatch budget: given by the parent, or made at this call's first dispatch.
  #budget: DispatchBudget | undefined;
  readonly #maxDispatches: number | undefined;
  #extensions: Map<TokenLike<any>, unknown> | undefined;
  // The host's entries as given, made into `#extensions` on first use (most calls never read them).
  #pendingEntries: readonly ExtensionEntry[] | undefined;
  #results: Map<TokenLike<any>, unknown> | undefined;
  #hostValues: readonly string[] | undefined;
  #aborted = false;
  #reason: unknown = undefined;
  #controller: AbortController | undefined;
  #listeners: Set<(reason: unknown) => void> | undefined;
  #unlink: (() => void) | undefined;
  #released = false;
  #durationMs: number | undefined = undefined;
  /**
   * The set-wide limiter whose slot the engine takes for this call, when a `ToolSet` hands it
   * over for a streaming tool (the engine then holds the slot under the call's guard). Internal.
   */
  slotLimiter: ConcurrencyLimiter | undefined = undefined;
  /** The decoding budget of the `ToolSet` the call runs in, read by its tool's decoder. Internal. */
  accelerator: DecodeAccelerator | undefined;
  /** The output validation of the `ToolSet` the call runs in (none: the default). Internal. */
  outputPolicy: OutputPolicy | undefined = undefined;
  // The set-wide slot this call holds, given back by `release()`: a limiter (with the value its
  // `enter` returned) or a release function from a grant.
  #slot: ConcurrencyLimiter | (() => void) | undefined = undefined;
  #slotSince = 0;

  constructor(init: CallContextInit) {
    this.toolName = init.toolName;
    this.#callId = init.callId ?? nextCallSerial();
    this.depth = init.depth ?? 0;
    this.maxDepth = init.maxDepth ?? DEFAULT_MAX_DEPTH;
    this.timed = init.timing === true;
    this.#dispatcher = init.dispatcher;
    this.#delegate = init.delegate;
    this.#sourceSignal = init.signal;
    this.#secrets = init.secrets;
    this.#parent = init.parent;
    this.#budget = init.budget;
    this.#maxDispatches = init.maxDispatches;
    this.accelerator = init.accelerator ?? init.parent?.accelerator;
    const entries = init.extensions;
    if (Array.isArray(entries)) {
      // Copied, so a host that reuses its array cannot change this call's values.
      if (entries.length > 0) this.#pendingEntries = entries.slice();
    } else if (entries !== undefined) {
      for (const [token, value] of entries) (this.#extensions ??= new Map()).set(token, value);
    }
  }

  get callId(): string {
    const id = this.#callId;
    if (typeof id === 'string') return id;
    return (this.#callId = callIdOf(id));
  }

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.isAborted()) this.#controller.abort(this.#reason);
      else this.#link();
    }
    return this.#controller.signal;
  }

  get<T>(token: TokenLike<T>): T | undefined {
    if (this.#delegate !== undefined) return this.#delegate.get(token);
    return this.#entries()?.get(token) as T | undefined;
  }

  require<T>(token: TokenLike<T>): T {
    if (this.#delegate !== undefined) return this.#delegate.require(token);
    const extensions = this.#entries();
    if (extensions?.has(token) === true) return extensions.get(token) as T;
    const name = tokenName(token as TokenLike<any>);
    throw ToolError.missingResource(
      `${this.toolName} cannot run: it needs ${name}, which the host did not provide for this call. Use another tool.`,
      { toolName: this.toolName, details: { token: name } },
    );
  }

  set<T>(token: TokenLike<T>, value: T): void {
    if (this.#delegate !== undefined) return this.#delegate.set(token, value);
    (this.#entries() ?? (this.#extensions = new Map())).set(token, value);
    this.#hostValues = undefined;
  }

  setResult<T>(token: TokenLike<T>, value: T): void {
    if (this.#delegate !== undefined) return this.#delegate.setResult(token, value);
    (this.#results ??= new Map()).set(token, value);
    this.#hostValues = undefined;
  }

  getResult<T>(token: TokenLike<T>): T | undefined {
    if (this.#delegate !== undefined) return this.#delegate.getResult(token);
    return this.#results?.get(token) as T | undefined;
  }

  results(): Iterable<ExtensionEntry> {
    if (this.#delegate !== undefined) return this.#delegate.results();
    return this.hostResults().entries();
  }

  /** The host-only results as a map, for `result.meta.hostResults` (shared empty map when none). */
  hostResults(): TokenMap {
    if (this.#delegate !== undefined) {
      try {
        return new Map(this.#delegate.results());
      } catch {
        return NO_HOST_RESULTS;
      }
    }
    return this.#results ?? NO_HOST_RESULTS;
  }

  hostValues(): readonly string[] {
    if (this.#delegate !== undefined) {
      try {
        return this.#delegate.hostValues();
      } catch {
        return [];
      }
    }
    const extensions = this.#entries();
    const secrets = this.#secrets;
    if (extensions === undefined && this.#results === undefined && secrets === undefined) return [];
    this.#hostValues ??= collectHostValues([
      // The host's explicit secrets first: the collection is bounded, they must not be crowded out.
      ...(secrets === undefined ? [] : safeSecrets(secrets)),
      ...(extensions?.values() ?? []),
      ...(this.#results?.values() ?? []),
    ]);
    return this.#hostValues;
  }

  async dispatch(name: string, rawArgs: unknown, options: DispatchOptions = {}): Promise<ToolResult> {
    const startedAt = this.timed ? performance.now() : undefined;
    const callId = options.callId ?? createCallId();
    const meta = (): ToolResultMeta => originMeta({ toolName: name, callId }, startedAt);
    try {
      if (this.#delegate !== undefined) return await this.#delegate.dispatch(name, rawArgs, options);
      if (this.#dispatcher === undefined) {
        return resultFromError(
          ToolError.notImplemented(
            `${this.toolName} tried to call ${name}, but tools cannot call other tools in this setting. Do the work without calling ${name}.`,
            { toolName: name, details: { caller: this.toolName } },
          ),
          meta(),
        );
      }
      if (this.depth + 1 > this.maxDepth) {
        return resultFromError(
          ToolError.permissionDenied(
            `${this.toolName} cannot call ${name}: tools may call other tools at most ${this.maxDepth} levels deep. Finish the task without calling ${name} from here.`,
            {
              toolName: name,
              details: { caller: this.toolName, depth: this.depth, maxDepth: this.maxDepth },
            },
          ),
          meta(),
        );
      }
      const budget = (this.#budget ??= {
        max: this.#maxDispatches ?? DEFAULT_MAX_DISPATCHES,
        used: 0,
      });
      if (budget.used >= budget.max) {
        const max = budget.max.toLocaleString('en-US');
        return resultFromError(
          ToolError.permissionDenied(
            `${this.toolName} cannot call ${name}: this request has already made ${max} tool calls from inside tools, the most one request may make. Finish the task with the results you have, without calling more tools from here.`,
            {
              toolName: name,
              details: { caller: this.toolName, dispatched: budget.used, maxDispatches: budget.max },
            },
          ),
          meta(),
        );
      }
      budget.used += 1;
      const child = new CallContext({
        toolName: name,
        callId,
        parent: this,
        signal: options.signal,
        extensions: mergedExtensions(this.#entries(), options.extensions),
        secrets: this.#secrets,
        dispatcher: this.#dispatcher,
        depth: this.depth + 1,
        maxDepth: this.maxDepth,
        budget,
        timing: this.timed,
      });
      try {
        return await drainToTerminal(this.#dispatcher.execute(name, rawArgs, child), options.onProgress, {
          toolName: name,
          callId,
          timed: child.timed,
        });
      } finally {
        child.release();
      }
    } catch (thrown) {
      return resultFromError(thrown, meta());
    }
  }

  elicit<T extends object = Record<string, unknown>>(request: ElicitRequest<T>): Promise<ElicitResult<T>> {
    if (this.#delegate !== undefined) return this.#delegate.elicit(request);
    return elicitThrough(this, request);
  }

  sample(request: SampleRequest): Promise<SampleResult> {
    if (this.#delegate !== undefined) return this.#delegate.sample(request);
    return sampleThrough(this, request);
  }

  listRoots(options?: ListRootsOptions): Promise<readonly Root[]> {
    if (this.#delegate !== undefined) return this.#delegate.listRoots(options);
    return listRootsThrough(this, options);
  }

  // The host's values by token, built from the entries given at creation on first use.
  #entries(): Map<TokenLike<any>, unknown> | undefined {
    const pending = this.#pendingEntries;
    if (pending !== undefined) {
      this.#pendingEntries = undefined;
      const extensions = (this.#extensions = new Map());
      for (const [token, value] of pending) extensions.set(token, value);
    }
    return this.#extensions;
  }

  /** Records the wall time of a timed call that ended, for `resultMeta`. Internal (the engine's). */
  recordDuration(durationMs: number): void {
    this.#durationMs = durationMs;
  }

  /**
   * The meta of this call's result, built when the result's `meta` is first read. Internal: the
   * engine hands the context to a success result instead of a meta it would build on every call.
   */
  resultMeta(): ToolResultMeta {
    return callMeta(this.toolName, this.callId, this.hostResults(), this.#durationMs);
  }

  /** Whether the call is aborted, checking its sources without subscribing to them. */
  isAborted(): boolean {
    if (this.#aborted) return true;
    if (this.#released) return false;
    const signal = this.#sourceSignal;
    if (signal?.aborted === true) this.abort(signal.reason);
    else if (this.#parent?.isAborted() === true) this.abort(this.#parent.abortReason);
    return this.#aborted;
  }

  /** Why the call was aborted (`undefined` while it is not). */
  get abortReason(): unknown {
    return this.#reason;
  }

  /** Whether anything but the engine itself could abort this call; when not, the engine skips its guards. */
  canBeAborted(): boolean {
    return this.#aborted || this.#sourceSignal !== undefined || this.#parent !== undefined;
  }

  /** Aborts the call (timeout, cancel, consumer gone): the signal fires and abort listeners run once. */
  abort(reason: unknown): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason;
    this.#unlinkSources();
    this.#controller?.abort(reason);
    const listeners = this.#listeners;
    this.#listeners = undefined;
    if (listeners === undefined) return;
    for (const listener of listeners) {
      try {
        listener(reason);
      } catch {
        // One broken listener must not keep the others from learning of the abort.
      }
    }
  }

  /** Runs `listener` when the call is aborted (at once if it already is); returns an unsubscribe. */
  onAbort(listener: (reason: unknown) => void): () => void {
    if (this.isAborted()) {
      listener(this.#reason);
      return noop;
    }
    (this.#listeners ??= new Set()).add(listener);
    this.#link();
    return () => {
      this.#listeners?.delete(listener);
    };
  }

  /**
   * Ends the call's link to its sources, so a long-lived host signal does not collect a listener
   * per call, and gives back the set-wide slot it holds. The engine calls it once, when the
   * call's result is in.
   */
  release(): void {
    this.#released = true;
    this.#unlinkSources();
    const slot = this.#slot;
    if (slot === undefined) return;
    this.#slot = undefined;
    if (typeof slot === 'function') slot();
    else slot.leave(this.#slotSince);
  }

  /** Holds a set-wide slot until `release()`: one taken with `limiter.enter()`, or a grant's release. Internal. */
  holdSlot(slot: ConcurrencyLimiter | (() => void), since = 0): void {
    this.#slot = slot;
    this.#slotSince = since;
  }

  #link(): void {
    if (this.#unlink !== undefined || this.#released || this.#aborted) return;
    const unlinks: (() => void)[] = [];
    const signal = this.#sourceSignal;
    if (signal !== undefined) {
      unlinks.push(followSignal(signal, () => this.abort(signal.reason)));
    }
    if (this.#parent !== undefined) {
      const parent = this.#parent;
      unlinks.push(parent.onAbort(() => this.abort(parent.abortReason)));
    }
    this.#unlink = () => {
      for (const unlink of unlinks) unlink();
    };
  }

  #unlinkSources(): void {
    const unlink = this.#unlink;
    this.#unlink = undefined;
    unlink?.();
  }

  // V8 frees a hidden class that no live object has at a forced or memory-reducing full GC (the
  // memory reducer of an idle process, `gc()` between benchmark rounds) and throws away all the
  // optimized code that checks for it: the next few thousand calls then run unoptimized. An
  // instance that lives as long as the class keeps its layout, and the optimized path, alive.
  static readonly #layoutWitness = new CallContext({ toolName: '', callId: '' });
}

function noop(): void {}

function mergedExtensions(
  inherited: TokenMap | undefined,
  extra: Iterable<ExtensionEntry> | undefined,
): Iterable<ExtensionEntry> | undefined {
  if (extra === undefined) return inherited?.entries();
  if (inherited === undefined) return extra;
  return [...inherited, ...extra];
}

// The host's secrets function failing must not leave the text unscrubbed of everything else.
function safeSecrets(secrets: () => readonly string[]): readonly string[] {
  try {
    return secrets();
  } catch {
    return [];
  }
}
