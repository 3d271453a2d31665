/**
 * The families a tool can belong to: a closed set, so a new family of tools cannot pass unnoticed.
 * `native` toolwright's own tools, `codex` and `opencode` tools speaking those agents' dialects, `mcp`
 * tools imported from an MCP server, `user` tools the host application defines, `internal` tools the
 * runtime itself uses.
 */
export const TOOL_NAMESPACES = ['native', 'codex', 'opencode', 'mcp', 'user', 'internal'] as const;

/** The family of a tool, one of `TOOL_NAMESPACES`. */
export type ToolNamespace = (typeof TOOL_NAMESPACES)[number];

const NAMESPACES: ReadonlySet<string> = new Set(TOOL_NAMESPACES);

/** Whether a value is one of the `TOOL_NAMESPACES`. */
export function isToolNamespace(value: unknown): value is ToolNamespace {
  return typeof value === 'string' && NAMESPACES.has(value);
}
