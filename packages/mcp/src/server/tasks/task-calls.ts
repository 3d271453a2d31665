import { ToolError, type InputRequester, type ProgressItem } from '@toolwright/core';
import {
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  type CallToolResult,
  type ClientCapabilities,
  type Result,
} from '@modelcontextprotocol/server';
import type { InputSupport } from '../client-capabilities';
import { messageOf } from '../progress-reporter';
import type { PendingInput } from '../answered-input-requester';
import { ERROR_META_KEY, errorResult, type ErrorMeta } from '../to-call-tool-result';
import { InMemoryTaskStore } from './in-memory-task-store';
import { TaskInputRequester } from './task-input-requester';
import {
  isTerminalStatus,
  type TaskInputRequest,
  type TaskPatch,
  type TaskRecord,
  type TaskStore,
} from './task-store';

/** The id of the MCP tasks extension (2026-07-28). */
export const TASKS_EXTENSION_ID = 'io.modelcontextprotocol/tasks';
/** How long a finished task stays readable by default: one hour. */
export const DEFAULT_TASK_TTL_MS = 60 * 60 * 1000;
/** How often clients are asked to poll by default. */
export const DEFAULT_TASK_POLL_INTERVAL_MS = 1000;
/** How long an owner's lease on a running task lasts by default (renewed at a third of it). */
export const DEFAULT_TASK_LEASE_MS = 30_000;
/** How long a `taskInputFirst` call may run without asking before it becomes a task, by default. */
export const DEFAULT_TASK_INPUT_FIRST_WINDOW_MS = 200;

/** Options of tasks (`McpServerOptions.tasks`). */
export interface McpTaskOptions {
  /** Where task state lives (default an `InMemoryTaskStore` per handle). */
  readonly store?: TaskStore;
  /** How long a finished task stays readable (default one hour). */
  readonly ttlMs?: number;
  /** The poll interval told to clients (default 1 s). */
  readonly pollIntervalMs?: number;
  /** The owner's lease on a running task (default 30 s): a task whose lease ran out fails. */
  readonly leaseMs?: number;
  /**
   * How long a `taskInputFirst` tool's round may run without asking for input or finishing before
   * the call becomes a task (default 200 ms).
   */
  readonly inputFirstWindowMs?: number;
}

/** One call to run as a task: the work, given the task's signal, requester and progress listener. */
export interface TaskWork {
  readonly toolName: string;
  readonly support: InputSupport;
  readonly run: (
    signal: AbortSignal,
    requester: InputRequester,
    onProgress: (item: ProgressItem) => void,
  ) => Promise<CallToolResult>;
  readonly onError: (error: unknown) => void;
  /**
   * The signal of the request that creates the task. When it is aborted before the answer goes
   * out (the client went away), nobody can learn the task's id: the task is cancelled at once.
   */
  readonly requestSignal?: AbortSignal;
}

/** Whether a request's client declared the tasks extension (session-wide or on the request). */
export function declaresTasks(capabilities: ClientCapabilities | undefined): boolean {
  const extensions = (capabilities as { extensions?: unknown } | undefined)?.extensions;
  return (
    typeof extensions === 'object' &&
    extensions !== null &&
    Object.hasOwn(extensions, TASKS_EXTENSION_ID) &&
    (extensions as Record<string, unknown>)[TASKS_EXTENSION_ID] !== undefined
  );
}

/** The -32021 error of a request that needs the tasks extension its client did not declare. */
export function tasksRequired(): MissingRequiredClientCapabilityError {
  return new MissingRequiredClientCapabilityError({
    requiredCapabilities: { extensions: { [TASKS_EXTENSION_ID]: {} } },
  } as never);
}

/**
 * Runs calls as MCP tasks and answers `tasks/get`, `tasks/update` and `tasks/cancel` from the
 * store. A task runs in this process, apart from the request that created it (its signal is the
 * task's, aborted by `tasks/cancel`); its progress becomes the status message, its input requests
 * `input_required` with `inputRequests`, its result the task's result (`completed`, `isError` for
 * a tool error), and a failure of the server itself (`internal`) a `failed` task with an error.
 */
