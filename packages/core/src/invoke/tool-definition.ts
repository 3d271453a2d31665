import type { ToolLockKey } from '../metadata/tool-options';

/** Behaviour hints of a definition, shown to clients (MCP tool annotations). */
export interface ToolDefinitionAnnotations {
  readonly destructive?: boolean;
  readonly idempotent?: boolean;
  readonly openWorld?: boolean;
}

/** Where a tool was declared, for messages that must point at code. */
export interface ToolSource {
  readonly className?: string;
  readonly methodName?: string;
}

/** The frozen, model-independent description of one erased tool. */
export interface ToolDefinition {
  /** Unique in a tool set, `^[a-zA-Z0-9_-]{1,64}$`. */
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  /** A semantic kind from the registry's taxonomy (`read`, `edit`, …); `other` by default. */
  readonly kind: string;
  /** `native` by default. */
  readonly namespace: string;
  readonly readOnly: boolean;
  /** The JSON Schema of the arguments (an object schema). */
  readonly inputSchema: Readonly<Record<string, unknown>>;
  /** The JSON Schema of the output, when declared; object outputs then become structured content. */
  readonly outputSchema?: Readonly<Record<string, unknown>>;
  readonly annotations: ToolDefinitionAnnotations;
  /** A requirement expression; opaque to core, evaluated by the registry. */
  readonly requires?: unknown;
  /** Default per-call deadline. */
  readonly timeoutMs?: number;
  /** Cap on the raw argument size in UTF-8 bytes (default 1 MiB). */
  readonly maxArgumentBytes?: number;
  /** Whether the tool may (`optional`) or must (`required`) run as an MCP task; absent: never. */
  readonly task?: 'optional' | 'required';
  /** With `task`: gather the tool's first input requests in input rounds before the task starts. */
  readonly taskInputFirst?: boolean;
  /** Sent to the model only once a tool search loads it (the registry resolves the final choice). */
  readonly deferLoading?: boolean;
  /** The resource a call works on, for per-resource locks (`ToolOptions.lockKey`); derived from the kind when absent. */
  readonly lockKey?: ToolLockKey;
  readonly source?: ToolSource;
}
