import type { RecoveryAction } from '../recovery/recovery-action';

/** The action every invalid call gets unless a hook says otherwise. */
export const FAIL: RecoveryAction = Object.freeze({ action: 'fail' });

/** A hook's answer, checked: anything malformed is `fail`, the safe default. */
export function checkedAction(action: unknown): RecoveryAction {
  if (typeof action !== 'object' || action === null) return FAIL;
  const candidate = action as Record<string, unknown>;
  switch (candidate['action']) {
    case 'retry': {
      const feedback = candidate['feedback'];
      if (typeof feedback !== 'string') return FAIL;
      // Only an explicit true rolls the turn back; anything else keeps it (the default).
      return candidate['rollback'] === true
        ? { action: 'retry', feedback, rollback: true }
        : candidate['rollback'] === undefined
          ? (action as RecoveryAction)
          : { action: 'retry', feedback };
    }
    case 'repair': {
      if (typeof candidate['toolName'] !== 'string') return FAIL;
      const args = candidate['arguments'];
      if (args === undefined || typeof args === 'string') return action as RecoveryAction;
      return { action: 'repair', toolName: candidate['toolName'], arguments: JSON.stringify(args) };
    }
    case 'skip':
    case 'stop':
      return typeof candidate['reason'] === 'string' ? (action as RecoveryAction) : FAIL;
    default:
      return FAIL;
  }
}
