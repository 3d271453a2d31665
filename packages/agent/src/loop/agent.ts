import { createCallContext, type ExtensionEntry } from '@toolwright/core';
import type {
  ProviderDefinition,
  ProviderFormat,
  ToolServerHandle,
  ToolSnapshot,
} from '@toolwright/registry';
import type { AgentMessage } from '../messages/agent-message';
import { NO_USAGE } from '../model/usage';
import type { ResumeDecision } from '../approval/approval';
import { ApprovalStateError } from '../approval/approval-state-error';
import { ApprovalStateSigner } from '../approval/approval-state-signer';
import type { AgentEvent } from './agent-event';
import { AgentLoop, type AgentConfig, type RunStart } from './agent-loop';
import type { AgentInput, AgentOptions, AgentRunOptions } from './agent-options';
import type { AgentRunResult } from './agent-run-result';
import type { AgentState, SuspendedCall } from './agent-state';
import { ToolSearch } from '../search/tool-search';
import { resolveToolSearch } from '../search/tool-search-options';

const DEFAULT_MAX_TURNS = 10;
const DEFAULT_MAX_CONCURRENT_CALLS = 8;

/**
 * The agent loop: send the transcript and the tool definitions, run the tool calls the model
 * asks for, send the results back, until the model answers or `maxTurns` runs out. `run` and
 * `stream` are two views of one implementation: the same run gives the same transcript either way.
 */
export class Agent {
  readonly #config: AgentConfig;