export class TaskCalls {
  readonly store: TaskStore;
  readonly #ttlMs: number;
  readonly #pollIntervalMs: number;
  readonly #leaseMs: number;
  /** See `McpTaskOptions.inputFirstWindowMs`. */
  readonly inputFirstWindowMs: number;

  constructor(options: McpTaskOptions = {}) {
    this.store = options.store ?? new InMemoryTaskStore();
    this.#ttlMs = positiveInteger(options.ttlMs ?? DEFAULT_TASK_TTL_MS, 'tasks.ttlMs');
    this.#pollIntervalMs = positiveInteger(
      options.pollIntervalMs ?? DEFAULT_TASK_POLL_INTERVAL_MS,
      'tasks.pollIntervalMs',
    );
    this.#leaseMs = positiveInteger(options.leaseMs ?? DEFAULT_TASK_LEASE_MS, 'tasks.leaseMs');
    this.inputFirstWindowMs = positiveInteger(
      options.inputFirstWindowMs ?? DEFAULT_TASK_INPUT_FIRST_WINDOW_MS,
      'tasks.inputFirstWindowMs',
    );
  }

  /** Creates the task, starts the work, and answers with the `CreateTaskResult` once it is stored. */
  async start(work: TaskWork): Promise<Result | CallToolResult> {
    const now = new Date().toISOString();
    const record: TaskRecord = {
      taskId: globalThis.crypto.randomUUID(),
      toolName: work.toolName,
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs: this.#ttlMs,
      pollIntervalMs: this.#pollIntervalMs,
      owner: this.store.owner,
      leaseExpiresAt: Date.now() + this.#leaseMs,
    };
    try {
      await this.store.create(record);
    } catch (thrown) {
      if (ToolError.is(thrown)) return errorResult(thrown);
      throw thrown;
    }
    this.#run(record, work);
    if (work.requestSignal?.aborted === true)
      await this.cancel({ taskId: record.taskId }).catch((error: unknown) => work.onError(error));
    return createTaskResult(record);
  }

  #run(record: TaskRecord, work: TaskWork): void {
    const { taskId } = record;
    const store = this.store;
    const controller = new AbortController();
    // Writes in order: a later state never lands before an earlier one.
    let writes: Promise<unknown> = Promise.resolve();
    const write = (patch: TaskPatch): Promise<unknown> =>
      (writes = writes.then(() => store.update(taskId, patch)).catch(work.onError));
    const requester = new TaskInputRequester(work.support, (pending) => {
      void write(
        pending.size === 0
          ? { status: 'working', inputRequests: undefined }
          : { status: 'input_required', inputRequests: inputRequestsOf(pending) },
      );
    });
    const unwatch = store.watch(taskId, (signal) => {
      if (signal.type === 'cancel') {
        controller.abort(ToolError.cancelled('The client cancelled the task.', { toolName: work.toolName }));
      } else requester.deliver(signal.responses);
    });
    const lease = setInterval(
      () => void write({ leaseExpiresAt: Date.now() + this.#leaseMs }),
      Math.max(1, Math.floor(this.#leaseMs / 3)),
    );
    lease.unref?.();
    const onProgress = (item: ProgressItem): void => {
      const message = messageOf(item);
      if (message !== undefined) void write({ statusMessage: message });
    };
    let outcome: Promise<CallToolResult>;
    try {
      outcome = work.run(controller.signal, requester, onProgress);
    } catch (thrown) {
      outcome = Promise.reject(thrown);
    }
    void outcome
      .then(
        (result) => write(finalPatch(result, controller.signal.aborted)),
        (thrown: unknown) => {
          work.onError(thrown);
          return write({
            status: 'failed',
            inputRequests: undefined,
            error: {
              code: ProtocolErrorCode.InternalError,
              message: 'The server failed while running the task.',
            },
          });
        },
      )
      .finally(() => {
        clearInterval(lease);
        unwatch();
      });
  }

  /** `tasks/get`: the task as the client sees it (a DetailedTask). */
  async get(params: unknown): Promise<Result> {
    const task = await this.#find(params);
    return detailedTask(task);
  }

  /** `tasks/update`: delivers `inputResponses` to the task's owner; an empty ack. */
  async update(params: unknown, inputResponses?: unknown): Promise<Result> {
    const task = await this.#find(params);
    // The SDK lifts a request's inputResponses out of its params (ctx.mcpReq.inputResponses).
    const responses = inputResponses ?? (params as Record<string, unknown>)['inputResponses'];
    if (typeof responses !== 'object' || responses === null || Array.isArray(responses)) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        'Invalid tasks/update request: inputResponses must be an object keyed by input request.',
      );
    }
    if (!isTerminalStatus(task.status)) {
      await this.store.signal(task.taskId, {
        type: 'input',
        responses: responses as Record<string, unknown>,
      });
    }
    return {};
  }

  /** `tasks/cancel`: marks a running task cancelled and tells its owner; an empty ack (also when already finished). */
  async cancel(params: unknown): Promise<Result> {
    const task = await this.#find(params);
    if (!isTerminalStatus(task.status)) {
      await this.store.update(task.taskId, {
        status: 'cancelled',
        statusMessage: 'Cancelled by the client.',
        inputRequests: undefined,
      });
      await this.store.signal(task.taskId, { type: 'cancel' });
    }
    return {};
  }

  async #find(params: unknown): Promise<TaskRecord> {
    const taskId =
      typeof params === 'object' && params !== null
        ? (params as Record<string, unknown>)['taskId']
        : undefined;
    if (typeof taskId !== 'string' || taskId === '') {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        'Invalid request: params.taskId must be a task id.',
      );
    }
    let task = await this.store.get(taskId);
    if (task === undefined) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown task: ${taskId.slice(0, 100)}`, {
        taskId: taskId.slice(0, 100),
      });
    }
    // An owner that stopped renewing its lease is gone (its process died): the task cannot finish.
    if (!isTerminalStatus(task.status) && task.leaseExpiresAt < Date.now()) {
      task =
        (await this.store.update(taskId, {
          status: 'failed',
          inputRequests: undefined,
          error: {
            code: ProtocolErrorCode.InternalError,
            message: 'The server process running this task stopped before it finished.',
          },
        })) ?? task;
    }
    return task;
  }
}

function finalPatch(result: CallToolResult, cancelled: boolean): TaskPatch {
  if (cancelled) return { status: 'cancelled', inputRequests: undefined };
  const meta = result._meta?.[ERROR_META_KEY] as ErrorMeta | undefined;
  if (result.isError === true && meta?.kind === 'internal') {
    const text = result.content.find((block) => block.type === 'text');
    return {
      status: 'failed',
      inputRequests: undefined,
      error: {
        code: ProtocolErrorCode.InternalError,
        message: text?.type === 'text' ? text.text : 'Internal error.',
      },
    };
  }
  return { status: 'completed', inputRequests: undefined, result: result as Record<string, unknown> };
}

function inputRequestsOf(pending: ReadonlyMap<string, PendingInput>): Record<string, TaskInputRequest> {
  const requests: Record<string, TaskInputRequest> = {};
  for (const [key, input] of pending) requests[key] = { method: input.method, params: input.params };
  return requests;
}

function taskFields(task: TaskRecord): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    taskId: task.taskId,
    status: task.status,
    createdAt: task.createdAt,
    lastUpdatedAt: task.lastUpdatedAt,
    ttlMs: task.ttlMs,
    pollIntervalMs: task.pollIntervalMs,
  };
  if (task.statusMessage !== undefined) fields['statusMessage'] = task.statusMessage;
  return fields;
}

function createTaskResult(task: TaskRecord): Result {
  return { resultType: 'task', ...taskFields(task) } as Result;
}

function detailedTask(task: TaskRecord): Result {
  const fields = taskFields(task);
  if (task.status === 'input_required' && task.inputRequests !== undefined)
    fields['inputRequests'] = task.inputRequests;
  if (task.status === 'completed' && task.result !== undefined) fields['result'] = task.result;
  if (task.status === 'failed' && task.error !== undefined) fields['error'] = task.error;
  return fields as Result;
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`${name} must be a positive integer, got ${String(value)}.`);
  return value;
}
