import { tool, type FunctionTool, type RunContext } from '@openai/agents-core';
import { ToolError, type ContentBlock, type ExtensionEntry, type ProgressItem } from '@toolwright/core';
import type { AdapterSource } from '@toolwright/registry/internal';
import {
  adaptedTools,
  agentsSource,
  callSecrets,
  contentText,
  visibleContent,
  type AdaptedTool,
  type OpenAiAgentsToolSource,
} from './adapter-source';
import { approvalPolicy, type ToolApprovalDecision, type ToolApprovalOption } from './tool-approval';

/** Options of `openAiAgentsTools`. */
export interface OpenAiAgentsToolsOptions {
  /**
   * Send strict schemas where the tool's schema has a strict form (the registry's `openai-strict`
   * definition); tools without one go non-strict. Default true. Either way toolwright decodes the
   * arguments: the SDK is handed a JSON Schema it does not validate against.
   */
  readonly strict?: boolean;
  /** Which calls wait for a person, or are refused, before they run. None by default. */
  readonly approval?: ToolApprovalOption;
  /**
   * The SDK's per-call deadline, in milliseconds, for tools that set none (a tool's own `timeoutMs`
   * wins). A call past it ends with toolwright's `timeout` text. None by default.
   */
  readonly timeoutMs?: number;
  /** Each progress item a tool reports, with the call it belongs to (the SDK shows no progress itself). */
  readonly onProgress?: (
    item: ProgressItem,
    call: { readonly toolName: string; readonly callId?: string },
  ) => void;
  /**
   * The host-only values of a call (`ctx.get(Session)` in the tool), from the run's context
   * (`run(agent, input, { context })`); never shown to the model, and scrubbed from what it reads.
   */
  readonly extensions?: (call: {
    readonly toolName: string;
    readonly callId?: string;
    readonly context: unknown;
  }) => Iterable<ExtensionEntry> | undefined;
  /** Only these tools (by name); all by default. */
  readonly include?: readonly string[];
}

/** A toolwright tool as an Agents SDK function tool. */
export type OpenAiAgentsTool = FunctionTool;

type ToolOutput =
  | string
  | ReadonlyArray<
      { type: 'text'; text: string } | { type: 'image'; image: { data: string; mediaType: string } }
    >;

interface ToolCallDetails {
  readonly toolCall?: { readonly callId?: string };
  readonly signal?: AbortSignal;
}

/**
 * The tools of a finalized registry (its handle or a snapshot) or of a `ToolSet` as OpenAI Agents SDK
 * function tools: names unchanged, the schemas core derived (strict where they allow), every call
 * through toolwright's engine with the raw JSON the model sent (so its decoder, guard, limits and
 * curated errors apply), the run's signal as the call's, and failures as the text the model reads.
 */
export function openAiAgentsTools(
  source: OpenAiAgentsToolSource,
  options: OpenAiAgentsToolsOptions = {},
): OpenAiAgentsTool[] {
  const include = options.include === undefined ? undefined : new Set(options.include);
  const read = agentsSource(source);
  return adaptedTools(read)
    .filter((adapted) => include === undefined || include.has(adapted.name))
    .map((adapted) => functionTool(read, adapted, options));
}

function functionTool(
  source: AdapterSource,
  adapted: AdaptedTool,
  options: OpenAiAgentsToolsOptions,
): OpenAiAgentsTool {
  const { name } = adapted;
  const strictSchema = options.strict === false ? undefined : adapted.strictInputSchema;
  const policy = options.approval === undefined ? undefined : approvalPolicy(options.approval);
  // A refusal decided when the SDK asked for approval, kept for the call it was decided for.
  const refusals = new Map<string, string>();
  const timeoutMs = adapted.timeoutMs ?? options.timeoutMs;
  const onProgress = options.onProgress;
  const extensionsOf = options.extensions;

  const created = tool({
    name,
    description: adapted.description,
    // A copy: the SDK may normalize the schema it is given, and core's schemas are frozen.
    parameters: structuredClone(strictSchema ?? adapted.inputSchema) as never,
    strict: (strictSchema !== undefined) as false,
    // Replaced below: the SDK would hand `execute` a parsed value, and toolwright decodes the raw text.
    execute: () => '',
    ...(policy === undefined
      ? {}
      : {
          needsApproval: async (_context: RunContext, input: unknown, callId?: string) => {
            const decision = await policy({ toolName: name, callId, arguments: input, tool: adapted });
            const reason = refusalReason(decision, name);
            if (reason !== undefined && callId !== undefined) refusals.set(callId, reason);
            return decision === 'ask';
          },
        }),
    ...(timeoutMs === undefined
      ? {}
      : {
          timeoutMs,
          timeoutBehavior: 'error_as_result' as const,
          timeoutErrorFunction: () => ToolError.timeout(undefined, { toolName: name }).modelText,
        }),
  }) as unknown as OpenAiAgentsTool;

  const invoke = async (
    runContext: RunContext,
    input: string,
    details?: ToolCallDetails,
  ): Promise<ToolOutput> => {
    const callId = details?.toolCall?.callId;
    if (callId !== undefined) {
      const refusal = refusals.get(callId);
      if (refusal !== undefined) {
        refusals.delete(callId);
        return refusal;
      }
    }
    const extensions = listOf(
      extensionsOf?.({
        toolName: name,
        ...(callId === undefined ? {} : { callId }),
        context: runContext?.context,
      }),
    );
    const result = await source.call(name, input, {
      ...(details?.signal === undefined ? {} : { signal: details.signal }),
      ...(extensions === undefined ? {} : { extensions }),
      ...(callId === undefined ? {} : { callId }),
      ...(onProgress === undefined
        ? {}
        : {
            onProgress: (item: ProgressItem) =>
              onProgress(item, { toolName: name, ...(callId === undefined ? {} : { callId }) }),
          }),
    });
    return toolOutput(visibleContent(result, callSecrets(source, extensions)));
  };
  (created as { invoke: unknown }).invoke = invoke;
  // tool() turns every character outside [a-zA-Z0-9] into '_' (`read-file` → `read_file`); the
  // model must call the tool by its own name, which OpenAI accepts as it is.
  (created as { name: string }).name = name;
  return created;
}

function refusalReason(decision: ToolApprovalDecision, toolName: string): string | undefined {
  if (decision === 'deny') return ToolError.permissionDenied(undefined, { toolName }).modelText;
  if (typeof decision === 'object' && decision !== null && decision.decision === 'deny')
    return ToolError.permissionDenied(decision.reason, { toolName }).modelText;
  return undefined;
}

// Text stays text; images go as the SDK's image items (the Responses API shows them to the model).
function toolOutput(content: readonly ContentBlock[]): ToolOutput {
  if (!content.some((block) => block.type === 'image')) return contentText(content);
  return content.map((block) =>
    block.type === 'image'
      ? { type: 'image' as const, image: { data: block.data, mediaType: block.mimeType } }
      : { type: 'text' as const, text: contentText([block]) },
  );
}

function listOf<T>(items: Iterable<T> | undefined): readonly T[] | undefined {
  return items === undefined ? undefined : Array.from(items);
}
