import 'reflect-metadata';
import { NoArguments, Param, Tool, ToolError, createToken, type ToolCallContext } from '@toolwright/core';
import { ToolRegistry, type ToolServerHandle } from '@toolwright/registry';

/** A host-only value the tools read from their call context. */
export const Session = createToken<{ readonly user: string; readonly token: string }>('Session');

/** What the fixture tools record as they run. */
export interface NotesLog {
  readonly calls: string[];
  /** When `hang` saw its signal fire (performance.now()), once it did. */
  abortedAt?: number;
  /** The call ids the tools ran under. */
  readonly callIds: string[];
}

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

/** A notebook: read, write, a streaming count, a tool that hangs until cancelled, two that fail, one that adds a tool. */
export function notesTools(): { tools: ToolServerHandle; notes: Map<string, string>; log: NotesLog } {
  const notes = new Map([['todo', 'buy milk']]);
  const log: NotesLog = { calls: [], callIds: [] };

  @Tool({ name: 'read_note', description: 'Read a note.', kind: 'read', readOnly: true, args: NameArgs })
  class ReadNote {
    run(args: NameArgs, ctx: ToolCallContext): string {
      log.calls.push(`read_note:${args.name}`);
      log.callIds.push(ctx.callId);
      const text = notes.get(args.name);
      if (text === undefined) throw ToolError.notFound(`There is no note named '${args.name}'.`);
      return text;
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
    name: 'count',
    description: 'Count up, reporting each step.',
    kind: 'other',
    readOnly: true,
    args: StepsArgs,
  })
  class Count {
    async *execute(args: StepsArgs): AsyncGenerator<string, string> {
      for (let step = 1; step <= args.steps; step++) yield `step ${step} of ${args.steps}`;
      return `counted to ${args.steps}`;
    }
  }

  @Tool({
    name: 'hang',
    description: 'Wait until cancelled.',
    kind: 'other',
    readOnly: true,
    args: NoArguments,
  })
  class Hang {
    async run(_args: unknown, ctx: ToolCallContext): Promise<string> {
      log.calls.push('hang');
      await new Promise<void>((resolve) => {
        ctx.signal.addEventListener('abort', () => {
          log.abortedAt = performance.now();
          resolve();
        });
      });
      return 'stopped';
    }
  }

  @Tool({ name: 'sync_notes', description: 'Sync the notes with the server.', kind: 'other' })
  class SyncNotes {
    run(): string {
      throw ToolError.unavailable('The notes server is down; try again in a minute.');
    }
  }

  @Tool({
    name: 'whoami',
    description: 'Say who the user is.',
    kind: 'other',
    readOnly: true,
    args: NoArguments,
  })
  class WhoAmI {
    run(_args: unknown, ctx: ToolCallContext): string {
      const session = ctx.require(Session);
      return `You are ${session.user} (token ${session.token}).`;
    }
  }

  @Tool({ name: 'crash', description: 'Crash with a secret in the message.', kind: 'other' })
  class Crash {
    run(): string {
      throw new Error('connect failed: password=hunter2-secret at /srv/app/db.ts:12');
    }
  }

  @Tool({ name: 'archive_note', description: 'Archive a note.', kind: 'write', args: NameArgs })
  class ArchiveNote {
    run(args: NameArgs): string {
      notes.delete(args.name);
      return `Archived ${args.name}.`;
    }
  }

  @Tool({ name: 'enable_archive', description: 'Turn on archiving.', kind: 'other' })
  class EnableArchive {
    run(): string {
      tools.add(ArchiveNote);
      return 'Archiving is on.';
    }
  }

  const tools = new ToolRegistry()
    .tool(ReadNote)
    .tool(WriteNote)
    .tool(Count)
    .tool(Hang)
    .tool(SyncNotes)
    .tool(WhoAmI)
    .tool(Crash)
    .tool(EnableArchive)
    .finalize();
  return { tools, notes, log };
}
