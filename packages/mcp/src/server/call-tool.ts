import {
  InputRequester,
  ToolError,
  type ConcurrencyLimiter,
  type ExtensionEntry,
  type ProgressItem,
  type ToolResult,
} from '@toolwright/core';
import { collectHostValues, unknownToolMessage, waitForSlot } from '@toolwright/core/internal';
import type { ToolServerHandle, ToolSnapshot } from '@toolwright/registry';
import {
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  type CallToolResult,
  type ProgressToken,
  type Result,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { CallSession } from './call-session';
import { callSignal, type ResumableStreams } from './call-signal';
import { inputSupportOf } from './client-capabilities';
import type { ConnectionView } from './connection-view';
import { LegacyInputRequester } from './legacy-input-requester';
import { McpSession } from './mcp-session';
import type { McpServerOptions } from './mcp-server-options';
import { ProgressReporter } from './progress-reporter';
import { rawArgumentsOf, type RawArguments } from './raw-arguments';
import { runRound } from './input-rounds';
import type { RequestStateCodec } from './request-state';
import { SwitchingInputRequester } from './tasks/switching-input-requester';
import { declaresTasks, tasksRequired, type TaskCalls } from './tasks/task-calls';
import { ERROR_META_KEY, errorResult, toCallToolResult, type ErrorMeta } from './to-call-tool-result';

interface CallParams {
  readonly name: string;
  /** The arguments as the decoder gets them: the text the client sent when a transport kept it. */
  readonly args: unknown;
  readonly repeated: boolean;
  readonly progressToken: ProgressToken | undefined;
}

/** The answer to one `tools/call`: a result, or (2026-07-28) the input the call needs first. */
export type CallAnswer = CallToolResult | Result;

/**
 * Answers `tools/call`: exactly one answer per request, never a throw other than a
 * `ProtocolError` for an unknown tool, a malformed request or a refused request state. Admission
 * is bounded by the limiter (F16); the call runs on the snapshot current at arrival, decoded by
 * toolwright from the arguments as sent (R16); cancellation arrives as the request's signal;
 * progress items become `notifications/progress` when the client sent a token. Input requests
 * (`ctx.elicit`, `ctx.sample`, `ctx.listRoots`) are server-to-client requests under 2025-11-25
 * and `input_required` rounds under 2026-07-28.
 */
export class CallToolHandler {
  constructor(
    private readonly handle: ToolServerHandle,
    private readonly limiter: ConcurrencyLimiter,
    private readonly connection: ConnectionView,
    private readonly options: McpServerOptions,
    private readonly states: RequestStateCodec,
    private readonly resumable?: ResumableStreams,
    private readonly tasks?: TaskCalls,
  ) {}

  call(rawParams: unknown, ctx: ServerContext, raw?: RawArguments): Promise<CallAnswer> {
    let params: CallParams;
    try {
      params = readParams(rawParams, raw);
    } catch (error) {
      return Promise.reject(error);
    }
    const snapshot = this.handle.snapshot();
    if (!snapshot.has(params.name)) {
      return Promise.reject(
        new ProtocolError(ProtocolErrorCode.InvalidParams, unknownToolMessage(params.name, snapshot.names)),
      );
    }
    if (params.repeated) {
      return Promise.resolve(
        errorResult(
          ToolError.invalidArguments(
            `The request for ${params.name} gives its arguments more than once; send one "arguments" object.`,
            { toolName: params.name },
          ),
        ),
      );
    }
    const signal = callSignal(ctx, this.resumable);
    const grant = this.limiter.acquire();
    if (grant.status === 'granted') return this.#shared(snapshot, params, ctx, signal, grant.release);
    if (grant.status === 'full')
      return Promise.resolve(errorResult(overloaded(params.name, grant.retryAfterMs)));
    return waitForSlot(grant, signal).then((granted) =>
      // Cancelled while waiting: the SDK sends nothing for a cancelled request.
      granted === undefined
        ? errorResult(ToolError.cancelled(undefined, { toolName: params.name }))
        : this.#shared(snapshot, params, ctx, signal, granted),
    );
  }

  // The cluster-wide slot, when the cluster has a limit, is taken once this process has admitted
  // the call, and never waited for: a full cluster refuses at once. A limit that cannot be
  // reached (its store is down) admits on the process's own bound alone, and says so to onError.
  #shared(
    snapshot: ToolSnapshot,
    params: CallParams,
    ctx: ServerContext,
    signal: AbortSignal,
    release: () => void,
  ): Promise<CallAnswer> {
    const shared = this.options.cluster?.limit;
    if (shared === undefined) return this.#admitted(snapshot, params, ctx, signal, release);
    return shared.acquire(params.name).then(
      (slot) => {
        if (!slot.granted) {
          release();
          return errorResult(overloaded(params.name, slot.retryAfterMs));
        }
        return this.#admitted(snapshot, params, ctx, signal, () => {
          slot.release();
          release();
        });
      },
      (error: unknown) => {
        this.options.onError?.(error);
        return this.#admitted(snapshot, params, ctx, signal, release);
      },
    );
  }

  #admitted(
    snapshot: ToolSnapshot,
    params: CallParams,
    ctx: ServerContext,
    signal: AbortSignal,
    release: () => void,
  ): Promise<CallAnswer> {
    if (this.connection.modern()) {
      const task = this.tasks === undefined ? undefined : snapshot.get(params.name)?.erased.definition.task;
      if (task !== undefined && this.tasks !== undefined) {
        const capabilities = this.connection.clientCapabilities(ctx);
        if (declaresTasks(capabilities)) {
          return snapshot.get(params.name)?.erased.definition.taskInputFirst === true
            ? this.#inputFirstTask(this.tasks, snapshot, params, ctx, release)
            : this.#startTask(this.tasks, snapshot, params, ctx, signal, release);
        }
        if (task === 'required') {
          release();
          return Promise.reject(tasksRequired());
        }
      }
      return this.#runRound(snapshot, params, ctx, release);
    }
    const requester = new LegacyInputRequester(ctx, inputSupportOf(this.connection.clientCapabilities(ctx)));
    return this.#run(snapshot, params, ctx, signal, requester, release);
  }

  // Runs an admitted call and gives its slot back. Chained, not awaited: each async layer costs
  // a promise and a turn on a path that is otherwise a few microseconds.
  #run(
    snapshot: ToolSnapshot,
    params: CallParams,
    ctx: ServerContext,
    signal: AbortSignal,
    requester: InputRequester,
    release: () => void,
  ): Promise<CallToolResult> {
    let released = false;
    const releaseOnce = (): void => {
      if (released) return;
      released = true;
      release();
    };
    const answer = (result: ToolResult): CallToolResult => {
      releaseOnce();
      return toCallToolResult(result);
    };
    const fail = (thrown: unknown): CallToolResult => {
      releaseOnce();
      // snapshot.call never rejects; this is a bug in the glue, answered rather than dropped.
      this.#report(thrown);
      return errorResult(ToolError.internal(undefined, { toolName: params.name, cause: thrown }));
    };
    try {
      const reporter =
        params.progressToken === undefined
          ? undefined
          : new ProgressReporter(params.progressToken, ctx.mcpReq.notify as never);
      // Through the snapshot's tool set, which runs a call nobody listens to for progress without
      // a stream, and gives the tool a `ctx.dispatch` on the same snapshot.
      const pending = snapshot.call(params.name, params.args, {
        signal,
        extensions: this.#extensions(params.name, ctx, requester),
        onProgress: reporter?.report,
      });
      if (reporter === undefined) return pending.then(answer, fail);
      return pending.then((result) => {
        const finish = (): CallToolResult => answer(result);
        return reporter.settled().then(finish, finish);
      }, fail);
    } catch (thrown) {
      return Promise.resolve(fail(thrown));
    }
  }

  // A call run as a task (2026-07-28, a client that declared the tasks extension): answered with
  // the created task; the call keeps its slot until the task ends, under the task's own signal.
  #startTask(
    tasks: TaskCalls,
    snapshot: ToolSnapshot,
    params: CallParams,
    ctx: ServerContext,
    requestSignal: AbortSignal,
    release: () => void,
  ): Promise<CallAnswer> {
    let started = false;
    const answer = tasks.start({
      toolName: params.name,
      requestSignal,
      support: inputSupportOf(this.connection.clientCapabilities(ctx)),
      onError: (error) => this.#report(error),
      run: (signal, requester, onProgress) => {
        started = true;
        return snapshot
          .call(params.name, params.args, {
            signal,
            extensions: this.#extensions(params.name, ctx, requester),
            onProgress,
          })
          .then(toCallToolResult)
          .finally(release);
      },
    });
    return answer.finally(() => {
      if (!started) release();
    });
  }

  // A task tool that gathers its first input in rounds: the call runs as a round; a round that
  // asks is answered with input_required, one that finishes with its result, and one that works on
  // without asking becomes a task, the running tool handed over to it (its input requests and
  // progress from then on the task's, its signal the task's).
  async #inputFirstTask(
    tasks: TaskCalls,
    snapshot: ToolSnapshot,
    params: CallParams,
    ctx: ServerContext,
    release: () => void,
  ): Promise<CallAnswer> {
    const support = inputSupportOf(this.connection.clientCapabilities(ctx));
    let requester: SwitchingInputRequester | undefined;
    let onProgress: ((item: ProgressItem) => void) | undefined;
    let round;
    try {
      round = await runRound({
        ctx,
        states: this.states,
        subject: `tools/call ${params.name}`,
        argumentsText: () => argumentsText(params.args),
        support,
        escalateAfterMs: tasks.inputFirstWindowMs,
        run: (replay, signal) => {
          requester = new SwitchingInputRequester(replay);
          return snapshot
            .call(params.name, params.args, {
              signal,
              extensions: this.#extensions(params.name, ctx, requester),
              onProgress: (item) => onProgress?.(item),
            })
            .then(toCallToolResult);
        },
      });
    } catch (error) {
      release();
      throw error;
    }
    if (round.done) {
      release();
      return round.value;
    }
    if (!('escalated' in round)) {
      release();
      return round.result;
    }
    const escalated = round.escalated;
    let started = false;
    return tasks
      .start({
        toolName: params.name,
        support,
        onError: (error) => this.#report(error),
        run: (signal, taskRequester, taskProgress) => {
          started = true;
          signal.addEventListener('abort', () => escalated.abort(signal.reason), { once: true });
          if (requester !== undefined) requester.target = taskRequester;
          onProgress = taskProgress;
          return escalated.value.finally(release);
        },
      })
      .finally(() => {
        if (started) return;
        escalated.abort(ToolError.cancelled());
        release();
      });
  }

  // One round of a call under 2026-07-28: the tool runs with the answers gathered so far; the
  // first input request without an answer ends the round with `input_required`.
  async #runRound(
    snapshot: ToolSnapshot,
    params: CallParams,
    ctx: ServerContext,
    release: () => void,
  ): Promise<CallAnswer> {
    let finished = false;
    const slot = (): void => {
      if (finished) return;
      finished = true;
      release();
    };
    let round;
    try {
      round = await runRound({
        ctx,
        states: this.states,
        subject: `tools/call ${params.name}`,
        argumentsText: () => argumentsText(params.args),
        support: inputSupportOf(this.connection.clientCapabilities(ctx)),
        run: (requester, signal) => this.#run(snapshot, params, ctx, signal, requester, slot),
      });
    } catch (error) {
      slot();
      throw error;
    }
    // An ordinary round never escalates (it sets no escalateAfterMs).
    if (!round.done) return (round as { readonly result: Result }).result;
    const outcome = round.value;
    // 2026-07-28 makes a request that needs an undeclared capability a protocol error (-32021),
    // when the tool could not do without it; a tool that caught the refusal answered normally.
    if (round.requester.missing.size > 0 && errorKindOf(outcome) === 'not_implemented') {
      const requiredCapabilities: Record<string, object> = {};
      for (const capability of round.requester.missing) requiredCapabilities[capability] = {};
      throw new MissingRequiredClientCapabilityError({ requiredCapabilities });
    }
    return outcome;
  }

  #extensions(toolName: string, ctx: ServerContext, requester: InputRequester): ExtensionEntry[] {
    const entries: ExtensionEntry[] = [];
    // The same strings the call's context scrubs from its error text and progress (collected
    // once, when the tool first logs): the host's entries and its secrets.
    let secrets: readonly string[] | undefined;
    const session = new CallSession(this.connection, ctx, requester, () => {
      secrets ??= [...this.handle.snapshot().hostSecrets(), ...collectHostValues(entries.slice(2))];
      return secrets;
    });
    entries.push([McpSession, session], [InputRequester, requester]);
    const context = this.options.context;
    if (context === undefined) return entries;
    try {
      const host = context({
        toolName,
        sessionId: ctx.sessionId,
        authInfo: ctx.http?.authInfo,
        request: (ctx.http as { req?: Request } | undefined)?.req,
        protocolVersion: this.connection.protocolVersion(),
      });
      if (host !== undefined) for (const entry of host) entries.push(entry);
    } catch (thrown) {
      this.#report(thrown);
    }
    return entries;
  }

  #report(error: unknown): void {
    try {
      this.options.onError?.(error);
    } catch {
      // The host's logger failing must not take the call with it.
    }
  }
}

