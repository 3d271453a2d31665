import type { ToolKind } from './tool-kind';

/**
 * The display label of every kind. A `Record` over `ToolKind`, so adding a kind without a label
 * does not compile.
 */
export const TOOL_LABELS: Readonly<Record<ToolKind, string>> = Object.freeze({
  read: 'Read',
  write: 'Write',
  edit: 'Edit',
  patch: 'Patch',
  delete: 'Delete',
  move: 'Move',
  list: 'List',
  glob: 'Glob',
  search: 'Search',
  code_search: 'Code search',
  shell: 'Shell',
  process: 'Process',
  fetch: 'Fetch',
  web_search: 'Web search',
  browser: 'Browser',
  image_gen: 'Generate image',
  image_view: 'View image',
  video_gen: 'Generate video',
  audio_gen: 'Generate audio',
  transcribe: 'Transcribe',
  todo: 'Todo',
  plan: 'Plan',
  task: 'Task',
  ask_user: 'Ask user',
  memory: 'Memory',
  notebook_read: 'Read notebook',
  notebook_edit: 'Edit notebook',
  diagnostics: 'Diagnostics',
  git: 'Git',
  query: 'Query',
  resource: 'Resource',
  other: 'Tool',
});

/** The one display label of a kind: codex's `read_file` and opencode's `Read` both show as "Read". */
export function toolLabel(kind: ToolKind): string {
  return TOOL_LABELS[kind];
}
