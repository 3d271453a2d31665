import type { OutputValidationMode } from '@toolwright/core';
import type { ToolKind, ToolNamespace } from '@toolwright/registry';
import type { McpTelemetry } from '../telemetry/mcp-telemetry';

/** Which remote tools to take: a list of remote names, or a predicate on the remote name. */
export type McpToolFilter = readonly string[] | ((remoteName: string) => boolean);

/**
 * What to do when a remote tool's definition changes after it was imported: `pin` keeps the
 * definition pinned at import in use and holds the new one until the host accepts it
 * (`McpImport.acceptChange`); `update` takes the new definition at once; `remove` takes the tool
 * out until the host imports again.
 */
export type DefinitionChangeAction = 'pin' | 'update' | 'remove';

/** A remote definition that changed, as a `DefinitionChangePolicy` function sees it. */
export interface PendingDefinitionChange {
  readonly remoteName: string;
  readonly localName: string;
  /** The fingerprint of the definition in use (pinned at import, or last accepted). */
  readonly previousFingerprint: string;
  /** The fingerprint of the definition the server lists now. */
  readonly fingerprint: string;
}

/** One action for every change, or a host function that decides per change. */
export type DefinitionChangePolicy =
  DefinitionChangeAction | ((change: PendingDefinitionChange) => DefinitionChangeAction);

/** A remote tool as a `ToolKindMapping` function sees it (the remote's words: untrusted). */
export interface RemoteToolInfo {
  readonly remoteName: string;
  readonly title?: string;
  readonly description?: string;
  /** The remote `annotations` object (`readOnlyHint`, `destructiveHint`, …), `{}` when absent. */
  readonly annotations: Readonly<Record<string, unknown>>;
}

/**
 * The host's kinds for imported tools: by remote name, or a function (`undefined` leaves the
 * default). A mapped kind also decides `readOnly` (`isReadOnlyKind`), whatever the remote hints.
 */
export type ToolKindMapping =
  Readonly<Record<string, ToolKind>> | ((tool: RemoteToolInfo) => ToolKind | undefined);

/** Options of `importMcpTools`. */
export interface ImportMcpToolsOptions {
  /** The namespace of the imported tools (default `mcp`). */
  readonly namespace?: ToolNamespace;
  /**
   * Put before every remote name so imported tools never shadow local ones (default: the remote
   * server's name and `__`, e.g. `github__`; `''` for none). The result is sanitized to
   * `^[a-zA-Z0-9_-]{1,64}$`.
   */
  readonly prefix?: string;
  /** Only these remote tools. */
  readonly include?: McpToolFilter;
  /** Not these remote tools (applied after `include`). */
  readonly exclude?: McpToolFilter;
  /** A call with no answer and no progress for this long fails with `timeout` (default 60 s); progress resets it. */
  readonly timeoutMs?: number;
  /** A call fails with `timeout` after this long, progress or not (default 10 minutes). */
  readonly maxTotalTimeoutMs?: number;
  /** Longest description kept, in characters (default 2048); longer ones are cut with a marker. */
  readonly maxDescriptionLength?: number;
  /** Largest input or output schema accepted, as JSON characters (default 64 KiB); a tool with a larger one is skipped. */
  readonly maxSchemaBytes?: number;
  /** Deepest schema accepted (default 32 levels); a tool with a deeper one is skipped. */
  readonly maxSchemaDepth?: number;
  /** Most remote tools taken (default 512). */
  readonly maxTools?: number;
  /** Cap on a call's raw arguments, in UTF-8 bytes (default 1 MiB). */
  readonly maxArgumentBytes?: number;
  /**
   * How an imported tool's structured content is checked against its remote `outputSchema`:
   * `strict` (a mismatch is an `invalid_output` result), `warn` or `off`. Absent: the mode of the
   * registry or tool set the tools are called through (default `strict`). Unless `off`, a tool
   * whose output schema does not compile is skipped (`schema_rejected`).
   */
  readonly outputValidation?: OutputValidationMode;
  /**
   * A remote definition that changes after import is always flagged (a `definition_changed`
   * problem and an `onChange` event). `pin` (default) keeps the pinned definition in use and holds
   * the change until `acceptChange`; `update` takes the new definition; `remove` drops the tool
   * until the host imports again; a function decides per change.
   */
  readonly onDefinitionChange?: DefinitionChangePolicy;
  /**
   * Kinds of the imported tools. By default a tool whose remote annotations say
   * `readOnlyHint: true` is `read` (read-only, so an agent may run its calls concurrently) and any
   * other is `other`; a mapping here takes precedence.
   */
  readonly kinds?: ToolKindMapping;
  /** Refresh when the server sends `notifications/tools/list_changed` (default true). */
  readonly followListChanged?: boolean;
  /**
   * Spans and metrics for the requests the import sends, with the trace context written to
   * `params._meta` so the server's spans join the caller's trace (`mcpTelemetry()` of
   * `@toolwright/otel`; see docs/telemetry.md). None by default.
   */
  readonly telemetry?: McpTelemetry;
}

/** Defaults of `ImportMcpToolsOptions`. */
export const IMPORT_DEFAULTS = Object.freeze({
  namespace: 'mcp' as ToolNamespace,
  timeoutMs: 60_000,
  maxTotalTimeoutMs: 10 * 60_000,
  maxDescriptionLength: 2048,
  maxSchemaBytes: 64 * 1024,
  maxSchemaDepth: 32,
  maxTools: 512,
  maxArgumentBytes: 1024 * 1024,
});
