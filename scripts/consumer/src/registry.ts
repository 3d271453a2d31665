import { ToolRegistry } from '@toolwright/registry';
import { DeleteNote, NotesConfig, NotesService, NoteStore } from './notes.js';

/** The registry `toolwright validate`, `call` and `serve` load (the default export). */
export default function createRegistry(): ToolRegistry {
  return new ToolRegistry()
    .provide(NoteStore, new NoteStore(new Map([['todo', 'buy milk']])))
    .params(NotesConfig, { maxLength: 100 })
    .toolset('user', [NotesService, DeleteNote]);
}
