import { brandErrorClass, hasErrorBrand } from '@toolwright/core/internal';

/**
 * Why `agent.resume` refused: the state is not one this package wrote (`malformed_state`), its
 * signature does not match (`tampered_state`: changed after the run was suspended, or signed
 * with another `stateKey`), or a decision does not fit it (`unknown_call`: no pending call has
 * that id; `stale_decision`: its `digest` was made for other arguments; `invalid_decision`).
 */
export type ApprovalStateErrorCode =
  'malformed_state' | 'tampered_state' | 'unknown_call' | 'stale_decision' | 'invalid_decision';

/** A refused `agent.resume` / `agent.resumeStream`: nothing of the suspended turn ran. */
export class ApprovalStateError extends Error {
  readonly code: ApprovalStateErrorCode;

  constructor(code: ApprovalStateErrorCode, message: string) {
    super(message);
    this.code = code;
  }

  /** Whether a value is an `ApprovalStateError` from any installed copy of this package. */
  static is(value: unknown): value is ApprovalStateError {
    return hasErrorBrand(value, BRAND);
  }
}

const BRAND = brandErrorClass(ApprovalStateError, 'ApprovalStateError');
