import { collectHostValues, scrubContentBlock, scrubText } from '@toolwright/core/internal';
import type {
  ContentBlock,
  ExtensionEntry,
  JsonSchema,
  ToolCallOptions,
  ToolDefinitionAnnotations,
  ToolResult,
} from '@toolwright/core';
import type { ToolServerHandle } from '../handle/tool-server-handle';
import type { ToolSnapshot } from '../handle/tool-snapshot';
import type { ToolSetChange } from '../handle/tool-set-change';

/**
 * The part of a core `ToolSet` the framework adapters use. Read by shape, never `instanceof`: the
 * user's copy of @toolwright/core may be another than the adapter's.
 */
export interface ToolSetLike {
  definitions(): readonly AdapterToolInfo[];
  call(name: string, raw: unknown, options?: ToolCallOptions): Promise<ToolResult>;
  names?(): readonly string[];
}

/** What a framework adapter adapts: a finalized registry's handle, one of its snapshots, or a `ToolSet`. */
export type AdapterToolSource = ToolServerHandle | ToolSnapshot | ToolSetLike;

/** One toolwright tool as an adapter offers it (a `RegisteredTool` or a `ToolDefinition`). */
export interface AdapterToolInfo {
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly kind: string;
  readonly readOnly: boolean;
  readonly annotations: ToolDefinitionAnnotations;
  readonly inputSchema: Readonly<Record<string, unknown>>;
  /** The OpenAI strict-mode schema, when the registry wrote one. */
  readonly strictInputSchema?: Readonly<Record<string, unknown>>;
  /** The tool's own deadline (a `ToolDefinition`'s). */
  readonly timeoutMs?: number;
  /** The erased tool (a `RegisteredTool`'s), whose definition carries the deadline. */
  readonly erased?: { readonly definition: { readonly timeoutMs?: number } };
}

/** One tool reduced to what the LangChain and Agents SDK adapters read. */
export interface AdaptedTool {
  readonly name: string;
  readonly description: string;
  /** The derived input schema (what the registry's definitions carry, or the tool set's definition). */
  readonly inputSchema: JsonSchema;
  readonly readOnly: boolean;
  readonly destructive: boolean;
  readonly timeoutMs: number | undefined;
}

/** The adapter's view of one tool. */
export function adaptedTool(info: AdapterToolInfo): AdaptedTool {
  return {
    name: info.name,
    description: info.description,
    inputSchema: info.inputSchema as JsonSchema,
    readOnly: info.readOnly,
    destructive: info.annotations.destructive === true,
    timeoutMs: info.erased?.definition.timeoutMs ?? info.timeoutMs,
  };
}

/** A source read by its shape: its tools, names, calls, secrets and changes. */
export interface AdapterSource {
  /** The tools now, in registration order. */
  tools(): readonly AdapterToolInfo[];
  /** The tool names now (for unknown-tool messages). */
  names(): readonly string[];
  /** One call through the source's engine (the handle's guard included); never rejects. */
  call(name: string, raw: unknown, options: ToolCallOptions): Promise<ToolResult>;
  /** The host's secret strings (a registry's `provide(…, { secret: true })`), scrubbed from output. */
  hostSecrets(): readonly string[];
  /** The registry snapshot now (a handle or a snapshot; a `ToolSet` has none). */
  snapshot?(): ToolSnapshot;
  /** Subscribes to change batches (a handle only); returns the unsubscribe function. */
  onChange?(listener: (change: ToolSetChange) => void): () => void;
}

const NO_SECRETS: readonly string[] = Object.freeze([]);

/**
 * Reads a source by its shape. Throws a `TypeError` naming what is accepted otherwise, with the
 * adapter's function in the message (`adapter`, e.g. `aiSdkTools`).
 */
export function readAdapterSource(source: AdapterToolSource, adapter: string): AdapterSource {
  const candidate = source as unknown as Record<string, unknown>;
  if (typeof candidate === 'object' && candidate !== null && typeof candidate['call'] === 'function') {
    if (typeof candidate['snapshot'] === 'function' && typeof candidate['onChange'] === 'function') {
      const handle = source as ToolServerHandle;
      return {
        tools: () => handle.snapshot().tools,
        snapshot: () => handle.snapshot(),
        names: () => handle.snapshot().names,
        call: (name, raw, options) => handle.call(name, raw, options),
        hostSecrets: () => handle.snapshot().hostSecrets(),
        onChange: (listener) => handle.onChange(listener),
      };
    }
    if (Array.isArray(candidate['tools']) && typeof candidate['hostSecrets'] === 'function') {
      const snapshot = source as ToolSnapshot;
      return {
        tools: () => snapshot.tools,
        snapshot: () => snapshot,
        names: () => snapshot.names,
        call: (name, raw, options) => snapshot.call(name, raw, options),
        hostSecrets: () => snapshot.hostSecrets(),
      };
    }
    if (typeof candidate['definitions'] === 'function') {
      const set = source as ToolSetLike;
      return {
        tools: () => set.definitions(),
        names: () =>
          typeof set.names === 'function' ? set.names() : set.definitions().map((tool) => tool.name),
        call: (name, raw, options) => set.call(name, raw, options),
        hostSecrets: () => NO_SECRETS,
      };
    }
  }
  throw new TypeError(
    `${adapter}(source): source must be a finalized registry (the ToolServerHandle finalize() returns), one of its snapshots, or a ToolSet.`,
  );
}

/** The model-visible text of a result's content blocks (media described, never inlined as text). */
export function contentText(content: readonly ContentBlock[]): string {
  if (content.length === 1 && content[0]!.type === 'text') return content[0]!.text;
  return content
    .map((block) => {
      switch (block.type) {
        case 'text':
          return block.text;
        case 'resource':
          return 'text' in block.resource ? block.resource.text : `[resource ${block.resource.uri}]`;
        default:
          return `[${block.type} (${block.mimeType})]`;
      }
    })
    .join('\n');
}

/**
 * The host-only strings of one call (R9): the call's extension values and the source's secrets.
 * What the adapter sends to the model is scrubbed of them, as toolwright's agent does.
 */
export function callSecrets(
  source: AdapterSource,
  extensions: readonly ExtensionEntry[] | undefined,
): readonly string[] {
  const fromCall = extensions === undefined ? [] : collectHostValues(extensions.map(([, value]) => value));
  const fromHost = source.hostSecrets();
  return fromCall.length === 0 ? fromHost : [...fromCall, ...fromHost];
}

/** The result's content with every secret removed from its text; the same array when none is given. */
export function visibleContent(result: ToolResult, secrets: readonly string[]): readonly ContentBlock[] {
  if (secrets.length === 0) return result.content;
  return result.content.map((block) => scrubContentBlock(block, secrets));
}

/** A text with every secret removed; the same string when none is given. */
export function visibleText(text: string, secrets: readonly string[]): string {
  return secrets.length === 0 ? text : scrubText(text, secrets);
}
