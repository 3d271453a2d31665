import type { ToolCallOptions, ToolDefinitionAnnotations, ToolResult } from '@toolwright/core';
import type { ToolServerHandle, ToolSetChange, ToolSnapshot } from '@toolwright/registry';

/** What `aiSdkTools` accepts: a finalized registry's handle, one of its snapshots, or a core `ToolSet`. */
export type AiSdkToolSource = ToolServerHandle | ToolSnapshot | ToolSetLike;

/** The part of a core `ToolSet` the adapter uses (read by shape: a user's copy of core may be another). */
export interface ToolSetLike {
  definitions(): readonly ToolInfo[];
  call(name: string, raw: unknown, options?: ToolCallOptions): Promise<ToolResult>;
}

/** One toolwright tool as the adapter offers it (a `RegisteredTool` or a `ToolDefinition`). */
export interface ToolInfo {
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly kind: string;
  readonly readOnly: boolean;
  readonly annotations: ToolDefinitionAnnotations;
  readonly inputSchema: Readonly<Record<string, unknown>>;
  /** The OpenAI strict-mode schema, when the registry wrote one. */
  readonly strictInputSchema?: Readonly<Record<string, unknown>>;
}

/** The source, read by shape (no `instanceof`): its tools, calls, secrets and changes. */
export interface ResolvedSource {
  tools(): readonly ToolInfo[];
  call(name: string, raw: unknown, options: ToolCallOptions): Promise<ToolResult>;
  /** The host's secret strings (a registry's `provide(…, { secret: true })`), scrubbed from output. */
  hostSecrets(): readonly string[];
  /** Subscribes to change batches (a handle only); returns the unsubscribe function. */
  onChange?(listener: (change: ToolSetChange) => void): () => void;
}

const NO_SECRETS: readonly string[] = Object.freeze([]);

/** Reads a source by its shape; throws a `TypeError` naming what is accepted otherwise. */
export function resolveSource(source: AiSdkToolSource): ResolvedSource {
  const candidate = source as unknown as Record<string, unknown>;
  if (typeof candidate === 'object' && candidate !== null && typeof candidate['call'] === 'function') {
    if (typeof candidate['snapshot'] === 'function' && typeof candidate['onChange'] === 'function') {
      const handle = source as ToolServerHandle;
      return {
        tools: () => handle.tools(),
        call: (name, raw, options) => handle.call(name, raw, options),
        hostSecrets: () => handle.snapshot().hostSecrets(),
        onChange: (listener) => handle.onChange(listener),
      };
    }
    if (Array.isArray(candidate['tools']) && typeof candidate['hostSecrets'] === 'function') {
      const snapshot = source as ToolSnapshot;
      return {
        tools: () => snapshot.tools,
        call: (name, raw, options) => snapshot.call(name, raw, options),
        hostSecrets: () => snapshot.hostSecrets(),
      };
    }
    if (typeof candidate['definitions'] === 'function') {
      const set = source as ToolSetLike;
      return {
        tools: () => set.definitions(),
        call: (name, raw, options) => set.call(name, raw, options),
        hostSecrets: () => NO_SECRETS,
      };
    }
  }
  throw new TypeError(
    'aiSdkTools(source): source must be a finalized registry (the ToolServerHandle finalize() returns), one of its snapshots, or a ToolSet.',
  );
}
