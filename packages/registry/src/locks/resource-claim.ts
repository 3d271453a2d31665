import { lockKeysOverlap } from './path-lock-key';

/**
 * What one call locks: the resources it works on (`keys`; `undefined` for everything — a shell
 * command, a patch of many files, a tool whose key is unknown) and whether it only reads them.
 */
export interface ResourceClaim {
  readonly keys: readonly string[] | undefined;
  readonly mode: 'read' | 'write';
}

/** The claim of a call that may touch anything and change it: it waits for every earlier call. */
export const EXCLUSIVE_CLAIM: ResourceClaim = Object.freeze({ keys: undefined, mode: 'write' });

/** The claim of a call that may read anything: it waits for every earlier write. */
export const SHARED_CLAIM: ResourceClaim = Object.freeze({ keys: undefined, mode: 'read' });

/** Whether two claims must not run at the same time: one of them writes what the other touches. */
export function claimsConflict(a: ResourceClaim, b: ResourceClaim): boolean {
  if (a.mode === 'read' && b.mode === 'read') return false;
  const aKeys = a.keys;
  const bKeys = b.keys;
  if (aKeys === undefined || bKeys === undefined) return true;
  for (const aKey of aKeys) for (const bKey of bKeys) if (lockKeysOverlap(aKey, bKey)) return true;
  return false;
}
