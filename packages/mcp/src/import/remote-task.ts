import { ToolError, type ProgressItem, type SampleRequest, type ToolCallContext } from '@toolwright/core';
import type { McpClientLike } from './mcp-client-like';

/** The shortest and longest wait between two `tasks/get` polls, whatever the server asks (ms). */
const MIN_POLL_MS = 50;
const MAX_POLL_MS = 5000;
/** How long a `tasks/cancel` sent for an aborted call may take before it is given up (ms). */
const CANCEL_TIMEOUT_MS = 5000;

type Wire = Record<string, unknown>;

// Results of any shape: the SDK's schemas do not know the tasks extension's answers.
const ANY_RESULT = {
  '~standard': { version: 1, vendor: 'toolwright', validate: (value: unknown) => ({ value }) },
} as const;

/** Where the `CreateTaskResult` of one `tools/call` lands, once the server answers with a task. */
export interface TaskTicket {
  /** The server's `CreateTaskResult`, when it answered the call with a task. */
  readonly task: Wire | undefined;
  /**
   * Runs `then` with the task once the answer is one, now or when it arrives: for a call aborted
   * before its answer came, whose task nobody would otherwise know to cancel.
   */
  whenTask(then: (task: Wire) => void): void;
  /** Forgets the call (its answer came, or it was never sent). */
  done(): void;
}

/** How long an answer is waited for after its call ended without it (ms). */
const LATE_ANSWER_MS = 60_000;

interface Waiting {
  task: Wire | undefined;
  id?: unknown;
  then?: (task: Wire) => void;
}

interface Tap {
  watch(args: object): TaskTicket;
}

const taps = new WeakMap<object, Tap | undefined>();

/**
 * A ticket for the `tools/call` whose `arguments` is `args` (an object made for that one call).
 * The SDK v2 client (2.4.0) rejects a `tools/call` answered with a task, and the rejection does not
 * carry the task: the client's transport is tapped once, matching the request it sends by its
 * arguments object and reading the task off the answer with its id. `undefined` when the client
 * has no transport to tap.
 */
export function watchForTask(client: McpClientLike, args: object): TaskTicket | undefined {
  const transport = client.transport as unknown as object | undefined;
  if (transport === undefined) return undefined;
  let tap = taps.get(transport);
  if (!taps.has(transport)) {
    tap = tapTransport(transport);
    taps.set(transport, tap);
  }
  return tap?.watch(args);
}

function tapTransport(transport: object): Tap | undefined {
  const wire = transport as {
    send?: (message: unknown, options?: unknown) => Promise<void>;
    onmessage?: (message: unknown, extra?: unknown) => void;
  };
  const send = wire.send;
  const deliver = wire.onmessage;
  if (typeof send !== 'function' || typeof deliver !== 'function') return undefined;
  const byArgs = new Map<object, Waiting>();
  const byId = new Map<unknown, Waiting>();
  wire.send = function (message: unknown, options?: unknown): Promise<void> {
    const request = message as Wire;
    if (request['method'] === 'tools/call') {
      const args = (request['params'] as Wire | undefined)?.['arguments'];
      const waiting = typeof args === 'object' && args !== null ? byArgs.get(args) : undefined;
      if (waiting !== undefined) {
        byArgs.delete(args as object);
        waiting.id = request['id'];
        byId.set(request['id'], waiting);
      }
    }
    return send.call(this, message, options);
  };
  wire.onmessage = function (message: unknown, extra?: unknown): void {
    const response = message as Wire;
    if ('id' in response && byId.has(response['id'])) {
      const result = response['result'] as Wire | undefined;
      const waiting = byId.get(response['id'])!;
      byId.delete(response['id']);
      if (result?.['resultType'] === 'task') {
        waiting.task = result;
        waiting.then?.(result);
      }
    }
    deliver.call(this, message, extra);
  };
  return {
    watch(args) {
      const waiting: Waiting = { task: undefined };
      byArgs.set(args, waiting);
      return {
        get task() {
          return waiting.task;
        },
        whenTask(then) {
          if (waiting.task !== undefined) then(waiting.task);
          else waiting.then = then;
        },
        done() {
          byArgs.delete(args);
          // An answer still to come is waited for a while, then forgotten.
          if (waiting.id !== undefined && byId.get(waiting.id) === waiting)
            setTimeout(() => {
              if (byId.get(waiting.id) === waiting) byId.delete(waiting.id);
            }, LATE_ANSWER_MS).unref();
        },
      };
    },
  };
}

/** What following a remote task needs. */
export interface RemoteTaskTarget {
  readonly client: McpClientLike;
  readonly localName: string;
  readonly timeoutMs: number;
}

