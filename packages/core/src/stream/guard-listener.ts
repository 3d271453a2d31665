import { isThenable } from './is-thenable';
import type { ProgressItem } from './progress-item';

/** `onProgress` made safe to call: a listener that throws or rejects is ignored. */
export function guardListener(onProgress: (item: ProgressItem) => void): (item: ProgressItem) => void {
  return (item) => {
    try {
      const returned: unknown = onProgress(item);
      // An async listener that rejects must not become an unhandled rejection.
      if (isThenable(returned)) Promise.resolve(returned).catch(() => undefined);
    } catch {
      // A broken progress display must not break the call.
    }
  };
}