  constructor(options: AgentOptions) {
    if (typeof options?.model?.stream !== 'function') {
      throw new TypeError(
        'Agent needs a model: a ModelClient (OpenAiChatClient, AnthropicMessagesClient, ScriptedModelClient).',
      );
    }
    const source = options.tools as Partial<ToolServerHandle & ToolSnapshot> | undefined;
    if (typeof source?.call !== 'function' || typeof source.definitions !== 'function') {
      throw new TypeError(
        'Agent needs tools: a ToolServerHandle (registry.finalize()) or one of its snapshots.',
      );
    }
    const maxTurns = checkedCount(options.maxTurns ?? DEFAULT_MAX_TURNS, 'maxTurns');
    if (options.toolTimeoutMs !== undefined && !(options.toolTimeoutMs > 0)) {
      throw new TypeError(
        `Agent toolTimeoutMs must be a positive number of milliseconds; got ${options.toolTimeoutMs}.`,
      );
    }
    const handle = typeof source.snapshot === 'function' ? (options.tools as ToolServerHandle) : undefined;
    const fixed = handle === undefined ? (options.tools as ToolSnapshot) : undefined;
    const format: ProviderFormat = options.format ?? options.model.format;
    const searchOptions = resolveToolSearch(options.toolSearch);
    const listed = options.allowedTools === undefined ? undefined : new Set(options.allowedTools);
    const snapshot = handle === undefined ? () => fixed! : () => handle.snapshot();
    let search: ToolSearch | undefined;
    if (searchOptions !== undefined) {
      if (snapshot().has(searchOptions.name)) {
        throw new TypeError(
          `Agent toolSearch: a registered tool is already named ${searchOptions.name}; give the search tool another name with toolSearch: { name }.`,
        );
      }
      search = new ToolSearch(searchOptions, format, listed);
    }
    // The search tool may always be called, allowedTools or not.
    const allowed =
      listed === undefined || search === undefined ? listed : new Set([...listed, searchOptions!.name]);
    this.#config = {
      model: options.model,
      snapshot: search === undefined ? snapshot : () => search.view(snapshot()),
      definitions:
        search !== undefined
          ? (turnSnapshot, messages) => search.definitions(turnSnapshot, messages)
          : allowed === undefined
            ? (turnSnapshot) => turnSnapshot.toolDefinitions(format)
            : filteredDefinitions(format, allowed),
      system: options.system,
      maxTurns,
      toolTimeoutMs: options.toolTimeoutMs,
      hooks: options.hooks ?? {},
      allowed,
      toolChoice: options.toolChoice,
      parallelToolCalls: options.parallelToolCalls,
      signer: new ApprovalStateSigner(options.stateKey),
      concurrentReadOnly: options.concurrentReadOnly ?? true,
      maxConcurrentCalls: checkedCount(
        options.maxConcurrentCalls ?? DEFAULT_MAX_CONCURRENT_CALLS,
        'maxConcurrentCalls',
      ),
    };
  }

  /** Runs to the end and resolves to the result; never rejects for model or tool failures (see `stopReason`). */
  run(input: AgentInput, options: AgentRunOptions = {}): Promise<AgentRunResult> {
    return this.#drain(this.#loop(startFrom(input), options, options.signal));
  }

  /** The same run as a stream of events, ending with `done` (whose result `run` would have returned). */
  stream(input: AgentInput, options: AgentRunOptions = {}): AsyncGenerator<AgentEvent, void, undefined> {
    return this.#relay((signal) => this.#loop(startFrom(input), options, signal), options.signal);
  }

  /**
   * Continues a run suspended for approval: `decisions` maps call ids to `allow`, `deny` or
   * `{ decision: 'deny', reason }` (or the forms with the call's `digest`); a call left without a
   * decision is put to the approval hook again. Rejects with an `ApprovalStateError`, running
   * nothing, when the state fails its signature check or a decision does not fit it.
   */
  resume(
    state: AgentState,
    decisions: Readonly<Record<string, ResumeDecision>>,
    options: AgentRunOptions = {},
  ): Promise<AgentRunResult> {
    let start: RunStart;
    try {
      start = startFromState(this.#config.signer, state, decisions);
    } catch (error) {
      return Promise.reject(error);
    }
    return this.#drain(this.#loop(start, options, options.signal));
  }

  /** `resume` as a stream of events. */
  resumeStream(
    state: AgentState,
    decisions: Readonly<Record<string, ResumeDecision>>,
    options: AgentRunOptions = {},
  ): AsyncGenerator<AgentEvent, void, undefined> {
    return this.#relay(
      (signal) => this.#loop(startFromState(this.#config.signer, state, decisions), options, signal),
      options.signal,
    );
  }

  #loop(start: RunStart, options: AgentRunOptions, signal: AbortSignal | undefined): AgentLoop {
    const extensions = options.extensions === undefined ? undefined : Array.from(options.extensions);
    return new AgentLoop(this.#config, start, {
      signal,
      extensions,
      hostValues: hostValuesOf(extensions),
      maxTurns:
        options.maxTurns === undefined ? this.#config.maxTurns : checkedCount(options.maxTurns, 'maxTurns'),
    });
  }

  async #drain(loop: AgentLoop): Promise<AgentRunResult> {
    for await (const event of loop.events()) if (event.type === 'done') return event.result;
    throw new Error('The agent loop ended without its done event.');
  }

  // A consumer that stops reading early cancels what the run still has in flight.
  async *#relay(
    start: (signal: AbortSignal) => AgentLoop,
    outer: AbortSignal | undefined,
  ): AsyncGenerator<AgentEvent, void, undefined> {
    const controller = new AbortController();
    const onAbort = (): void => controller.abort(outer?.reason);
    if (outer?.aborted === true) controller.abort(outer.reason);
    else outer?.addEventListener('abort', onAbort, { once: true });
    let finished = false;
    try {
      yield* start(controller.signal).events();
      finished = true;
    } finally {
      outer?.removeEventListener('abort', onAbort);
      if (!finished) controller.abort();
    }
  }
}

function startFrom(input: AgentInput): RunStart {
  let messages: AgentMessage[];
  if (typeof input === 'string') messages = [{ role: 'user', content: input }];
  else if (Array.isArray(input)) messages = input.slice();
  else throw new TypeError('agent.run expects a string or an array of messages.');
  return { messages, turns: 0, usage: NO_USAGE, retries: 0 };
}

