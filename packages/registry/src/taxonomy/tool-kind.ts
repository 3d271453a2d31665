/**
 * Every semantic kind a tool can have: what the tool does, independent of what it is called in
 * any one dialect (codex's `read_file` and opencode's `read` are both `read`). Closed: `other`
 * stands for anything not listed.
 */
export const TOOL_KINDS = [
  'read',
  'write',
  'edit',
  'patch',
  'delete',
  'move',
  'list',
  'glob',
  'search',
  'code_search',
  'shell',
  'process',
  'fetch',
  'web_search',
  'browser',
  'image_gen',
  'image_view',
  'video_gen',
  'audio_gen',
  'transcribe',
  'todo',
  'plan',
  'task',
  'ask_user',
  'memory',
  'notebook_read',
  'notebook_edit',
  'diagnostics',
  'git',
  'query',
  'resource',
  'other',
] as const;

/** The semantic kind of a tool, one of `TOOL_KINDS`. */
export type ToolKind = (typeof TOOL_KINDS)[number];

const KINDS: ReadonlySet<string> = new Set(TOOL_KINDS);

/** Whether a value is one of the `TOOL_KINDS`. */
export function isToolKind(value: unknown): value is ToolKind {
  return typeof value === 'string' && KINDS.has(value);
}
