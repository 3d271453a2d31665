import { ToolError, type ContentBlock, type ToolResult } from '@toolwright/core';
import { unknownToolError } from '@toolwright/core/internal';
import { resourceClaimOf, type RegisteredTool, type ToolSnapshot } from '@toolwright/registry';
import type { ApprovalDecision, PendingApproval, ResumeDecision } from '../approval/approval';
import type { AgentMessage, ToolCallRequest, ToolMessage } from '../messages/agent-message';
import type { InvalidCallReason, InvalidToolCall } from '../recovery/invalid-tool-call';
import type { RecoveryAction } from '../recovery/recovery-action';
import type { SuspendedCall } from './agent-state';
import { checkedAction, FAIL } from './checked-action';
import { dispatchCall } from './dispatch-call';
import type { AgentToolResult, ToolCallStatus } from './agent-tool-result';
import type { RunScope } from './run-scope';
import { scrubContent } from './scrub-content';
import { isAborted } from './is-aborted';
import { runByResource, type CallLease } from './run-by-resource';
import { checkedAfterCall, checkedBeforeCall } from '../hooks/hook-answers';

// A call may be repaired twice; a third invalid attempt fails, so two hooks cannot ping-pong forever.
const MAX_ATTEMPTS = 3;

/** One tool call of a turn, from the model's request to its settled result. */
export interface CallSlot {
  call: ToolCallRequest;
  repairedFrom?: string;
  tool?: RegisteredTool;
  decision?: ResumeDecision;
  asked?: boolean;
  attempt: number;
  /** Whether the beforeCall hook has seen the call (a resumed call was seen before the suspension). */
  checked: boolean;
  settled?: {
    readonly status: ToolCallStatus;
    readonly content: readonly ContentBlock[];
    readonly isError: boolean;
  };
  /** Whether the call was dispatched (ran, or was refused by its decoder or guard). */
  dispatched: boolean;
  /** The host-side record; absent for a call settled before a suspension (reported then). */
  result?: AgentToolResult;
}

/** How a turn's tool calls ended. */
export type TurnOutcome =
  | { readonly kind: 'continue' }
  | { readonly kind: 'stop'; readonly reason: string }
  /** A `retry` with `rollback`: drop the model's turn, send `feedback` as a user message. */
  | { readonly kind: 'rollback'; readonly feedback: string }
  | { readonly kind: 'suspend'; readonly pending: readonly UnsignedApproval[] };

/** A pending approval before the loop signs the suspension (and gives it its digest). */
export type UnsignedApproval = Omit<PendingApproval, 'digest'>;

const CONTINUE: TurnOutcome = Object.freeze({ kind: 'continue' });

/**
 * Settles the tool calls of one turn on one snapshot: resolve names (invalid names go to the
 * recovery hook), ask for approval (an `ask` suspends the turn), then run — by resource: calls on
 * different keys together, calls on one key in order, a call without a key after everything before
 * it (docs/taxonomy.md) — sending invalid results to the hook.
 */
export class TurnExecution {
  /** Whether a hook changed a call's name or arguments (the transcript must show the call as run). */
  repaired = false;
  #stop: string | undefined;
  // The feedback of a retry that rolls the turn back; like a stop, no call starts after it.
  #rollback: string | undefined;
  #available: readonly string[] | undefined;
  #transcript: readonly AgentMessage[] | undefined;

  constructor(
    private readonly scope: RunScope,
    private readonly snapshot: ToolSnapshot,
    private readonly turn: number,
    readonly slots: readonly CallSlot[],
    // The tools a beforeTurn hook offered this turn; undefined: the agent's own.
    private readonly offered?: ReadonlySet<string>,
  ) {}

