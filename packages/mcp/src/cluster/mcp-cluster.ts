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

/** A change one process tells the others of, so that their clients hear of it too. */
export type ClusterEvent =
  { readonly type: 'tools_changed' } | { readonly type: 'resource_updated'; readonly uri: string };

/**
 * Publish/subscribe between the processes of one deployment. Delivery is at most once and only
 * to processes connected when the event is published; a process never receives its own events.
 */
export interface ClusterEventBus {
  /** Tells every other process of the event. */
  publish(event: ClusterEvent): Promise<void>;
  /** Listens for the events of the other processes; returns the function that stops. */
  subscribe(listener: (event: ClusterEvent) => void): () => void;
}

/**
 * What the processes of one deployment share, one `McpCluster` per process, all on the same
 * backing store: the task state (so `tasks/get`, `tasks/update` and `tasks/cancel` reach a task
 * from any process) and, optionally, a cluster-wide concurrency limit and an event bus. Give it
 * to `serveMcp`, `createMcpServer` or `createMcpHttpHandler` as `cluster`. See
 * docs/deployment.md.
 */
export interface McpCluster {
  /** Task state shared by every process (used unless `tasks.store` is given). */
  readonly tasks: TaskStore;
  /** The cluster-wide concurrency bound, if one is set. */
  readonly limit?: SharedLimit;
  /**
   * Carries list changes and resource updates between processes: the HTTP endpoint publishes its
   * own and tells its clients of the others' (2025-11-25 sessions and `subscriptions/listen`).
   */
  readonly events?: ClusterEventBus;
}
