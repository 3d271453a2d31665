import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AgentState } from '../loop/agent-state';
import type { PendingApproval } from './approval';
import { ApprovalStateError } from './approval-state-error';
import { canonicalJson } from './canonical-json';

/** The shortest `stateKey` accepted, in bytes (the HMAC-SHA256 block's worth of entropy is 32). */
export const MIN_STATE_KEY_BYTES = 32;

// Domain separation: a state signature can never pass for a call digest, nor the other way.
const STATE_CONTEXT = 'toolwright.agent-state.v2\n';
const CALL_CONTEXT = 'toolwright.approval-call.v2\n';

/**
 * Signs the state of a run suspended for approval, and checks it on resume (R21). The host
 * stores the state wherever it likes; the signature (HMAC-SHA256 with the host's `stateKey`)
 * covers all of it — transcript, decisions already made, every pending call's id, name and exact
 * arguments — so a state changed in storage is refused instead of run. Each pending approval also
 * gets a `digest` binding its id, name and arguments to this one suspension, for a host that wants
 * a decision to hold only for the call the user was shown.
 */
export class ApprovalStateSigner {
  readonly #key: Buffer;

  /** Without a key, a random one: the state then resumes only on the agent that made it. */
  constructor(key?: string | Uint8Array) {
    if (key === undefined) {
      this.#key = randomBytes(MIN_STATE_KEY_BYTES);
      return;
    }
    const bytes = typeof key === 'string' ? Buffer.from(key, 'utf8') : Buffer.from(key);
    if (bytes.length < MIN_STATE_KEY_BYTES) {
      throw new TypeError(
        `Agent stateKey must hold at least ${MIN_STATE_KEY_BYTES} bytes (a random secret the host keeps); got ${bytes.length}.`,
      );
    }
    this.#key = bytes;
  }

  /** A fresh id for one suspension. */
  newId(): string {
    return randomBytes(16).toString('base64url');
  }

  /** The state with its signature. */
  seal(unsigned: Omit<AgentState, 'signature'>): AgentState {
    return { ...unsigned, signature: this.#mac(STATE_CONTEXT, canonicalJson(unsigned)) };
  }

  /** The digest of one pending call of the suspension `id`. */
  digest(id: string, call: Pick<PendingApproval, 'callId' | 'toolName' | 'arguments'>): string {
    return this.#mac(CALL_CONTEXT, canonicalJson([id, call.callId, call.toolName, call.arguments]));
  }

  /** The state, once its shape and signature are checked; throws an `ApprovalStateError` otherwise. */
  verify(state: unknown): AgentState {
    const candidate = state as Partial<AgentState> | null | undefined;
    if (typeof candidate !== 'object' || candidate === null) throw malformed('it is not an object');
    if ((candidate.version as number | undefined) === 1) {
      throw malformed(
        'it is an unsigned state of an older version, which cannot be checked; run the request again',
      );
    }
    if (
      candidate.version !== 2 ||
      typeof candidate.id !== 'string' ||
      typeof candidate.signature !== 'string' ||
      !Array.isArray(candidate.messages) ||
      !Array.isArray(candidate.pending)
    ) {
      throw malformed('it lacks the version, id, signature, messages or pending calls result.state has');
    }
    const { signature, ...unsigned } = candidate as AgentState;
    const expected = Buffer.from(this.#mac(STATE_CONTEXT, canonicalJson(unsigned)), 'utf8');
    const given = Buffer.from(signature, 'utf8');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new ApprovalStateError(
        'tampered_state',
        'agent.resume refused the state: its signature does not match, so it was changed after the run was suspended (or signed with another stateKey). Nothing was run.',
      );
    }
    return candidate as AgentState;
  }

  #mac(context: string, text: string): string {
    return createHmac('sha256', this.#key).update(context).update(text).digest('base64url');
  }
}

function malformed(why: string): ApprovalStateError {
  return new ApprovalStateError(
    'malformed_state',
    `agent.resume expects the state of a run suspended for approval (result.state), unchanged; ${why}.`,
  );
}
