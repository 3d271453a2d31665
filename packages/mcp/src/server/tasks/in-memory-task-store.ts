import { ToolError } from '@toolwright/core';
import {
  isTerminalStatus,
  type TaskPatch,
  type TaskRecord,
  type TaskSignal,
  type TaskStore,
} from './task-store';
import { TaskWatchers } from './task-watchers';

/** The default bound of tasks an in-memory store keeps (finished ones included). */
export const DEFAULT_MAX_TASKS = 1000;

/** Options of `InMemoryTaskStore`. */
export interface InMemoryTaskStoreOptions {
  /** Tasks kept at once (default 1000): the oldest finished task makes room; unfinished ones never do. */
  readonly maxTasks?: number;
  /** The owner id (default a random one). */
  readonly owner?: string;
  /** The clock (ms since the epoch), for tests. */
  readonly now?: () => number;
}

/**
 * A `TaskStore` in this process's memory: nothing to install, one process. Bounded (`maxTasks`),
 * and a finished task is dropped once `ttlMs` has passed since it finished (never earlier than
 * `ttlMs` after its creation, as the tasks extension requires). An unfinished task is
 * never dropped: its run ends it.
 */
export class InMemoryTaskStore implements TaskStore {
  readonly owner: string;
  readonly #maxTasks: number;
  readonly #now: () => number;
  // Insertion order is creation order: the first finished entry is the oldest one.
  readonly #tasks = new Map<string, TaskRecord>();
  readonly #watchers = new TaskWatchers();

  constructor(options: InMemoryTaskStoreOptions = {}) {
    const maxTasks = options.maxTasks ?? DEFAULT_MAX_TASKS;
    if (!Number.isInteger(maxTasks) || maxTasks < 1)
      throw new RangeError(`maxTasks must be a positive integer, got ${String(maxTasks)}.`);
    this.#maxTasks = maxTasks;
    this.#now = options.now ?? Date.now;
    this.owner = options.owner ?? globalThis.crypto.randomUUID();
  }

  /** Tasks held now (after dropping expired ones). */
  get size(): number {
    this.#sweep();
    return this.#tasks.size;
  }

  create(task: TaskRecord): Promise<void> {
    this.#sweep();
    if (this.#tasks.size >= this.#maxTasks && !this.#evictOldestFinished()) {
      return Promise.reject(
        ToolError.concurrencyLimited(
          `The server holds as many unfinished tasks as it allows (${this.#maxTasks}). Retry ${task.toolName} once one has finished.`,
          { toolName: task.toolName, retryAfterMs: task.pollIntervalMs },
        ),
      );
    }
    this.#tasks.set(task.taskId, task);
    return Promise.resolve();
  }

  get(taskId: string): Promise<TaskRecord | undefined> {
    const task = this.#tasks.get(taskId);
    if (task !== undefined && this.#expired(task)) {
      this.#tasks.delete(taskId);
      return Promise.resolve(undefined);
    }
    return Promise.resolve(task);
  }

  update(taskId: string, patch: TaskPatch): Promise<TaskRecord | undefined> {
    const task = this.#tasks.get(taskId);
    if (task === undefined || isTerminalStatus(task.status)) return Promise.resolve(task);
    const next: Record<string, unknown> = {
      ...task,
      ...patch,
      lastUpdatedAt: new Date(this.#now()).toISOString(),
    };
    for (const key of Object.keys(patch) as (keyof TaskPatch)[]) {
      if (patch[key] === undefined) delete next[key];
    }
    const changed = next as unknown as TaskRecord;
    this.#tasks.set(taskId, changed);
    return Promise.resolve(changed);
  }

  signal(taskId: string, signal: TaskSignal): Promise<void> {
    this.#watchers.deliver(taskId, signal);
    return Promise.resolve();
  }

  watch(taskId: string, listener: (signal: TaskSignal) => void): () => void {
    return this.#watchers.watch(taskId, listener);
  }

  #expired(task: TaskRecord): boolean {
    return isTerminalStatus(task.status) && this.#now() >= Date.parse(task.lastUpdatedAt) + task.ttlMs;
  }

  #sweep(): void {
    for (const [taskId, task] of this.#tasks) if (this.#expired(task)) this.#tasks.delete(taskId);
  }

  #evictOldestFinished(): boolean {
    for (const [taskId, task] of this.#tasks) {
      if (isTerminalStatus(task.status)) {
        this.#tasks.delete(taskId);
        return true;
      }
    }
    return false;
  }
}
