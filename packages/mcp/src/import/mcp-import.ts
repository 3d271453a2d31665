import type { Implementation } from '@modelcontextprotocol/client';
import type { McpClientLike } from './mcp-client-like';

/** Why a remote tool was not imported, or what happened to it. */
export type McpImportProblemCode =
  | 'invalid_definition'
  | 'schema_rejected'
  | 'name_conflict'
  | 'too_many_tools'
  | 'definition_changed'
  | 'refresh_failed';

/** One problem of an import, in words. */
export interface McpImportProblem {
  readonly code: McpImportProblemCode;
  /** The tool's name on the remote server, when the problem is about one tool. */
  readonly remoteName?: string;
  /** The name it has (or would have) in the handle. */
  readonly localName?: string;
  readonly message: string;
}

/** A remote definition that changed after it was imported (R14). */
export interface McpDefinitionChange {
  readonly remoteName: string;
  readonly localName: string;
  readonly previousFingerprint: string;
  readonly fingerprint: string;
  /**
   * `held`: the pinned definition stays in use and the new one waits for `acceptChange`;
   * `updated`: the new definition is in the handle; `removed`: the tool was taken out.
   */
  readonly action: 'held' | 'updated' | 'removed';
}

/** What one refresh changed in the handle. */
export interface McpImportChange {
  /** Local names added. */
  readonly added: readonly string[];
  /** Local names removed (gone from the server, or removed because their definition changed). */
  readonly removed: readonly string[];
  /** Definitions that changed since they were first imported. */
  readonly changed: readonly McpDefinitionChange[];
  /** Problems found by this refresh (tools skipped, definitions changed). */
  readonly problems: readonly McpImportProblem[];
}

/** Receives every refresh that changed something or found a problem. Thrown errors are ignored. */
export type McpImportListener = (change: McpImportChange) => void;

/** A live import of a remote server's tools into a handle (`importMcpTools`). */
export interface McpImport {
  /** The client the tools are called through. */
  readonly client: McpClientLike;
  /** The remote server's name and version. */
  readonly serverInfo: Implementation | undefined;
  /** The local names of the tools imported now. */
  names(): readonly string[];
  /** The remote name of an imported tool. */
  remoteName(localName: string): string | undefined;
  /**
   * The fingerprint (SHA-256 of the canonical definition) of the definition in use for each
   * imported remote tool: the one pinned at import, or the last one accepted.
   */
  fingerprints(): ReadonlyMap<string, string>;
  /**
   * Changed definitions held back (policy `pin`): the pinned definition is in use, the new one
   * waits here until `acceptChange`. `action` is `held`.
   */
  heldChanges(): readonly McpDefinitionChange[];
  /**
   * Puts held definitions in use, as one change batch of the handle: the tool's (remote or
   * local name), or every held one without a name. Rejects, naming the held tools, when the tool
   * has no held change.
   */
  acceptChange(name?: string): Promise<McpImportChange>;
  /** Every problem found so far, oldest first (capped). */
  problems(): readonly McpImportProblem[];
  /** Lists the remote tools again and applies the differences as one change batch of the handle. */
  refresh(): Promise<McpImportChange>;
  /** Calls `listener` after each refresh that changed something or found a problem; returns the unsubscribe function. */
  onChange(listener: McpImportListener): () => void;
  /**
   * Removes the imported tools from the handle and stops following the server; closes the client
   * when the import opened it (a command line or URL source).
   */
  close(): Promise<void>;
}