function errorKindOf(result: CallToolResult): string | undefined {
  if (result.isError !== true) return undefined;
  const meta = result._meta?.[ERROR_META_KEY] as ErrorMeta | undefined;
  return meta?.kind;
}

function argumentsText(args: unknown): string {
  return typeof args === 'string' ? args : JSON.stringify(args ?? {});
}

function readParams(params: unknown, recorded: RawArguments | undefined): CallParams {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      'Invalid tools/call request: params must be an object.',
    );
  }
  const record = params as Record<string, unknown>;
  const name = record['name'];
  if (typeof name !== 'string' || name === '') {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      'Invalid tools/call request: params.name must be a tool name.',
    );
  }
  const args = record['arguments'];
  if (args !== undefined && args !== null && (typeof args !== 'object' || Array.isArray(args))) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      'Invalid tools/call request: params.arguments must be an object.',
    );
  }
  const meta = record['_meta'];
  let progressToken: ProgressToken | undefined;
  if (typeof meta === 'object' && meta !== null) {
    const token = (meta as Record<string, unknown>)['progressToken'];
    if (typeof token === 'string' || (typeof token === 'number' && Number.isFinite(token)))
      progressToken = token;
  }
  const raw = recorded ?? rawArgumentsOf(args);
  return {
    name,
    args: raw?.text ?? args ?? undefined,
    repeated: raw?.repeated === true,
    progressToken,
  };
}

function overloaded(toolName: string, retryAfterMs: number): ToolError {
  return ToolError.concurrencyLimited(
    `The server is running as many tool calls as it allows. Retry ${toolName} in about ${Math.ceil(retryAfterMs / 100) / 10} s.`,
    { toolName, retryAfterMs },
  );
}
