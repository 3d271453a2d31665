/** The MCP protocol revisions the catalog handlers answer. */
export type McpRevision = '2025-11-25' | '2026-07-28';

/** The revisions, oldest first. */
export const MCP_REVISIONS: readonly McpRevision[] = Object.freeze(['2025-11-25', '2026-07-28']);
