import { collectHostValues, scrubContentBlock } from '@toolwright/core/internal';
import type {
  ContentBlock,
  ExtensionEntry,
  JsonSchema,
  ProgressItem,
  ToolResult,
  ToolSet,
} from '@toolwright/core';
import type { ToolServerHandle, ToolSnapshot } from '@toolwright/registry';

/** What `openAiAgentsTools` adapts: a finalized registry's handle, one of its snapshots, or a `ToolSet`. */
export type OpenAiAgentsToolSource = ToolServerHandle | ToolSnapshot | ToolSet;

/** One tool as the adapter offers it, whatever the source. */
export interface AdaptedTool {
  readonly name: string;
  readonly description: string;
  /** The derived input schema (the registry's `openai` definition, or the tool set's definition). */
  readonly inputSchema: JsonSchema;
  /** The OpenAI strict-mode schema (the registry's `openai-strict` definition) when the tool has one. */
  readonly strictInputSchema: JsonSchema | undefined;
  readonly readOnly: boolean;
  readonly destructive: boolean;
  readonly timeoutMs: number | undefined;
}

/** The call options the adapter hands to the source. */
export interface SourceCallOptions {
  readonly signal?: AbortSignal;
  readonly callId?: string;
  readonly onProgress?: (item: ProgressItem) => void;
  readonly extensions?: Iterable<ExtensionEntry>;
}

// No `instanceof`: a handle and a snapshot expose `definitions(format)`, a ToolSet `definitions()` and `names()`.
function isRegistrySource(source: OpenAiAgentsToolSource): source is ToolServerHandle | ToolSnapshot {
  return (
    typeof (source as { snapshot?: unknown }).snapshot === 'function' ||
    Array.isArray((source as ToolSnapshot).names)
  );
}

/** The source's tools, in registration order, with the schemas core derived for them. */
export function adaptedTools(source: OpenAiAgentsToolSource): AdaptedTool[] {
  if (isRegistrySource(source)) {
    const snapshot =
      typeof (source as ToolServerHandle).snapshot === 'function'
        ? (source as ToolServerHandle).snapshot()
        : (source as ToolSnapshot);
    const strict = snapshot.definitions('openai-strict');
    return snapshot.tools.map((tool, index) => {
      const definition = strict[index]?.function;
      return {
        name: tool.name,
        description: tool.description,
        inputSchema: tool.inputSchema,
        strictInputSchema: definition?.strict === true ? definition.parameters : undefined,
        readOnly: tool.readOnly,
        destructive: tool.annotations.destructive,
        timeoutMs: tool.erased.definition.timeoutMs,
      };
    });
  }
  return source.definitions().map((definition) => ({
    name: definition.name,
    description: definition.description,
    inputSchema: definition.inputSchema as JsonSchema,
    strictInputSchema: undefined,
    readOnly: definition.readOnly,
    destructive: definition.annotations.destructive === true,
    timeoutMs: definition.timeoutMs,
  }));
}

/** One call through the source's engine (the handle's guard included); never rejects. */
export function callSource(
  source: OpenAiAgentsToolSource,
  name: string,
  raw: unknown,
  options: SourceCallOptions,
): Promise<ToolResult> {
  return source.call(name, raw, options);
}

/** The source's tool names now (a handle's current snapshot). */
export function sourceNames(source: OpenAiAgentsToolSource): readonly string[] {
  if (isRegistrySource(source)) {
    return typeof (source as ToolServerHandle).snapshot === 'function'
      ? (source as ToolServerHandle).snapshot().names
      : (source as ToolSnapshot).names;
  }
  return source.names();
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
 * The result's content with every host-only value (the call's extensions) removed from its text
 * (R9): the engine scrubs error text and progress, and the sender scrubs what it sends, as
 * toolwright's agent does. The same array when nothing matched.
 */
export function visibleContent(
  result: ToolResult,
  extensions: readonly ExtensionEntry[] | undefined,
): readonly ContentBlock[] {
  if (extensions === undefined || extensions.length === 0) return result.content;
  const secrets = collectHostValues(extensions.map(([, value]) => value));
  if (secrets.length === 0) return result.content;
  return result.content.map((block) => scrubContentBlock(block, secrets));
}
