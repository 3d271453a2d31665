import type { ToolRunnableConfig } from '@langchain/core/tools';
import type { ExtensionEntry, ProgressItem } from '@toolwright/core';
import { adaptedTool, langChainSource, type LangChainToolSource } from './adapter-source';
import type { ToolApprovalPolicy } from './tool-approval';
import { ToolwrightStructuredTool } from './toolwright-structured-tool';

/** Options of `langChainTools`. */
export interface LangChainToolsOptions {
  /** Decides, per call, whether it runs or is refused (it may wait for a person). None by default. */
  readonly approval?: ToolApprovalPolicy;
  /**
   * Each progress item a tool reports, with the call it belongs to. Inside a LangGraph run the items
   * also go to the run's stream writer (`streamMode: 'custom'`) and to the callbacks' tool events.
   */
  readonly onProgress?: (
    item: ProgressItem,
    call: { readonly toolName: string; readonly callId?: string },
  ) => void;
  /**
   * The host-only values of a call (`ctx.get(Session)` in the tool), from the call's config (its
   * `configurable`, or an agent's `context`); never shown to the model, and scrubbed from what it reads.
   */
  readonly extensions?: (call: {
    readonly toolName: string;
    readonly callId?: string;
    readonly config: ToolRunnableConfig;
  }) => Iterable<ExtensionEntry> | undefined;
  /** Only these tools (by name); all by default. */
  readonly include?: readonly string[];
}

/**
 * The tools of a finalized registry (its handle or a snapshot) or of a `ToolSet` as LangChain
 * structured tools: names unchanged, the JSON Schema core derived, every call through toolwright's
 * engine (its decoder, guard, limits and curated errors), `responseFormat: 'content_and_artifact'`
 * (the content the model reads, toolwright's `ToolResult` as the artifact), and the config's signal
 * (`invoke(…, { signal })`) as the call's.
 */
export function langChainTools(
  source: LangChainToolSource,
  options: LangChainToolsOptions = {},
): ToolwrightStructuredTool[] {
  const include = options.include === undefined ? undefined : new Set(options.include);
  const settings = {
    ...(options.approval === undefined ? {} : { approval: options.approval }),
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
    ...(options.extensions === undefined ? {} : { extensions: options.extensions }),
  };
  return langChainSource(source)
    .tools()
    .map(adaptedTool)
    .filter((adapted) => include === undefined || include.has(adapted.name))
    .map((adapted) => new ToolwrightStructuredTool(source, adapted, settings));
}