/**
 * Follows a task the server answered a call with, to its end: polls `tasks/get` at the server's
 * `pollIntervalMs` (bounded to 50 ms … 5 s), yields each new status message as progress, answers
 * its input requests through the call's own context (`ctx.elicit`, `ctx.sample`,
 * `ctx.listRoots`) with `tasks/update`, sends `tasks/cancel` when the call's signal aborts, and
 * returns the task's result (`completed`) or throws a `ToolError` (`failed`, `cancelled`).
 */
export async function* followRemoteTask(
  target: RemoteTaskTarget,
  created: Wire,
  ctx: ToolCallContext,
  signal: AbortSignal,
): AsyncGenerator<ProgressItem, Wire, undefined> {
  const taskId = created['taskId'];
  const toolName = target.localName;
  if (typeof taskId !== 'string' || taskId === '')
    throw ToolError.executionFailed(
      `The MCP server behind ${toolName} answered with a task that has no id.`,
      {
        toolName,
      },
    );
  const interval = Math.min(
    MAX_POLL_MS,
    Math.max(MIN_POLL_MS, typeof created['pollIntervalMs'] === 'number' ? created['pollIntervalMs'] : 1000),
  );
  const request = (method: string, params: Wire): Promise<Wire> =>
    requestAny(target.client, method, { taskId, ...params }, { signal, timeout: target.timeoutMs });
  let lastMessage: unknown = created['statusMessage'];
  let answered = new Set<string>();
  try {
    for (let task = created; ;) {
      const status = task['status'];
      if (typeof task['statusMessage'] === 'string' && task['statusMessage'] !== lastMessage) {
        lastMessage = task['statusMessage'];
        yield { type: 'progress', kind: 'text', text: task['statusMessage'].slice(0, 1000) };
      }
      if (status === 'completed') {
        const result = task['result'];
        if (typeof result !== 'object' || result === null)
          throw ToolError.executionFailed(`${toolName} completed on its MCP server without a result.`, {
            toolName,
          });
        return result as Wire;
      }
      if (status === 'failed') {
        const error = task['error'] as Wire | undefined;
        const message = typeof error?.['message'] === 'string' ? error['message'] : 'no reason given';
        throw ToolError.executionFailed(`${toolName} failed on its MCP server: ${message.slice(0, 500)}`, {
          toolName,
          details: { taskId },
        });
      }
      if (status === 'cancelled')
        throw ToolError.cancelled(`${toolName} was cancelled on its MCP server.`, { toolName });
      if (status === 'input_required') {
        const requests = (task['inputRequests'] ?? {}) as Record<string, Wire>;
        const pending = Object.entries(requests).filter(([key]) => !answered.has(key));
        if (pending.length > 0) {
          const responses: Wire = {};
          for (const [key, input] of pending) responses[key] = await answerInput(ctx, key, input, toolName);
          await request('tasks/update', { inputResponses: responses });
          for (const [key] of pending) answered.add(key);
        }
      } else answered = new Set();
      await sleep(interval, signal);
      if (signal.aborted) throw signal.reason;
      task = await request('tasks/get', {});
    }
  } catch (thrown) {
    // Best effort: the task is told, and the caller learns of its own cancellation at once.
    if (signal.aborted) cancelRemoteTask(target.client, created);
    throw thrown;
  }
}

/** Sends `tasks/cancel` for a task (best effort: a failure is ignored, the lease rule remains). */
export function cancelRemoteTask(client: McpClientLike, task: Wire): void {
  const taskId = task['taskId'];
  if (typeof taskId !== 'string') return;
  requestAny(client, 'tasks/cancel', { taskId }, { timeout: CANCEL_TIMEOUT_MS }).catch(() => undefined);
}

// A request whose answer is taken as sent: the SDK's result schemas do not know the extension's.
function requestAny(
  client: McpClientLike,
  method: string,
  params: Wire,
  options: { signal?: AbortSignal; timeout: number },
): Promise<Wire> {
  const send = client.request as unknown as (
    request: unknown,
    schema: unknown,
    options: unknown,
  ) => Promise<Wire>;
  return send.call(client, { method, params }, ANY_RESULT, options);
}

async function answerInput(
  ctx: ToolCallContext,
  key: string,
  input: Wire,
  toolName: string,
): Promise<unknown> {
  const params = (input['params'] ?? {}) as Wire;
  switch (input['method']) {
    case 'elicitation/create':
      return await ctx.elicit({
        key,
        message: typeof params['message'] === 'string' ? params['message'] : '',
        schema: (params['requestedSchema'] ?? { type: 'object', properties: {} }) as Record<string, unknown>,
      });
    case 'sampling/createMessage':
      return await ctx.sample({ ...(params as unknown as SampleRequest), key });
    case 'roots/list':
      return { roots: await ctx.listRoots({ key }) };
    default:
      throw ToolError.notImplemented(
        `The MCP server behind ${toolName} asked for ${String(input['method']).slice(0, 100)}, which this client cannot answer.`,
        { toolName },
      );
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
