import type { ToolKind } from './tool-kind';

// Kinds that only observe: no file, process or remote state changes. `fetch` and `web_search` read
// the network; `resource` reads MCP resources.
const READ_ONLY_KINDS: Readonly<Record<ToolKind, boolean>> = Object.freeze({
  read: true,
  write: false,
  edit: false,
  patch: false,
  delete: false,
  move: false,
  list: true,
  glob: true,
  search: true,
  code_search: true,
  shell: false,
  process: false,
  fetch: true,
  web_search: true,
  browser: false,
  image_gen: false,
  image_view: true,
  video_gen: false,
  audio_gen: false,
  transcribe: false,
  todo: false,
  plan: false,
  task: false,
  ask_user: false,
  memory: false,
  notebook_read: true,
  notebook_edit: false,
  diagnostics: true,
  git: false,
  query: false,
  resource: true,
  other: false,
});

/**
 * Whether tools of this kind only observe (read, list, search, fetch, …). The default of a tool's
 * `readOnly` when it does not say; `other` is never read-only.
 */
export function isReadOnlyKind(kind: ToolKind): boolean {
  return READ_ONLY_KINDS[kind];
}