// The state is checked before anything else: only a state this agent's key signed is resumed.
function startFromState(
  signer: ApprovalStateSigner,
  state: AgentState,
  decisions: Readonly<Record<string, ResumeDecision>>,
): RunStart {
  const verified = signer.verify(state);
  if (typeof decisions !== 'object' || decisions === null || Array.isArray(decisions)) {
    throw new ApprovalStateError(
      'invalid_decision',
      'agent.resume expects the decisions as an object mapping call ids to allow or deny.',
    );
  }
  const awaiting = new Map<string, SuspendedCall>();
  for (const suspended of verified.pending)
    if (suspended.settled === undefined && suspended.asked === true)
      awaiting.set(suspended.call.id, suspended);
  const decided = new Map<string, ResumeDecision>();
  for (const [callId, value] of Object.entries(decisions)) {
    if (value === undefined) continue;
    const suspended = awaiting.get(callId);
    if (suspended === undefined) {
      throw new ApprovalStateError(
        'unknown_call',
        `agent.resume got a decision for ${JSON.stringify(callId.slice(0, 80))}, which is not a call awaiting approval in this state (awaiting: ${[...awaiting.keys()].join(', ') || 'none'}). Nothing was run.`,
      );
    }
    decided.set(callId, checkedDecision(signer, verified.id, suspended, value));
  }
  const pending: SuspendedCall[] = verified.pending.map((suspended) => {
    if (suspended.settled !== undefined || suspended.asked !== true) return suspended;
    const decision = decided.get(suspended.call.id);
    return decision === undefined ? { ...suspended, asked: false } : { ...suspended, decision, asked: false };
  });
  return {
    messages: verified.messages.slice(),
    turns: verified.turns,
    usage: verified.usage,
    retries: verified.retries,
    resume: pending,
  };
}

// A decision in one of its forms, reduced to allow or a denial; a digest must match the call as it stands.
function checkedDecision(
  signer: ApprovalStateSigner,
  stateId: string,
  suspended: SuspendedCall,
  value: unknown,
): ResumeDecision {
  if (value === 'allow' || value === 'deny') return value;
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  const kind = record?.['decision'];
  const digest = record?.['digest'];
  const reason = record?.['reason'];
  const valid =
    (kind === 'allow' && typeof digest === 'string') ||
    (kind === 'deny' && (typeof reason === 'string' || typeof digest === 'string'));
  if (
    !valid ||
    (digest !== undefined && typeof digest !== 'string') ||
    (reason !== undefined && typeof reason !== 'string')
  ) {
    throw new ApprovalStateError(
      'invalid_decision',
      `agent.resume got an unreadable decision for ${suspended.call.id}: use 'allow', 'deny', { decision: 'deny', reason } or { decision: 'allow' | 'deny', digest }.`,
    );
  }
  if (typeof digest === 'string') {
    const call = suspended.call;
    const expected = signer.digest(stateId, {
      callId: call.id,
      toolName: call.name,
      arguments: call.arguments,
    });
    if (digest !== expected) {
      throw new ApprovalStateError(
        'stale_decision',
        `agent.resume got a decision for ${call.id} made for another call than the one pending (its digest does not match ${call.name} with these arguments in this state). Nothing was run.`,
      );
    }
  }
  if (kind === 'allow') return 'allow';
  return typeof reason === 'string' && reason !== '' ? { decision: 'deny', reason } : 'deny';
}

function filteredDefinitions(
  format: ProviderFormat,
  allowed: ReadonlySet<string>,
): (snapshot: ToolSnapshot) => readonly ProviderDefinition[] {
  // Filtered once per snapshot, like the registry's own cache.
  const cache = new WeakMap<ToolSnapshot, readonly ProviderDefinition[]>();
  return (snapshot) => {
    let definitions = cache.get(snapshot);
    if (definitions === undefined) {
      const all = snapshot.toolDefinitions(format);
      definitions = Object.freeze(all.filter((_, index) => allowed.has(snapshot.tools[index]!.name)));
      cache.set(snapshot, definitions);
    }
    return definitions;
  };
}

function hostValuesOf(extensions: readonly ExtensionEntry[] | undefined): readonly string[] {
  if (extensions === undefined || extensions.length === 0) return [];
  return createCallContext({ toolName: 'agent', extensions }).hostValues();
}

function checkedCount(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new TypeError(`Agent ${name} must be a whole number of at least 1; got ${value}.`);
  }
  return value;
}
