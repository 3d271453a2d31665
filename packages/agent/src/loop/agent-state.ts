import type { ContentBlock } from '@toolwright/core';
import type { AgentMessage, ToolCallRequest } from '../messages/agent-message';
import type { Usage } from '../model/usage';
import type { ResumeDecision } from '../approval/approval';
import type { ToolCallStatus } from './agent-tool-result';

/** A call of the suspended turn: to run once decided, or already settled (invalid, skipped, denied). */
export interface SuspendedCall {
  readonly call: ToolCallRequest;
  readonly repairedFrom?: string;
  /** The decision made before the run was suspended (`allow` or a denial). */
  readonly decision?: ResumeDecision;
  /** Whether the approval hook asked the host. */
  readonly asked?: boolean;
  /** A result already settled before the suspension. */
  readonly settled?: {
    readonly status: ToolCallStatus;
    readonly content: readonly ContentBlock[];
    readonly isError: boolean;
  };
}

/**
 * A run suspended for approval, as JSON to store and to resume later, in another process if need
 * be. It is signed (HMAC-SHA256 with the agent's `stateKey`): `agent.resume` refuses a state that
 * was changed in any way. Host-only values are not in it: pass `extensions` again to `agent.resume`.
 */
export interface AgentState {
  readonly version: 2;
  /** A random id of this suspension, bound into the signature and every pending call's digest. */
  readonly id: string;
  /** The transcript up to the turn awaiting approval (its assistant message included). */
  readonly messages: readonly AgentMessage[];
  readonly turns: number;
  readonly usage: Usage;
  readonly retries: number;
  readonly pending: readonly SuspendedCall[];
  /** HMAC-SHA256 (base64url) over everything above, in canonical JSON. */
  readonly signature: string;
}