  async run(): Promise<TurnOutcome> {
    for (const slot of this.slots) {
      if (slot.settled !== undefined || slot.tool !== undefined) continue;
      if (this.#stop !== undefined || this.#rollback !== undefined) this.#notRun(slot);
      else if ((await this.#resolve(slot)) && this.scope.hooks.beforeCall !== undefined && !slot.checked) {
        slot.checked = true;
        await this.#beforeCall(slot);
      }
    }
    if (this.#stop === undefined && this.#rollback === undefined) {
      const decide =
        this.scope.hooks.approve !== undefined || this.slots.some((slot) => slot.decision !== undefined);
      const pending = decide ? await this.#approvals() : undefined;
      if (pending !== undefined && pending.length > 0) return { kind: 'suspend', pending };
      await this.#execute();
    }
    for (const slot of this.slots) if (slot.settled === undefined) this.#notRun(slot);
    if (this.#rollback !== undefined) return { kind: 'rollback', feedback: this.#rollback };
    return this.#stop === undefined ? CONTINUE : { kind: 'stop', reason: this.#stop };
  }

  /** Ends every unsettled call as `not_run` (the run is ending abnormally). */
  abandon(): void {
    for (const slot of this.slots) if (slot.settled === undefined) this.#notRun(slot);
  }

  /** The tool messages, in call order. */
  messages(): ToolMessage[] {
    return this.slots.map((slot) => ({
      role: 'tool',
      toolCallId: slot.call.id,
      toolName: slot.call.name,
      content: slot.settled!.content,
      isError: slot.settled!.isError,
    }));
  }

  /** The calls as they stand, for a suspended run's state. */
  suspended(): SuspendedCall[] {
    return this.slots.map((slot) => ({
      call: slot.call,
      ...(slot.repairedFrom === undefined ? {} : { repairedFrom: slot.repairedFrom }),
      ...(slot.decision === undefined ? {} : { decision: slot.decision }),
      ...(slot.asked === true ? { asked: true } : {}),
      ...(slot.settled === undefined ? {} : { settled: slot.settled }),
    }));
  }

  // Phase 1: a name the model may not call is invalid before anything runs.
  async #resolve(slot: CallSlot): Promise<boolean> {
    for (;;) {
      const name = slot.call.name;
      const tool = this.#allowed(name) ? this.snapshot.get(name) : undefined;
      if (tool !== undefined) {
        slot.tool = tool;
        return true;
      }
      const reason: InvalidCallReason = this.snapshot.has(name) ? 'disallowed_tool' : 'unknown_tool';
      const error = unknownToolError(name, this.#availableTools());
      const action = await this.#decide(slot, reason, error);
      if (action.action === 'repair' && slot.attempt < MAX_ATTEMPTS) {
        this.#repair(slot, action);
        continue;
      }
      this.#apply(
        slot,
        action.action === 'repair' ? FAIL : action,
        textContent(error.modelText),
        error,
        undefined,
      );
      return false;
    }
  }

  // Phase 2: approvals. Decisions already made (before a suspension) stand.
  async #approvals(): Promise<UnsignedApproval[]> {
    const pending: UnsignedApproval[] = [];
    for (const slot of this.slots) {
      if (slot.settled !== undefined || slot.tool === undefined) continue;
      if (slot.decision === undefined) {
        const decision = this.scope.hooks.approve === undefined ? 'allow' : await this.#ask(slot, slot.tool);
        if (decision === 'ask') {
          slot.asked = true;
          pending.push({
            callId: slot.call.id,
            toolName: slot.call.name,
            arguments: slot.call.arguments,
            turn: this.turn,
          });
          continue;
        }
        slot.decision = decision;
      }
      if (slot.decision !== 'allow') this.#deny(slot, slot.decision);
    }
    return pending;
  }

  // Phase 3: run. A lone call, or every call with concurrentReadOnly: false, runs on its own, in order.
  async #execute(): Promise<void> {
    const slots = this.slots;
    let runnable = 0;
    for (const slot of slots) if (slot.settled === undefined) runnable++;
    if (runnable > 1 && this.scope.concurrentReadOnly) {
      await runByResource(
        slots.filter((slot) => slot.settled === undefined),
        {
          maxConcurrent: this.scope.maxConcurrentCalls,
          claimOf: (slot) => resourceClaimOf(slot.tool!, slot.call.arguments),
          skip: (slot) => this.#skipped(slot),
          run: (slot, lease) => this.#run(slot, lease),
        },
      );
      return;
    }
    for (const slot of slots) if (slot.settled === undefined && !this.#skipped(slot)) await this.#run(slot);
  }

  // A call that must not start once the run stops or is cancelled ends as not run.
  #skipped(slot: CallSlot): boolean {
    if (this.#stop === undefined && this.#rollback === undefined && !isAborted(this.scope.signal))
      return false;
    this.#notRun(slot);
    return true;
  }

  async #run(slot: CallSlot, lease?: CallLease): Promise<void> {
    for (;;) {
      const call = slot.call;
      this.scope.emit({ type: 'tool-call', turn: this.turn, call, readOnly: slot.tool!.readOnly });
      slot.dispatched = true;
      const result = await this.#dispatch(call);
      if (result.ok) {
        const content =
          this.scope.hooks.afterCall === undefined ? result.content : await this.#afterCall(slot, result);
        this.#settle(slot, 'ok', content, { result });
        return;
      }
      const error = result.error;
      const reason: InvalidCallReason | undefined =
        error.kind === 'invalid_arguments'
          ? 'invalid_arguments'
          : error.kind === 'permission_denied'
            ? 'denied'
            : undefined;
      if (reason === undefined || isAborted(this.scope.signal)) {
        const content =
          this.scope.hooks.afterCall === undefined ? result.content : await this.#afterCall(slot, result);
        this.#settle(slot, 'failed', content, { error, result });
        return;
      }
      const action = await this.#decide(slot, reason, error);
      if (action.action !== 'repair' || slot.attempt >= MAX_ATTEMPTS) {
        this.#apply(slot, action.action === 'repair' ? FAIL : action, result.content, error, result);
        return;
      }
      const previous = slot.tool;
      this.#repair(slot, action);
      if (!(await this.#resolve(slot))) return;
      if (this.scope.hooks.beforeCall !== undefined && !(await this.#beforeCall(slot))) return;
      if (slot.tool !== previous && !(await this.#approveRepaired(slot))) return;
      if (lease !== undefined) await lease.reclaim(resourceClaimOf(slot.tool!, slot.call.arguments));
    }
  }

  // Whether the call may go on: the hook may rewrite its arguments, or veto it (settled as denied).
  async #beforeCall(slot: CallSlot): Promise<boolean> {
    const hook = this.scope.hooks.beforeCall;
    if (hook === undefined) return true;
    const action = checkedBeforeCall(await hook({ call: slot.call, tool: slot.tool!, turn: this.turn }));
    if (action === undefined) return true;
    if (action.action === 'rewrite') {
      slot.call = { id: slot.call.id, name: slot.call.name, arguments: action.arguments as string };
      this.repaired = true;
      return true;
    }
    const text = `${slot.call.name} was not run: ${action.reason}`;
    const error = ToolError.permissionDenied(text, { toolName: slot.call.name, details: { vetoed: true } });
    this.#settle(slot, 'denied', textContent(text), { error });
    return false;
  }

  // What the model reads of a call that ran: its content, or what the afterCall hook made of it.
  async #afterCall(slot: CallSlot, result: ToolResult): Promise<readonly ContentBlock[]> {
    const hook = this.scope.hooks.afterCall;
    if (hook === undefined) return result.content;
    const request = { call: slot.call, tool: slot.tool!, turn: this.turn, result, content: result.content };
    return checkedAfterCall(await hook(request)) ?? result.content;
  }

  #dispatch(call: ToolCallRequest): Promise<ToolResult> {
    const scope = this.scope;
    return dispatchCall(this.snapshot, call, {
      signal: scope.signal,
      extensions: scope.extensions,
      timeoutMs: scope.toolTimeoutMs,
      onProgress: (item) => scope.emit({ type: 'tool-progress', turn: this.turn, call, item }),
    });
  }

  async #decide(slot: CallSlot, reason: InvalidCallReason, error: ToolError): Promise<RecoveryAction> {
    const scope = this.scope;
    const invalid: InvalidToolCall = {
      call: slot.call,
      reason,
      error,
      turn: this.turn,
      attempt: slot.attempt,
      retries: scope.retries,
      availableTools: this.#availableTools(),
      transcript: this.#transcriptSoFar(),
    };
    const hook = scope.hooks.onInvalidCall;
    const action = checkedAction(hook === undefined ? undefined : await hook(invalid));
    if (action.action === 'retry') scope.retries++;
    scope.emit({ type: 'invalid-call', turn: this.turn, invalid, action });
    return action;
  }

  #repair(slot: CallSlot, action: Extract<RecoveryAction, { action: 'repair' }>): void {
    slot.repairedFrom ??= slot.call.name;
    slot.call = {
      id: slot.call.id,
      name: action.toolName,
      arguments: action.arguments === undefined ? slot.call.arguments : action.arguments,
    };
    slot.tool = undefined;
    slot.attempt++;
    this.repaired = true;
  }

  // A repair that lands on another tool needs that tool's approval; a run cannot pause mid-turn, so `ask` refuses.
  async #approveRepaired(slot: CallSlot): Promise<boolean> {
    if (this.scope.hooks.approve === undefined) return true;
    const decision = await this.#ask(slot, slot.tool!);
    if (decision === 'allow') return true;
    this.#deny(
      slot,
      decision === 'ask'
        ? {
            decision: 'deny',
            reason: 'a repaired call that needs approval cannot wait for it; ask for it directly.',
          }
        : decision,
    );
    return false;
  }

  async #ask(slot: CallSlot, tool: RegisteredTool): Promise<ApprovalDecision> {
    const decision = await this.scope.hooks.approve!({ call: slot.call, tool, turn: this.turn });
    if (decision === 'allow' || decision === 'deny' || decision === 'ask') return decision;
    if (typeof decision === 'object' && decision !== null && decision.decision === 'deny') return decision;
    // Anything but an explicit allow or ask refuses: a hook returning nonsense must not open the door.
    return 'deny';
  }

  #deny(slot: CallSlot, decision: Exclude<ResumeDecision, 'allow'>): void {
    const given = typeof decision === 'object' && decision.decision === 'deny' ? decision.reason : '';
    const reason = typeof given === 'string' ? given : '';
    const text = `${slot.call.name} was not run: the user did not approve this call${reason === '' ? '.' : `: ${reason}`}`;
    const error = ToolError.permissionDenied(text, {
      toolName: slot.call.name,
      details: { approval: 'denied' },
    });
    this.#settle(slot, 'denied', textContent(text), { error });
  }

  #apply(
    slot: CallSlot,
    action: RecoveryAction,
    failure: readonly ContentBlock[],
    error: ToolError,
    result: ToolResult | undefined,
  ): void {
    switch (action.action) {
      case 'retry':
        // A turn whose other calls ran cannot be unsaid: the feedback then goes back as the result.
        if (action.rollback === true && !this.slots.some((other) => other !== slot && other.dispatched)) {
          this.#rollback ??= action.feedback;
        }
        this.#settle(slot, 'retry', textContent(action.feedback), { error, result, recovery: action });
        return;
      case 'skip':
        this.#settle(slot, 'skipped', textContent(`${slot.call.name} was not run: ${action.reason}`), {
          error,
          result,
          recovery: action,
        });
        return;
      case 'stop':
        this.#stop = action.reason;
        this.#settle(slot, 'failed', failure, { error, result, recovery: action });
        return;
      default:
        this.#settle(slot, 'failed', failure, { error, result, recovery: action });
    }
  }

  #notRun(slot: CallSlot): void {
    const why = isAborted(this.scope.signal) ? 'the run was cancelled' : 'the run stopped first';
    this.#settle(slot, 'not_run', textContent(`${slot.call.name} was not run: ${why}.`), {});
  }

  #settle(
    slot: CallSlot,
    status: ToolCallStatus,
    content: readonly ContentBlock[],
    extra: { error?: ToolError; result?: ToolResult; recovery?: RecoveryAction },
  ): void {
    const visible = scrubContent(content, this.scope.hostValues);
    slot.settled = { status, content: visible, isError: status !== 'ok' && status !== 'skipped' };
    const record: AgentToolResult = {
      turn: this.turn,
      call: slot.call,
      ...(slot.repairedFrom === undefined ? {} : { repairedFrom: slot.repairedFrom }),
      status,
      content: visible,
      ...(extra.error === undefined ? {} : { error: extra.error }),
      ...(extra.result === undefined ? {} : { result: extra.result }),
      ...(extra.recovery === undefined ? {} : { recovery: extra.recovery }),
    };
    slot.result = record;
    this.scope.emit({ type: 'tool-result', turn: this.turn, result: record });
  }

  // The transcript does not change while a turn runs: one frozen copy serves every hook of the turn.
  #transcriptSoFar(): readonly AgentMessage[] {
    return (this.#transcript ??= Object.freeze(
      this.scope.messages.map((message) => Object.freeze({ ...message })),
    ));
  }

  #allowed(name: string): boolean {
    const allowed = this.offered ?? this.scope.allowed;
    return allowed === undefined || allowed.has(name);
  }

  #availableTools(): readonly string[] {
    if (this.#available === undefined) {
      const allowed = this.offered ?? this.scope.allowed;
      this.#available =
        allowed === undefined ? this.snapshot.names : this.snapshot.names.filter((name) => allowed.has(name));
    }
    return this.#available;
  }
}

function textContent(text: string): readonly ContentBlock[] {
  return [{ type: 'text', text }];
}
