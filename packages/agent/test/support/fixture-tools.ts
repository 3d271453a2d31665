import 'reflect-metadata';
import { NoArguments, Param, Tool, ToolError, createToken, type ToolCallContext } from '@toolwright/core';
import { ToolRegistry, type ToolServerHandle } from '@toolwright/registry';

/** A host-only value a tool reads from its call context. */
export interface Session {
  readonly user: string;
  readonly token: string;
}

/** The token the host's session travels under. */
export const SessionToken = createToken<Session>('Session');

/** What the fixture tools record as they run. */
export interface ToolLog {
  readonly calls: string[];
  readonly spans: { name: string; start: number; end: number }[];
  active: number;
  maxActive: number;
  /** How many `hang` calls saw their signal fire. */
  aborted: number;
}

/** Options of `notesTools`. */
export interface NotesToolsOptions {
  readonly notes?: Record<string, string>;
  /** How long each `slow_read` / `slow_write` holds. */
  readonly holdMs?: number;
  /** Makes `slow_read` wait until this many reads are running at once (or `holdMs` elapsed). */
  readonly barrier?: number;
}

/**
 * A small tool set over an in-memory notebook: read-only and writing tools, a slow pair to watch
 * concurrency, a streaming tool, one that reads the host's session, and one that hangs.
 */
export function notesTools(options: NotesToolsOptions = {}): {
  tools: ToolServerHandle;
  notes: Map<string, string>;
  log: ToolLog;
} {
  const notes = new Map(Object.entries(options.notes ?? { todo: 'buy milk' }));
  const log: ToolLog = { calls: [], spans: [], active: 0, maxActive: 0, aborted: 0 };
  const holdMs = options.holdMs ?? 30;
  let waiting: (() => void)[] = [];

  const span = async <T>(name: string, body: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    log.active++;
    log.maxActive = Math.max(log.maxActive, log.active);
    try {
      return await body();
    } finally {
      log.active--;
      log.spans.push({ name, start, end: performance.now() });
    }
  };

  class NameArgs {
    @Param({ description: 'The note name', minLength: 1 })
    name!: string;
  }

  class WriteArgs {
    @Param({ description: 'The note name', minLength: 1 })
    name!: string;

    @Param({ description: 'The new text' })
    text!: string;
  }

  class StepsArgs {
    @Param({ description: 'How many steps', integer: true, minimum: 1, maximum: 10 })
    steps!: number;
  }

  @Tool({ name: 'read_note', description: 'Read a note.', kind: 'read', readOnly: true, args: NameArgs })
  class ReadNote {
    run(args: NameArgs): string {
      log.calls.push(`read_note:${args.name}`);
      const text = notes.get(args.name);
      if (text === undefined) throw ToolError.notFound(`There is no note named '${args.name}'.`);
      return text;
    }
  }

  @Tool({ name: 'list_notes', description: 'List the note names.', kind: 'list', readOnly: true })
  class ListNotes {
    run(): string {
      log.calls.push('list_notes');
      return [...notes.keys()].join(', ');
    }
  }

  @Tool({ name: 'write_note', description: 'Write a note.', kind: 'write', args: WriteArgs })
  class WriteNote {
    run(args: WriteArgs): string {
      log.calls.push(`write_note:${args.name}`);
      notes.set(args.name, args.text);
      return `Saved ${args.name}.`;
    }
  }

  @Tool({
    name: 'slow_read',
    description: 'Read a note slowly.',
    kind: 'read',
    readOnly: true,
    args: NameArgs,
  })
  class SlowRead {
    async run(args: NameArgs): Promise<string> {
      log.calls.push(`slow_read:${args.name}`);
      return span(`slow_read:${args.name}`, async () => {
        if (options.barrier !== undefined) {
          await new Promise<void>((resolve) => {
            waiting.push(resolve);
            if (waiting.length >= options.barrier!) {
              for (const release of waiting) release();
              waiting = [];
            }
            setTimeout(resolve, holdMs);
          });
        } else {
          await new Promise((resolve) => setTimeout(resolve, holdMs));
        }
        return notes.get(args.name) ?? '';
      });
    }
  }

  @Tool({ name: 'slow_write', description: 'Write a note slowly.', kind: 'write', args: WriteArgs })
  class SlowWrite {
    async run(args: WriteArgs): Promise<string> {
      log.calls.push(`slow_write:${args.name}`);
      return span(`slow_write:${args.name}`, async () => {
        await new Promise((resolve) => setTimeout(resolve, holdMs));
        notes.set(args.name, args.text);
        return `Saved ${args.name}.`;
      });
    }
  }

  @Tool({
    name: 'count',
    description: 'Count up, reporting each step.',
    kind: 'other',
    readOnly: true,
    args: StepsArgs,
  })
  class Count {
    async *run(args: StepsArgs, ctx: ToolCallContext) {
      for (let step = 1; step <= args.steps; step++) {
        if (ctx.signal.aborted) break;
        yield `step ${step} of ${args.steps}`;
      }
      return `counted to ${args.steps}`;
    }
  }

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
      // Careless on purpose: echoes the host-only token, which must never reach the model.
      return `user ${session.user}, token ${session.token}`;
    }
  }

  @Tool({
    name: 'leaky_failure',
    description: 'Fails, quoting the session.',
    kind: 'other',
    readOnly: true,
    args: NoArguments,
  })
  class LeakyFailure {
    run(_args: unknown, ctx: ToolCallContext): string {
      throw ToolError.unavailable(`backend refused token ${ctx.require(SessionToken).token}`);
    }
  }

  @Tool({ name: 'hang', description: 'Never finishes unless cancelled.', kind: 'other', args: NoArguments })
  class Hang {
    run(_args: unknown, ctx: ToolCallContext): Promise<string> {
      log.calls.push('hang');
      return new Promise((_resolve, reject) => {
        ctx.signal.addEventListener(
          'abort',
          () => {
            log.aborted++;
            reject(new Error('aborted'));
          },
          { once: true },
        );
      });
    }
  }

  const tools = new ToolRegistry()
    .tool(ReadNote)
    .tool(ListNotes)
    .tool(WriteNote)
    .tool(SlowRead)
    .tool(SlowWrite)
    .tool(Count)
    .tool(WhoAmI)
    .tool(LeakyFailure)
    .tool(Hang)
    .finalize();
  return { tools, notes, log };
}
