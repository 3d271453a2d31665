import {
  CallbackManager,
  parseCallbackConfigArg,
  type CallbackManagerForToolRun,
} from '@langchain/core/callbacks/manager';
import { ToolMessage } from '@langchain/core/messages';
import { StructuredTool, type ToolRunnableConfig } from '@langchain/core/tools';
import {
  NO_HOST_RESULTS,
  ToolError,
  resultFromError,
  type ContentBlock,
  type ExtensionEntry,
  type ProgressItem,
  type ToolResult,
} from '@toolwright/core';
import type { AdapterSource } from '@toolwright/registry/internal';
import {
  callSecrets,
  contentText,
  langChainSource,
  visibleContent,
  type AdaptedTool,
  type LangChainToolSource,
} from './adapter-source';
import type { ToolApprovalDecision, ToolApprovalPolicy } from './tool-approval';

/** What the adapter needs beyond the tool itself. */
export interface StructuredToolSettings {
  readonly approval?: ToolApprovalPolicy;
  readonly onProgress?: (
    item: ProgressItem,
    call: { readonly toolName: string; readonly callId?: string },
  ) => void;
  readonly extensions?: (call: {
    readonly toolName: string;
    readonly callId?: string;
    readonly config: ToolRunnableConfig;
  }) => Iterable<ExtensionEntry> | undefined;
}

/** A tool message's content: text, or text and images as chat content blocks. */
export type LangChainToolContent =
  string | ({ type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } })[];

/** The tool's answer: the model-visible content and toolwright's whole `ToolResult` as the artifact. */
export type LangChainToolOutput = [LangChainToolContent, ToolResult];

interface ToolCallLike {
  readonly id?: string;
  readonly name?: string;
  readonly args: unknown;
  readonly type?: string;
}

/**
 * One toolwright tool as a LangChain structured tool. Its `schema` is the JSON Schema core derived
 * (a copy LangChain may write into); its calls skip LangChain's JSON Schema check and go to
 * toolwright's decoder, so an invalid call is answered in toolwright's words ("Invalid arguments
 * for …", one line per issue) as an error tool message the model reads.
 */
export class ToolwrightStructuredTool extends StructuredTool<
  Record<string, unknown>,
  unknown,
  unknown,
  LangChainToolOutput
> {
  name: string;
  description: string;
  schema: Record<string, unknown>;
  override responseFormat = 'content_and_artifact' as const;
  /** The adapted tool (name, schema, hints). */
  readonly adapted: AdaptedTool;
  readonly #source: AdapterSource;
  readonly #settings: StructuredToolSettings;

  constructor(source: LangChainToolSource, adapted: AdaptedTool, settings: StructuredToolSettings = {}) {
    super({ responseFormat: 'content_and_artifact' });
    this.name = adapted.name;
    this.description = adapted.description;
    this.schema = structuredClone(adapted.inputSchema) as Record<string, unknown>;
    this.adapted = adapted;
    this.#source = langChainSource(source);
    this.#settings = settings;
  }

  /**
   * Runs one call as `StructuredTool.call` does (callbacks, tool call id, tool message), except that
   * the arguments are not checked against `schema` here: toolwright's decoder decides, and its
   * failures come back as `status: 'error'` tool messages with its curated text.
   */
  override async call(arg: unknown, configArg?: unknown, tags?: string[]): Promise<any> {
    const toolCall = isToolCall(arg) ? arg : undefined;
    const args = toolCall === undefined ? arg : toolCall.args;
    const config = parseCallbackConfigArg(configArg as never) as ToolRunnableConfig & {
      toolCall?: { id?: string };
    };
    const toolCallId = toolCall?.id ?? config.toolCall?.id;
    const callbacks = CallbackManager.configure(
      config.callbacks,
      this.callbacks,
      config.tags ?? tags,
      this.tags,
      config.metadata,
      this.metadata,
      { verbose: this.verbose },
    );
    const runManager = await callbacks?.handleToolStart(
      this.toJSON(),
      typeof args === 'string' ? args : JSON.stringify(args),
      config.runId,
      undefined,
      undefined,
      undefined,
      config.runName,
      toolCallId,
    );
    let content: LangChainToolContent;
    let result: ToolResult;
    try {
      [content, result] = await this.#run(args, toolCallId, config, runManager);
    } catch (error) {
      await runManager?.handleToolError(error);
      throw error;
    }
    const output =
      toolCallId === undefined
        ? content
        : new ToolMessage({
            content,
            artifact: result,
            tool_call_id: toolCallId,
            name: this.name,
            status: result.ok ? 'success' : 'error',
          });
    await runManager?.handleToolEnd(output);
    return output;
  }

  protected async _call(
    arg: unknown,
    runManager?: CallbackManagerForToolRun,
    parentConfig?: ToolRunnableConfig,
  ): Promise<LangChainToolOutput> {
    return this.#run(arg, undefined, parentConfig ?? {}, runManager);
  }

  async #run(
    args: unknown,
    callId: string | undefined,
    config: ToolRunnableConfig,
    runManager: CallbackManagerForToolRun | undefined,
  ): Promise<LangChainToolOutput> {
    const { name } = this;
    const signal = config.signal;
    const approval = this.#settings.approval;
    if (approval !== undefined) {
      const decision = await approval({ toolName: name, callId, arguments: args, tool: this.adapted });
      const refusal = refusalOf(decision, name, callId);
      if (refusal !== undefined) return [toolContent(refusal.content), refusal];
    }
    const onProgress = this.#settings.onProgress;
    const writer = (config as { writer?: unknown }).writer;
    const given = this.#settings.extensions?.({
      toolName: name,
      ...(callId === undefined ? {} : { callId }),
      config,
    });
    const extensions = given === undefined ? undefined : Array.from(given);
    const result = await this.#source.call(name, args, {
      ...(signal === undefined ? {} : { signal }),
      ...(extensions === undefined ? {} : { extensions }),
      ...(callId === undefined ? {} : { callId }),
      onProgress: (item) => {
        onProgress?.(item, { toolName: name, ...(callId === undefined ? {} : { callId }) });
        if (typeof writer === 'function') writer(item);
        void runManager?.handleToolEvent(item);
      },
    });
    // Like LangChain's own tools: an aborted run rejects (the result is toolwright's `cancelled`).
    if (signal?.aborted) throw abortError(signal);
    return [toolContent(visibleContent(result, callSecrets(this.#source, extensions))), result];
  }
}

function isToolCall(value: unknown): value is ToolCallLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as ToolCallLike).type === 'tool_call' &&
    'args' in value
  );
}

function refusalOf(
  decision: ToolApprovalDecision,
  toolName: string,
  callId: string | undefined,
): ToolResult | undefined {
  const reason =
    decision === 'deny'
      ? undefined
      : typeof decision === 'object' && decision !== null && decision.decision === 'deny'
        ? decision.reason
        : null;
  if (reason === null) return undefined;
  return resultFromError(ToolError.permissionDenied(reason, { toolName }), {
    toolName,
    callId: callId ?? '',
    hostResults: NO_HOST_RESULTS,
  });
}

function toolContent(content: readonly ContentBlock[]): LangChainToolContent {
  if (!content.some((block) => block.type === 'image')) return contentText(content);
  return content.map((block) =>
    block.type === 'image'
      ? { type: 'image_url' as const, image_url: { url: `data:${block.mimeType};base64,${block.data}` } }
      : { type: 'text' as const, text: contentText([block]) },
  );
}

function abortError(signal: AbortSignal): Error {
  if (signal.reason instanceof Error) return signal.reason;
  const error = new Error('Aborted');
  error.name = 'AbortError';
  return error;
}
