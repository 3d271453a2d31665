import { ToolRegistry } from '@toolwright/registry';
import { DeleteNote, NotesConfig, NoteStore } from './notes.js';

/** Two mistakes `toolwright validate` must explain: a bad param, and delete_note without read_note. */
export const registry = new ToolRegistry()
  .provide(NoteStore, new NoteStore(new Map()))
  .params(NotesConfig, { maxLength: 0 })
  .tool(DeleteNote);
