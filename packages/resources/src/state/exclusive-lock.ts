/** Tells a task running under an `ExclusiveLock` whether it still holds the lock. */
export interface LockLease {
  /** False once the task was abandoned (its signal aborted): it must not commit anything. */
  readonly held: boolean;
}

/**
 * Runs tasks one at a time, in the order they were submitted (a FIFO mutex). A task whose signal
 * aborts is abandoned: its caller is rejected at once, and the lock passes on without waiting
 * for it, so one stuck task cannot block every later one.
 */
export class ExclusiveLock {
  #tail: Promise<void> = Promise.resolve();

  /** Runs `task` once every earlier task has finished or been abandoned. */
  run<R>(task: (lease: LockLease) => Promise<R>, signal?: AbortSignal): Promise<R> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((resolve) => (release = resolve));
    const lease = { held: false };
    let abandoned = false;

    return new Promise<R>((resolve, reject) => {
      const onAbort = (): void => {
        abandoned = true;
        if (lease.held) {
          lease.held = false;
          release();
        } else {
          // Still waiting: give up the turn only when it comes, so the order is kept.
          void previous.then(release);
        }
        reject(abortReason(signal!));
      };
      signal?.addEventListener('abort', onAbort, { once: true });

      void previous.then(async () => {
        if (abandoned) return;
        lease.held = true;
        try {
          resolve(await task(lease));
        } catch (error) {
          reject(error);
        } finally {
          signal?.removeEventListener('abort', onAbort);
          if (lease.held) {
            lease.held = false;
            release();
          }
        }
      });
    });
  }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new Error('aborted');
}
