import type { ExtensionEntry } from '@toolwright/core';
import type { ProviderDefinition, RegisteredTool, ToolSnapshot } from '@toolwright/registry';
import type { AgentMessage, AssistantMessage, ToolCallRequest } from '../messages/agent-message';
import type { ModelClient, ModelRequest, ToolChoice } from '../model/model-client';
import { ModelError } from '../model/model-error';
import type { FinishReason, FinishEvent, ToolCallEvent } from '../model/model-event';
import { addUsage, type Usage } from '../model/usage';
import type { PendingApproval } from '../approval/approval';
import type { ApprovalStateSigner } from '../approval/approval-state-signer';
import type { AgentEvent, DoneEvent } from './agent-event';
import type { AgentHooks } from './agent-options';
import type { AgentRunResult, StopReason } from './agent-run-result';
import type { AgentState, SuspendedCall } from './agent-state';
import type { AgentToolResult } from './agent-tool-result';
import type { RunScope } from './run-scope';
import { describeStop } from './describe-stop';
import { TurnExecution, type CallSlot } from './turn-execution';
import { watchPromise } from './watch-promise';
import { isAborted } from './is-aborted';
import { asRunError } from './as-run-error';
import { scrubContent } from './scrub-content';
import type { BeforeTurnHook } from '../hooks/before-turn-hook';
import { checkedBeforeTurn } from '../hooks/hook-answers';

/** What an `Agent` fixes for all its runs. */
export interface AgentConfig {
  readonly model: ModelClient;
  readonly snapshot: () => ToolSnapshot;
  /** A turn's definitions; `messages` (the transcript so far) decide which deferred tools are loaded. */
  readonly definitions: (
    snapshot: ToolSnapshot,
    messages: readonly AgentMessage[],
  ) => readonly ProviderDefinition[];
  readonly system: string | undefined;
  readonly maxTurns: number;
  readonly toolTimeoutMs: number | undefined;
  readonly hooks: AgentHooks;
  readonly allowed: ReadonlySet<string> | undefined;
  readonly toolChoice: ToolChoice | undefined;
  readonly parallelToolCalls: boolean | undefined;
  readonly concurrentReadOnly: boolean;
  readonly maxConcurrentCalls: number;
  /** Signs the state of a suspended run, and checks it on resume. */
  readonly signer: ApprovalStateSigner;
}

/** Where a run starts: a transcript, or a suspended state with the host's decisions merged in. */
export interface RunStart {
  readonly messages: AgentMessage[];
  readonly turns: number;
  readonly usage: Usage;
  readonly retries: number;
  readonly resume?: readonly SuspendedCall[];
}

/** Per-run settings, resolved. */
export interface RunSettings {
  readonly signal: AbortSignal | undefined;
  readonly extensions: readonly ExtensionEntry[] | undefined;
  readonly hostValues: readonly string[];
  readonly maxTurns: number;
}

/**
 * One run of the loop, as a stream of events ending with `done`. This is the only implementation
 * of the loop's semantics: `agent.run` drains it for the `done` event, `agent.stream` relays it.
 * It never throws: model failures, cancellation and hook errors end the run with a stop reason.
 */
