/** The pattern tool names must match: the limit providers enforce (letters, digits, _ and -, at most 64). */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

import type { OutputValidationMode } from '../invoke/output-validation';
import type { TypeReference } from './param-options';

/** Behaviour hints shown to clients (MCP annotations). */
export interface ToolAnnotations {
  destructive?: boolean;
  idempotent?: boolean;
  openWorld?: boolean;
}

/** Options of `@Tool` and `defineTool`. */
export interface ToolOptions {
  /** Unique, `^[a-zA-Z0-9_-]{1,64}$`. */
  name: string;
  description: string;
  title?: string;
  /** A semantic kind from the registry's taxonomy (`read`, `edit`, `shell`, …); `other` when absent. */
  kind?: string;
  /** A namespace from the registry's closed set (`native`, `codex`, …); `native` when absent. */
  namespace?: string;
  readOnly?: boolean;
  /** The args class of a class tool's `run`/`execute` (an undecorated method has no parameter metadata). */
  args?: TypeReference;
  /** A class describing the output; gives the tool an output schema and structured content. */
  output?: TypeReference;
  /**
   * How the output is checked against `output`: `strict` (a mismatch is an `invalid_output`
   * failure), `warn` (served, and the set's `onOutputMismatch` hears of it) or `off`. Overrides the
   * tool set's or registry's mode; absent: theirs, else `strict` (docs/output-validation.md).
   */
  outputValidation?: OutputValidationMode;
  /** A requirement expression, evaluated by the registry at finalize; opaque to core. */
  requires?: unknown;
  timeoutMs?: number;
  /** Cap on the raw argument size in bytes (default 1 MiB). */
  maxArgumentBytes?: number;
  /** Calls of this tool allowed to run at once. */
  concurrency?: number;
  annotations?: ToolAnnotations;
  /**
   * Whether the tool may run as an MCP task (a long-running call the client polls): `optional`
   * (as a task when the client supports tasks, a plain call otherwise) or `required` (only as a
   * task). Absent: never a task.
   */
  task?: ToolTaskSupport;
  /**
   * With `task`: the input the tool asks for before it starts working is gathered first, in
   * 2026-07-28 input rounds of the `tools/call`, and the call becomes a task once it works on
   * without asking (see docs/tasks.md). Default false: the call is a task at once.
   */
  taskInputFirst?: boolean;
  /**
   * Keep the tool's definition out of the model's requests until a tool search loads it (see
   * docs/tool-search.md). The registry may also defer by namespace or by name; default false.
   */
  deferLoading?: boolean;
  /**
   * The resource a call works on, for the per-resource locks of an agent turn and of
   * `handle.call(…, { locks })` (docs/taxonomy.md): the name of a parameter whose value is a path,
   * or a function of the arguments (parsed, not decoded: check their types) giving keys. Absent:
   * derived from the kind (file kinds lock their `path`).
   */
  lockKey?: ToolLockKey;
}

/**
 * How a tool names the resource a call works on: a parameter whose value is a path (locked as
 * `pathLockKey(value)`), or a function of the call's arguments as the model sent them (parsed, not
 * decoded, so untrusted) returning one key or several. A function that returns nothing usable, or
 * throws, locks everything (the safe side).
 */
export type ToolLockKey =
  string | ((args: Readonly<Record<string, unknown>>) => string | readonly string[] | undefined);

/** How a tool runs as an MCP task: `optional` or `required` (see `ToolOptions.task`). */
export type ToolTaskSupport = 'optional' | 'required';
