import type { TaskStore } from '../server/tasks/task-store';

/** The answer of `SharedLimit.acquire`: a cluster-wide slot, or a refusal with a retry hint. */
export type SharedGrant =
  | { readonly granted: true; readonly release: () => void }
  | { readonly granted: false; readonly retryAfterMs: number };

/**
 * A concurrency bound shared by every process of a deployment, taken after the process's own
 * limiter has admitted a call. It never queues: a full cluster refuses at once (R12).
 */
export interface SharedLimit {
  /** Takes a slot for one call; `release` gives it back (extra calls must be ignored). */
  acquire(toolName: string): Promise<SharedGrant>;
}

/**
 * What the processes of one deployment share, one `McpCluster` per process, all on the same
 * backing store: the task state (so `tasks/get`, `tasks/update` and `tasks/cancel` reach a task
 * from any process) and, optionally, a cluster-wide concurrency limit. Give it to `serveMcp`,
 * `createMcpServer` or `createMcpHttpHandler` as `cluster`. See docs/tasks.md.
 */
export interface McpCluster {
  /** Task state shared by every process (used unless `tasks.store` is given). */
  readonly tasks: TaskStore;
  /** The cluster-wide concurrency bound, if one is set. */
  readonly limit?: SharedLimit;
}
