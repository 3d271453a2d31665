import type { TaskSignal } from './task-store';

/**
 * The listeners of one process for its tasks' signals: the local half of `TaskStore.watch` and
 * `signal`, for a store to deliver what reaches it (in memory, or from a shared store's channel).
 */
export class TaskWatchers {
  readonly #listeners = new Map<string, Set<(signal: TaskSignal) => void>>();

  /** Listens for the signals of one task; returns the function that stops. */
  watch(taskId: string, listener: (signal: TaskSignal) => void): () => void {
    let listeners = this.#listeners.get(taskId);
    if (listeners === undefined) {
      listeners = new Set();
      this.#listeners.set(taskId, listeners);
    }
    listeners.add(listener);
    return () => {
      const current = this.#listeners.get(taskId);
      current?.delete(listener);
      if (current?.size === 0) this.#listeners.delete(taskId);
    };
  }

  /** Tells the task's listeners of a signal (none listening: nothing happens). */
  deliver(taskId: string, signal: TaskSignal): void {
    const listeners = this.#listeners.get(taskId);
    if (listeners !== undefined) for (const listener of [...listeners]) listener(signal);
  }
}
