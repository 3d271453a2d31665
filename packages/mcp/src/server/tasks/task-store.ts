/** The states of an MCP task (the tasks extension of 2026-07-28). */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** Whether a status is terminal: a task in it never changes again. */
export function isTerminalStatus(status: TaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** One input request a task waits on (`elicitation/create`, `sampling/createMessage`, `roots/list`). */
export interface TaskInputRequest {
  readonly method: string;
  readonly params: Readonly<Record<string, unknown>>;
}

/** A protocol-level failure of a task (JSON-RPC error shape). */
export interface TaskError {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/**
 * A task as the store keeps it. Plain JSON, so a store may keep it anywhere (another process,
 * Redis): everything a process that does not run the task needs to answer `tasks/get`.
 */
export interface TaskRecord {
  /** Unguessable (a random UUID): holding the id is what lets a client read or cancel the task. */
  readonly taskId: string;
  readonly toolName: string;
  readonly status: TaskStatus;
  /** The latest progress message of the tool, shown as the task's status message. */
  readonly statusMessage?: string;
  /** ISO-8601. */
  readonly createdAt: string;
  /** ISO-8601. */
  readonly lastUpdatedAt: string;
  /** How long the task is kept once it is terminal, counted from then (integer ms). */
  readonly ttlMs: number;
  /** How often the client should poll `tasks/get` (integer ms). */
  readonly pollIntervalMs: number;
  /** The process that runs the task (its `TaskStore` owner id). */
  readonly owner: string;
  /**
   * Until when (ms since the epoch) the owner vouches that the task runs; the owner renews it. A
   * store may fail a non-terminal task whose lease ran out (its process died).
   */
  readonly leaseExpiresAt: number;
  /** The input requests not answered yet, by key (status `input_required`). */
  readonly inputRequests?: Readonly<Record<string, TaskInputRequest>>;
  /** The tool's result (`completed`; a tool error is a result with `isError: true`). */
  readonly result?: Readonly<Record<string, unknown>>;
  /** The protocol-level failure (`failed`). */
  readonly error?: TaskError;
}

/** The fields of a record a running task changes. */
export type TaskPatch = Partial<
  Pick<TaskRecord, 'status' | 'statusMessage' | 'inputRequests' | 'result' | 'error' | 'leaseExpiresAt'>
>;

/** What a task's owner is told by the store: a client cancelled the task, or answered its input. */
export type TaskSignal =
  | { readonly type: 'cancel' }
  | { readonly type: 'input'; readonly responses: Readonly<Record<string, unknown>> };

/**
 * Where task state lives. The running process owns a task (it created it and runs the tool); any
 * process sharing the store can read it (`get`) and signal its owner (`signal`: cancel, input),
 * which listens with `watch`. The in-memory store serves one process; a shared store (Redis)
 * serves several behind a load balancer, the lease telling a dead owner from a slow one.
 */
export interface TaskStore {
  /** This process's owner id, written into the tasks it creates. */
  readonly owner: string;
  /**
   * Stores a new task; resolves once a `get` anywhere would find it. Rejects with a `ToolError`
   * of kind `concurrency_limited` when the store is full of unfinished tasks.
   */
  create(task: TaskRecord): Promise<void>;
  /** The task, or `undefined` when it never existed or has expired. */
  get(taskId: string): Promise<TaskRecord | undefined>;
  /**
   * Changes a task that is not terminal yet and returns it as changed; returns the record
   * unchanged when it is already terminal (the first terminal state wins) and `undefined` when
   * it does not exist.
   */
  update(taskId: string, patch: TaskPatch): Promise<TaskRecord | undefined>;
  /** Delivers a signal to the task's owner (wherever it runs). */
  signal(taskId: string, signal: TaskSignal): Promise<void>;
  /** Listens for the signals of one task (its owner does); returns the function that stops. */
  watch(taskId: string, listener: (signal: TaskSignal) => void): () => void;
}
