import type { InvalidCallHook } from './recovery-action';

/** A hook that asks each hook in turn and takes the first action given (`undefined` passes to the next). */
export function chainRecovery(...hooks: readonly InvalidCallHook[]): InvalidCallHook {
  return async (invalid) => {
    for (const hook of hooks) {
      const action = await hook(invalid);
      if (action !== undefined) return action;
    }
    return undefined;
  };
}
