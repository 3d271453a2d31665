// The tools of the consumer project (scripts/consumer-test.js): what a user writes, importing only
// the published packages. A service with three tools sharing a resource and its Params, and a
// class tool with a requirement.
import 'reflect-metadata';
import { Param, Tool, ToolError } from '@toolwright/core';
import { requiresTool } from '@toolwright/registry';
import { inject, Params } from '@toolwright/resources';
import { IsInt, Max, Min } from 'class-validator';

/** A resource the host provides: the notes. */
export class NoteStore {
  constructor(readonly notes: Map<string, string>) {}
}

/** Configuration, bound with `registry.params(NotesConfig, …)` and validated there. */
export class NotesConfig {
  @IsInt() @Min(1) @Max(10000) maxLength = 200;
}

export class ReadNoteArgs {
  @Param({ description: 'Title of the note', minLength: 1 })
  title!: string;
}

export class WriteNoteArgs {
  @Param({ description: 'Title of the note', minLength: 1 })
  title!: string;

  @Param({ description: 'Text of the note' })
  text!: string;

  @Param({ description: 'Append to the note instead of replacing it', optional: true })
  append?: boolean;
}

/** A service class: each `@Tool` method is a tool; the instance and its dependencies are shared. */
export class NotesService {
  constructor(
    @inject(NoteStore) private readonly store: NoteStore,
    @inject(Params.of(NotesConfig)) private readonly config: Params<NotesConfig>,
  ) {}

  @Tool({ name: 'list_notes', description: 'List the titles of the notes.', kind: 'list', readOnly: true })
  listNotes(
    @Param('prefix', { description: 'Only titles starting with this', optional: true }) prefix?: string,
  ): string[] {
    return [...this.store.notes.keys()].filter((title) => title.startsWith(prefix ?? ''));
  }

  @Tool({ name: 'read_note', description: 'Read a note.', kind: 'read', readOnly: true })
  readNote(args: ReadNoteArgs): string {
    const text = this.store.notes.get(args.title);
    if (text === undefined) throw ToolError.notFound(`No note is titled "${args.title}".`);
    return text;
  }

  @Tool({ name: 'write_note', description: 'Write a note.', kind: 'write' })
  writeNote(args: WriteNoteArgs): string {
    const text = args.append === true ? `${this.store.notes.get(args.title) ?? ''}${args.text}` : args.text;
    if (text.length > this.config.maxLength)
      throw ToolError.invalidArguments(`A note holds at most ${this.config.maxLength} characters.`);
    this.store.notes.set(args.title, text);
    return `${args.title}: ${text.length} characters`;
  }
}

/** A class tool that needs read_note: the model should read a note before deleting it. */
@Tool({
  name: 'delete_note',
  description: 'Delete a note.',
  kind: 'delete',
  args: ReadNoteArgs,
  requires: requiresTool('read_note'),
})
export class DeleteNote {
  constructor(private readonly store: NoteStore) {}

  run(args: ReadNoteArgs): string {
    return this.store.notes.delete(args.title) ? `deleted ${args.title}` : `no note ${args.title}`;
  }
}
