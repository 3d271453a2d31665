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
import type { AgentEvent } from './agent-event';
import { AgentLoop, type AgentConfig, type RunStart } from './agent-loop';
import type { AgentInput, AgentOptions, AgentRunOptions } from './agent-options';
import type { AgentRunResult } from './agent-run-result';
import type { AgentState, SuspendedCall } from './agent-state';

const DEFAULT_MAX_TURNS = 10;

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
    const maxTurns = checkedMaxTurns(options.maxTurns ?? DEFAULT_MAX_TURNS, 'maxTurns');
    if (options.toolTimeoutMs !== undefined && !(options.toolTimeoutMs > 0)) {
      throw new TypeError(
        `Agent toolTimeoutMs must be a positive number of milliseconds; got ${options.toolTimeoutMs}.`,
      );
    }
    const handle = typeof source.snapshot === 'function' ? (options.tools as ToolServerHandle) : undefined;
    const fixed = handle === undefined ? (options.tools as ToolSnapshot) : undefined;
    const format: ProviderFormat = options.format ?? options.model.format;
    const allowed = options.allowedTools === undefined ? undefined : new Set(options.allowedTools);
    this.#config = {
      model: options.model,
      snapshot: handle === undefined ? () => fixed! : () => handle.snapshot(),
      definitions:
        allowed === undefined
          ? (snapshot) => snapshot.definitions(format)
          : filteredDefinitions(format, allowed),
      system: options.system,
      maxTurns,
      toolTimeoutMs: options.toolTimeoutMs,
      hooks: options.hooks ?? {},
      allowed,
      toolChoice: options.toolChoice,
      parallelToolCalls: options.parallelToolCalls,
      concurrentReadOnly: options.concurrentReadOnly ?? true,
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
   * `{ decision: 'deny', reason }`; a call left without a decision is put to the approval hook again.
   */
  resume(
    state: AgentState,
    decisions: Readonly<Record<string, ResumeDecision>>,
    options: AgentRunOptions = {},
  ): Promise<AgentRunResult> {
    return this.#drain(this.#loop(startFromState(state, decisions), options, options.signal));
  }

  /** `resume` as a stream of events. */
  resumeStream(
    state: AgentState,
    decisions: Readonly<Record<string, ResumeDecision>>,
    options: AgentRunOptions = {},
  ): AsyncGenerator<AgentEvent, void, undefined> {
    return this.#relay(
      (signal) => this.#loop(startFromState(state, decisions), options, signal),
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
        options.maxTurns === undefined
          ? this.#config.maxTurns
          : checkedMaxTurns(options.maxTurns, 'maxTurns'),
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

function startFromState(state: AgentState, decisions: Readonly<Record<string, ResumeDecision>>): RunStart {
  if (state?.version !== 1 || !Array.isArray(state.messages) || !Array.isArray(state.pending)) {
    throw new TypeError('agent.resume expects the state of a run suspended for approval (result.state).');
  }
  const pending: SuspendedCall[] = state.pending.map((suspended) => {
    if (suspended.settled !== undefined || suspended.asked !== true) return suspended;
    const decision = Object.hasOwn(decisions, suspended.call.id) ? decisions[suspended.call.id] : undefined;
    return decision === undefined ? { ...suspended, asked: false } : { ...suspended, decision, asked: false };
  });
  return {
    messages: state.messages.slice(),
    turns: state.turns,
    usage: state.usage,
    retries: state.retries,
    resume: pending,
  };
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
      const all = snapshot.definitions(format);
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

function checkedMaxTurns(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new TypeError(`Agent ${name} must be a whole number of at least 1; got ${value}.`);
  }
  return value;
}
