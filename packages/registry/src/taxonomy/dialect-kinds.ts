import type { ToolKind } from './tool-kind';
import type { ToolNamespace } from './tool-namespace';

/** The vocabularies toolwright knows by name: its own, codex's and opencode's. */
export type ToolDialect = 'native' | 'codex' | 'opencode';

/**
 * The kind of each well-known tool name, per dialect. codex names come from codex-rs
 * (`core/src/tools/spec.rs`); opencode ids from `packages/opencode/src/tool/` (looked up without
 * regard to case, so both the id `read` and the display name `Read` match).
 */
export const DIALECT_TOOL_KINDS: Readonly<Record<ToolDialect, Readonly<Record<string, ToolKind>>>> =
  Object.freeze({
    native: Object.freeze({
      read_file: 'read',
      write_file: 'write',
      edit: 'edit',
      search_replace: 'edit',
      hashline_edit: 'edit',
      apply_patch: 'patch',
      delete_file: 'delete',
      move_file: 'move',
      list_dir: 'list',
      glob: 'glob',
      grep: 'search',
      code_search: 'code_search',
      shell: 'shell',
      process: 'process',
      web_fetch: 'fetch',
      web_search: 'web_search',
      browser: 'browser',
      image_gen: 'image_gen',
      view_image: 'image_view',
      video_gen: 'video_gen',
      audio_gen: 'audio_gen',
      transcribe: 'transcribe',
      todo_write: 'todo',
      update_plan: 'plan',
      task: 'task',
      ask_user: 'ask_user',
      memory: 'memory',
      notebook_read: 'notebook_read',
      notebook_edit: 'notebook_edit',
      diagnostics: 'diagnostics',
      git: 'git',
      query: 'query',
      read_resource: 'resource',
    } satisfies Record<string, ToolKind>),
    codex: Object.freeze({
      read_file: 'read',
      list_dir: 'list',
      grep_files: 'search',
      apply_patch: 'patch',
      shell: 'shell',
      shell_command: 'shell',
      local_shell: 'shell',
      exec_command: 'shell',
      write_stdin: 'process',
      unified_exec: 'shell',
      update_plan: 'plan',
      view_image: 'image_view',
      web_search: 'web_search',
      list_mcp_resources: 'resource',
      list_mcp_resource_templates: 'resource',
      read_mcp_resource: 'resource',
      get_memory: 'memory',
      spawn_agent: 'task',
    } satisfies Record<string, ToolKind>),
    opencode: Object.freeze({
      read: 'read',
      write: 'write',
      edit: 'edit',
      multiedit: 'edit',
      patch: 'patch',
      apply_patch: 'patch',
      list: 'list',
      ls: 'list',
      glob: 'glob',
      grep: 'search',
      codesearch: 'code_search',
      bash: 'shell',
      webfetch: 'fetch',
      websearch: 'web_search',
      todowrite: 'todo',
      todoread: 'todo',
      task: 'task',
      question: 'ask_user',
      lsp_diagnostics: 'diagnostics',
      lsp_hover: 'code_search',
    } satisfies Record<string, ToolKind>),
  });

/**
 * The kind of a well-known tool name in a namespace's dialect (`codex` `read_file` → `read`,
 * opencode `Read` → `read`); `undefined` for names the dialect does not know and for namespaces
 * without a dialect (`mcp`, `user`, `internal`).
 */
export function kindOfDialectTool(namespace: ToolNamespace, name: string): ToolKind | undefined {
  if (namespace !== 'native' && namespace !== 'codex' && namespace !== 'opencode') return undefined;
  const table = DIALECT_TOOL_KINDS[namespace];
  const key = namespace === 'opencode' ? name.toLowerCase() : name;
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
