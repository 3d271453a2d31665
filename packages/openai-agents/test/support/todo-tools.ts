import 'reflect-metadata';
import { NoArguments, Param, Tool, createToken, type ToolCallContext } from '@toolwright/core';
import { ToolRegistry, type ToolServerHandle } from '@toolwright/registry';

/** What the todo tools saw. */
export interface TodoLog {
  readonly calls: string[];
  /** Set when `export_todos` saw its signal abort, with the time it did. */
  abortedAt: number | undefined;
  /** Resolves when `export_todos` has started. */
  readonly exportStarted: Promise<void>;
}

/**
 * A small todo list as toolwright tools, for driving the adapters in their frameworks' loops: a
 * read-only list, an add with bounds (for invalid calls), a destructive delete (for approvals), a
 * streaming export that waits for cancellation, and a sync that fails with a secret in its message.
 */
export function todoTools(): { tools: ToolServerHandle; todos: Map<number, string>; log: TodoLog } {
  const todos = new Map<number, string>([[1, 'buy milk']]);
  let started!: () => void;
  const log: TodoLog = {
    calls: [],
    abortedAt: undefined,
    exportStarted: new Promise<void>((resolve) => (started = resolve)),
  };

  class ListArgs {
    @Param({ description: 'Only todos containing this text', optional: true })
    contains?: string;
  }

  class AddArgs {
    @Param({ description: 'What to do', minLength: 1 })
    title!: string;

    @Param({ description: 'Priority, 1 (high) to 5 (low)', integer: true, minimum: 1, maximum: 5 })
    priority!: number;
  }

  class DeleteArgs {
    @Param({ description: 'The todo id', integer: true, minimum: 1 })
    id!: number;
  }

  class ExportArgs {
    @Param({ description: 'How many steps', integer: true, minimum: 1, maximum: 10 })
    steps!: number;
  }

  @Tool({ name: 'list_todos', description: 'List the todos.', kind: 'list', readOnly: true, args: ListArgs })
  class ListTodos {
    run(args: ListArgs): string {
      log.calls.push('list_todos');
      const rows = [...todos].filter(
        ([, title]) => args.contains === undefined || title.includes(args.contains),
      );
      return rows.map(([id, title]) => `${id}: ${title}`).join('\n') || 'No todos.';
    }
  }

  @Tool({ name: 'add_todo', description: 'Add a todo.', kind: 'write', args: AddArgs })
  class AddTodo {
    run(args: AddArgs): string {
      log.calls.push(`add_todo:${args.title}:${args.priority}`);
      const id = Math.max(0, ...todos.keys()) + 1;
      todos.set(id, args.title);
      return `Added todo ${id}.`;
    }
  }

  @Tool({
    name: 'delete_todo',
    description: 'Delete a todo.',
    kind: 'delete',
    annotations: { destructive: true },
    args: DeleteArgs,
  })
  class DeleteTodo {
    run(args: DeleteArgs): string {
      log.calls.push(`delete_todo:${args.id}`);
      todos.delete(args.id);
      return `Deleted todo ${args.id}.`;
    }
  }

  @Tool({
    name: 'export_todos',
    description: 'Export the todos, step by step.',
    kind: 'other',
    readOnly: true,
    args: ExportArgs,
  })
  class ExportTodos {
    async *run(args: ExportArgs, ctx: ToolCallContext) {
      log.calls.push('export_todos');
      for (let step = 1; step <= args.steps; step++) {
        yield `exported step ${step} of ${args.steps}`;
        if (step === 1) started();
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 100);
          ctx.signal.addEventListener(
            'abort',
            () => {
              log.abortedAt ??= Date.now();
              clearTimeout(timer);
              resolve();
            },
            { once: true },
          );
        });
        if (ctx.signal.aborted) return 'stopped';
      }
      return `exported ${todos.size} todos`;
    }
  }

  @Tool({ name: 'sync_todos', description: 'Sync the todos with the server.', kind: 'other', readOnly: true })
  class SyncTodos {
    run(): string {
      log.calls.push('sync_todos');
      throw new Error('connection refused by 10.1.2.3 with token sk-secret-123');
    }
  }

  const tools = new ToolRegistry()
    .toolset('native', [ListTodos, AddTodo, DeleteTodo, ExportTodos, SyncTodos])
    .finalize();
  return { tools, todos, log };
}

/** A host-only session a tool reads from its call context. */
export interface Session {
  readonly user: string;
  readonly token: string;
}

/** The token the session travels under. */
export const SessionToken = createToken<Session>('Session');

/** One tool that reads the host's session and, carelessly, echoes its secret token. */
export function sessionTools(): ToolServerHandle {
  @Tool({
    name: 'whoami',
    description: 'Say who the session belongs to.',
    kind: 'other',
    readOnly: true,
    args: NoArguments,
  })
  class WhoAmI {
    run(_args: unknown, ctx: ToolCallContext): string {
      const session = ctx.require(SessionToken);
      return `user ${session.user}, token ${session.token}`;
    }
  }
  return new ToolRegistry().toolset('native', [WhoAmI]).finalize();
}
