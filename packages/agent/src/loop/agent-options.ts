import type { ExtensionEntry } from '@toolwright/core';
import type { ProviderFormat, ToolServerHandle, ToolSnapshot } from '@toolwright/registry';
import type { AgentMessage } from '../messages/agent-message';
import type { ModelClient, ToolChoice } from '../model/model-client';
import type { ApprovalHook } from '../approval/approval';
import type { InvalidCallHook } from '../recovery/recovery-action';
import type { ToolSearchOptions } from '../search/tool-search-options';
import type { AfterCallHook } from '../hooks/after-call-hook';
import type { BeforeCallHook } from '../hooks/before-call-hook';
import type { BeforeTurnHook } from '../hooks/before-turn-hook';

/** The host's hooks into the loop. */
export interface AgentHooks {
  /** The recovery policy for invalid calls; without it every invalid call is `fail`. */
  readonly onInvalidCall?: InvalidCallHook;
  /** Approval before each valid call runs; without it every call is allowed. */
  readonly approve?: ApprovalHook;
  /** Before each model request: which tools the turn offers, in which order (filter, reorder). */
  readonly beforeTurn?: BeforeTurnHook;
  /** Before each valid call, ahead of approval: rewrite its arguments, or veto it with a reason the model reads. */
  readonly beforeCall?: BeforeCallHook;
  /** After each call that ran: redact, annotate or replace the content the model reads. */
  readonly afterCall?: AfterCallHook;
}

/** Options of `new Agent`. */
export interface AgentOptions {
  readonly model: ModelClient;
  /** A handle (each turn takes its current snapshot and holds it for the turn) or one fixed snapshot. */
  readonly tools: ToolServerHandle | ToolSnapshot;
  readonly system?: string;
  /** Model requests allowed per run, retries included (default 10). */
  readonly maxTurns?: number;
  /** A deadline for each tool call (on top of the tool's own); a late call ends as `timeout`. */
  readonly toolTimeoutMs?: number;
  readonly hooks?: AgentHooks;
  /** The definition format to send (default the client's `format`). */
  readonly format?: ProviderFormat;
  /** Offer only these tools; a call to another registered tool is `disallowed_tool`. Default: every tool. */
  readonly allowedTools?: readonly string[];
  readonly toolChoice?: ToolChoice;
  /** Sent to the provider as is (its default when absent). */
  readonly parallelToolCalls?: boolean;
  /** Run the read-only calls of one turn at the same time (default true); all others run one by one, in order. */
  readonly concurrentReadOnly?: boolean;
  /**
   * The secret that signs the state of a run suspended for approval (HMAC-SHA256, at least 32
   * bytes): `resume` refuses a state it did not sign. Give the same key to the agent that resumes
   * (another process, after a restart). Without one, each agent makes a random key, so its state
   * resumes only on that agent.
   */
  readonly stateKey?: string | Uint8Array;
  /** Read-only calls of one turn that run at once (default 8); the others wait, in the model's order. */
  readonly maxConcurrentCalls?: number;
  /**
   * Deferred tools (`deferLoading`) are not sent until the model finds them: the agent offers a
   * built-in search tool whose results (with the tools they require) join the next turn's
   * definitions. For any client and format; see docs/tool-search.md. Default off: every tool is sent.
   */
  readonly toolSearch?: boolean | ToolSearchOptions;
}

/** Per-run options of `run`, `stream` and `resume`. */
export interface AgentRunOptions {
  /** Cancels the model request and the tool calls in flight; the run ends with `stopReason: 'cancelled'`. */
  readonly signal?: AbortSignal;
  /**
   * Host-only values for every tool call of the run (`ctx.get(Session)`); never sent to the model,
   * and scrubbed from every tool result before the model reads it.
   */
  readonly extensions?: Iterable<ExtensionEntry>;
  /** Overrides the agent's `maxTurns` for this run. */
  readonly maxTurns?: number;
}

/** What a run starts from: a user message, or a transcript to continue. */
export type AgentInput = string | readonly AgentMessage[];