export class AgentLoop {
  readonly #config: AgentConfig;
  readonly #settings: RunSettings;
  readonly #scope: RunScope;
  readonly #messages: AgentMessage[];
  readonly #toolResults: AgentToolResult[] = [];
  #turns: number;
  #usage: Usage;
  #resume: readonly SuspendedCall[] | undefined;
  // Every call id of the run so far (built on the first turn with calls).
  #usedIds: Set<string> | undefined;
  #text = '';
  #finishReason: FinishReason | undefined;
  readonly #queue: AgentEvent[] = [];
  #wake: (() => void) | undefined;
  readonly #wakeUp = (): void => {
    const wake = this.#wake;
    if (wake !== undefined) {
      this.#wake = undefined;
      wake();
    }
  };

  constructor(config: AgentConfig, start: RunStart, settings: RunSettings) {
    this.#config = config;
    this.#settings = settings;
    this.#messages = start.messages;
    this.#turns = start.turns;
    this.#usage = start.usage;
    this.#resume = start.resume;
    this.#scope = {
      hooks: config.hooks,
      signal: settings.signal,
      extensions: settings.extensions,
      hostValues: settings.hostValues,
      toolTimeoutMs: config.toolTimeoutMs,
      concurrentReadOnly: config.concurrentReadOnly,
      maxConcurrentCalls: config.maxConcurrentCalls,
      allowed: config.allowed,
      emit: (event) => {
        this.#queue.push(event);
        this.#wakeUp();
      },
      retries: start.retries,
      messages: this.#messages,
    };
    this.#text = lastAssistantText(start.messages);
  }

  async *events(): AsyncGenerator<AgentEvent, void, undefined> {
    const config = this.#config;
    const signal = this.#settings.signal;
    for (;;) {
      let snapshot: ToolSnapshot;
      let turn: number;
      let slots: CallSlot[];
      let turnUsage: Usage | undefined;
      // The tools a beforeTurn hook chose for this turn; undefined: the agent's own.
      let offered: ReadonlySet<string> | undefined;
      const resume = this.#resume;
      if (resume !== undefined) {
        this.#resume = undefined;
        snapshot = config.snapshot();
        turn = this.#turns;
        slots = resume.map(slotFromState);
      } else {
        if (isAborted(signal)) return yield this.#done('cancelled');
        if (this.#turns >= this.#settings.maxTurns) return yield this.#done('max_turns');
        turn = ++this.#turns;
        snapshot = config.snapshot();
        yield { type: 'turn-start', turn, toolsVersion: snapshot.version };
        // A copy: the transcript grows while a client may still be reading this request.
        const messages = this.#messages.slice();
        let tools = config.definitions(snapshot, this.#messages);
        offered = undefined;
        if (config.hooks.beforeTurn !== undefined) {
          try {
            ({ tools, offered } = await this.#beforeTurn(
              config.hooks.beforeTurn,
              snapshot,
              turn,
              messages,
              tools,
            ));
          } catch (thrown) {
            return yield this.#done('error', thrown);
          }
        }
        const request: ModelRequest = {
          system: config.system,
          messages,
          tools,
          toolChoice: config.toolChoice,
          parallelToolCalls: config.parallelToolCalls,
          signal,
        };
        let text = '';
        const calls: ToolCallRequest[] = [];
        let finish: FinishEvent | undefined;
        try {
          for await (const event of config.model.stream(request)) {
            if (event.type === 'text-delta') {
              text += event.text;
              yield { type: 'text-delta', turn, text: event.text };
            } else if (event.type === 'tool-call') {
              calls.push(callOf(event));
            } else if (event.type === 'finish') {
              finish = event;
            }
          }
          if (finish === undefined)
            throw new ModelError('protocol', 'The model stream ended without a finish event.');
        } catch (thrown) {
          return yield this.#done(isAborted(signal) ? 'cancelled' : 'error', thrown);
        }
        turnUsage = finish.usage;
        this.#usage = addUsage(this.#usage, turnUsage);
        this.#text = text;
        this.#finishReason = finish.finishReason;
        if (calls.length === 0) {
          this.#messages.push({ role: 'assistant', content: text });
          yield { type: 'turn-finish', turn, finishReason: finish.finishReason, usage: turnUsage };
          return yield this.#done('completed');
        }
        normalizeCallIds(calls, turn, (this.#usedIds ??= usedCallIds(this.#messages)));
        this.#messages.push({ role: 'assistant', content: text, toolCalls: calls });
        slots = calls.map((call) => ({ call, attempt: 1, checked: false, dispatched: false }));
      }

      const execution = new TurnExecution(this.#scope, snapshot, turn, slots, offered);
      // The calls run while their events (progress above all) are relayed live.
      const watched = watchPromise(execution.run(), this.#wakeUp);
      const queue = this.#queue;
      for (;;) {
        if (queue.length > 0) {
          // Events emitted while one is being consumed join the end of this same batch.
          for (let index = 0; index < queue.length; index++) yield queue[index]!;
          queue.length = 0;
        }
        if (watched.settled) break;
        await new Promise<void>((resolve) => (this.#wake = resolve));
      }
      if (watched.failed) {
        // A hook threw: a bug in the host. The transcript stays well formed; the run ends.
        execution.abandon();
        this.#closeTurn(execution);
        for (const event of queue) yield event;
        queue.length = 0;
        return yield this.#done('error', watched.failure);
      }
      const outcome = watched.value!;
      if (outcome.kind === 'suspend') {
        if (execution.repaired) this.#rewriteCalls(execution);
        const signer = config.signer;
        const id = signer.newId();
        const state = signer.seal({
          version: 2,
          id,
          messages: this.#messages.slice(),
          turns: this.#turns,
          usage: this.#usage,
          retries: this.#scope.retries,
          pending: execution.suspended(),
        });
        const pending: PendingApproval[] = outcome.pending.map((call) => ({
          ...call,
          digest: signer.digest(id, call),
        }));
        this.#collectResults(execution);
        yield { type: 'approval-required', turn, pending };
        return yield this.#done('approval_required', undefined, { state, pending });
      }
      if (outcome.kind === 'rollback') this.#rollBack(execution, outcome.feedback);
      else this.#closeTurn(execution);
      yield { type: 'turn-finish', turn, finishReason: this.#finishReason, usage: turnUsage };
      if (outcome.kind === 'stop') return yield this.#done('stopped', undefined, { reason: outcome.reason });
      if (isAborted(signal)) return yield this.#done('cancelled');
    }
  }

  // The hook picks among the tools this turn would offer; the definitions follow its order.
  // Definitions that are no registered tool (a provider's own tool search) are kept, last.
  async #beforeTurn(
    hook: BeforeTurnHook,
    snapshot: ToolSnapshot,
    turn: number,
    messages: readonly AgentMessage[],
    definitions: readonly ProviderDefinition[],
  ): Promise<{ tools: readonly ProviderDefinition[]; offered: ReadonlySet<string> | undefined }> {
    const tools: RegisteredTool[] = [];
    const toolDefinitions: ProviderDefinition[] = [];
    const others: ProviderDefinition[] = [];
    for (const definition of definitions) {
      const tool = snapshot.get(definitionName(definition));
      if (tool === undefined) others.push(definition);
      else {
        tools.push(tool);
        toolDefinitions.push(definition);
      }
    }
    const chosen = checkedBeforeTurn(
      await hook({ turn, messages, tools, definitions: toolDefinitions }),
      tools,
    );
    if (chosen === undefined) return { tools: definitions, offered: undefined };
    return {
      tools: Object.freeze([...chosen.map((index) => toolDefinitions[index]!), ...others]),
      offered: new Set(chosen.map((index) => tools[index]!.name)),
    };
  }

  #closeTurn(execution: TurnExecution): void {
    if (execution.repaired) this.#rewriteCalls(execution);
    for (const message of execution.messages()) this.#messages.push(message);
    this.#collectResults(execution);
  }

  // The model's turn is dropped (its assistant message is the last one) and the feedback is what it reads next.
  #rollBack(execution: TurnExecution, feedback: string): void {
    const messages = this.#messages;
    if (messages[messages.length - 1]?.role === 'assistant') messages.pop();
    const [block] = scrubContent([{ type: 'text', text: feedback }], this.#settings.hostValues);
    messages.push({ role: 'user', content: block!.type === 'text' ? block!.text : feedback });
    this.#collectResults(execution);
  }

  #collectResults(execution: TurnExecution): void {
    for (const slot of execution.slots) if (slot.result !== undefined) this.#toolResults.push(slot.result);
  }

  // The transcript shows a repaired call as it ran, so the next request is consistent.
  #rewriteCalls(execution: TurnExecution): void {
    const messages = this.#messages;
    for (let index = messages.length - 1; index >= 0; index--) {
      const message = messages[index]!;
      if (message.role !== 'assistant') continue;
      const rewritten: AssistantMessage = {
        role: 'assistant',
        content: message.content,
        toolCalls: execution.slots.map((slot) => slot.call),
      };
      messages[index] = rewritten;
      return;
    }
  }

  #done(
    stopReason: StopReason,
    error?: unknown,
    extra: { reason?: string; state?: AgentState; pending?: readonly PendingApproval[] } = {},
  ): DoneEvent {
    const result: AgentRunResult = {
      text: this.#text,
      stopReason,
      reason: describeStop(stopReason, this.#settings.maxTurns, error, extra),
      messages: this.#messages,
      toolResults: this.#toolResults,
      usage: this.#usage,
      turns: this.#turns,
      ...(this.#finishReason === undefined ? {} : { finishReason: this.#finishReason }),
      ...(error === undefined ? {} : { error: asRunError(error) }),
      ...(extra.state === undefined ? {} : { state: extra.state }),
      ...(extra.pending === undefined ? {} : { pendingApprovals: extra.pending }),
    };
    return { type: 'done', result };
  }
}

// The tool name of a definition in any provider format (OpenAI's nests it under `function`).
function definitionName(definition: ProviderDefinition): string {
  const record = definition as { name?: unknown; function?: { name?: unknown } };
  const name = record.function?.name ?? record.name;
  return typeof name === 'string' ? name : '';
}

function slotFromState(suspended: SuspendedCall): CallSlot {
  // Its beforeCall hook ran before the suspension, on the call as the state holds it.
  const slot: CallSlot = { call: suspended.call, attempt: 1, checked: true, dispatched: false };
  if (suspended.repairedFrom !== undefined) slot.repairedFrom = suspended.repairedFrom;
  if (suspended.decision !== undefined) slot.decision = suspended.decision;
  if (suspended.settled !== undefined) slot.settled = suspended.settled;
  return slot;
}

// Longer provider ids are replaced: an id is echoed in every later request and in approval state.
const MAX_CALL_ID_LENGTH = 256;

/**
 * Call ids pair calls with results on the wire and decisions with pending calls, so each must be
 * unique in the whole run: an id that is missing, too long, repeated in the turn or used in an
 * earlier turn is replaced by `call_<turn>_<n>` (with a suffix if even that is taken). The
 * calls that keep their id are settled first, so a new id never collides with a later one.
 */
function normalizeCallIds(calls: ToolCallRequest[], turn: number, used: Set<string>): void {
  let renamed: number[] | undefined;
  for (let index = 0; index < calls.length; index++) {
    const id = calls[index]!.id;
    if (id !== '' && id.length <= MAX_CALL_ID_LENGTH && !used.has(id)) used.add(id);
    else (renamed ??= []).push(index);
  }
  if (renamed === undefined) return;
  for (const index of renamed) {
    const base = `call_${turn}_${index + 1}`;
    let id = base;
    for (let suffix = 2; used.has(id); suffix++) id = `${base}_${suffix}`;
    used.add(id);
    calls[index] = { ...calls[index]!, id };
  }
}

function usedCallIds(messages: readonly AgentMessage[]): Set<string> {
  const used = new Set<string>();
  for (const message of messages) {
    if (message.role === 'assistant' && message.toolCalls !== undefined)
      for (const call of message.toolCalls) used.add(call.id);
    else if (message.role === 'tool') used.add(message.toolCallId);
  }
  return used;
}

// A client is host code, but its events are still checked: a call always has three strings.
function callOf(event: ToolCallEvent): ToolCallRequest {
  const { id, name, arguments: text } = event as Partial<ToolCallEvent>;
  if (typeof id === 'string' && typeof name === 'string' && typeof text === 'string')
    return { id, name, arguments: text };
  return {
    id: typeof id === 'string' ? id : '',
    name: typeof name === 'string' ? name : '',
    arguments: typeof text === 'string' ? text : text === undefined ? '' : (JSON.stringify(text) ?? ''),
  };
}

function lastAssistantText(messages: readonly AgentMessage[]): string {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.role === 'assistant') return message.content;
  }
  return '';
}
