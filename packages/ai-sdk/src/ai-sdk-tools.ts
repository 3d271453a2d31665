import type { ExtensionEntry, ProgressItem, ToolError, ToolResult } from '@toolwright/core';
import { callSecrets, visibleContent } from '@toolwright/registry/internal';
import type { Tool, ToolExecutionOptions } from 'ai' with { 'resolution-mode': 'import' };
import type { AiSdkToolOutput } from './ai-sdk-tool-output';
import { inputSchemaOf } from './input-schema';
import { toModelOutput } from './model-output';
import { unwrapRawArguments } from './raw-arguments';
import { resolveSource, type AiSdkToolSource, type ResolvedSource, type ToolInfo } from './tool-source';

/** A call the AI SDK is about to run, as `needsApproval` sees it. */
export interface AiSdkApprovalRequest {
  /** The toolwright tool: `readOnly`, `kind`, `annotations.destructive`, … */
  readonly tool: ToolInfo;
  /** The arguments as the model sent them (not yet decoded). */
  readonly input: unknown;
  readonly toolCallId: string;
}

/** Options of `aiSdkTools`. */
export interface AiSdkToolsOptions {
  /**
   * Whether a call waits for the user's approval (the AI SDK's `needsApproval`: the step ends with a
   * `tool-approval-request`, the call runs once a `tool-approval-response` approves it). Default: never.
   * A function decides per call, e.g. `({ tool }) => !tool.readOnly`.
   */
  readonly needsApproval?: boolean | ((request: AiSdkApprovalRequest) => boolean | PromiseLike<boolean>);
  /**
   * The host's values for each call (session, auth, trace), read by tools through `ctx.get(Token)`,
   * never shown to the model (scrubbed from what it reads). A function builds them per call.
   */
  readonly extensions?:
    | Iterable<ExtensionEntry>
    | ((call: { readonly toolName: string; readonly toolCallId: string }) => Iterable<ExtensionEntry>);
  /**
   * Send each tool's OpenAI strict-mode schema (every property required, optional ones nullable) with
   * `strict: true` where the registry wrote one (default false). The decoder reads null as absent.
   */
  readonly strict?: boolean;
}

/**
 * toolwright tools as an AI SDK tool set, for `generateText` / `streamText({ tools })`. Each tool keeps
 * its name and description; its schema reaches the AI SDK as Standard JSON Schema; `execute` runs the
 * call through toolwright (decoder, guard, limits, timeout) with the AI SDK's `abortSignal` as the
 * call's signal and its `toolCallId` as the call id; progress items are preliminary results; the
 * model reads the tool's content (`toModelOutput`), or for a failure the `ToolError`'s curated text
 * (the call ends as a `tool-error`). From a handle, the set follows the handle: tools added or removed
 * (MCP's `list_changed`) are in the set from the next step on. Pair it with `repairToolCall`.
 */
export function aiSdkTools(source: AiSdkToolSource, options: AiSdkToolsOptions = {}): Record<string, Tool> {
  const resolved = resolveSource(source);
  const tools: Record<string, Tool> = {};
  for (const info of resolved.tools()) defineTool(tools, info, resolved, options);
  if (resolved.onChange !== undefined) follow(tools, resolved, options);
  return tools;
}

/**
 * Keeps `tools` equal to the handle's current tools. The listener holds the set weakly: once the
 * application drops it, the next change unsubscribes.
 */
function follow(tools: Record<string, Tool>, source: ResolvedSource, options: AiSdkToolsOptions): void {
  const held = new WeakRef(tools);
  const unsubscribe = source.onChange!((change) => {
    const current = held.deref();
    if (current === undefined) {
      unsubscribe();
      return;
    }
    for (const name of [...change.removed, ...change.replaced]) delete current[name];
    for (const name of [...change.replaced, ...change.added]) {
      const info = change.snapshot.get(name);
      if (info !== undefined) defineTool(current, info, source, options);
    }
  });
}

function defineTool(
  tools: Record<string, Tool>,
  info: ToolInfo,
  source: ResolvedSource,
  options: AiSdkToolsOptions,
): void {
  const strictSchema = options.strict === true ? info.strictInputSchema : undefined;
  const tool = {
    ...(info.title === undefined ? {} : { title: info.title }),
    description: info.description,
    inputSchema: inputSchemaOf(strictSchema ?? info.inputSchema),
    ...(strictSchema === undefined ? {} : { strict: true }),
    execute: (input: unknown, execution: ToolExecutionOptions<unknown>) =>
      runCall(source, info.name, input, execution, options),
    toModelOutput,
    ...approvalOf(info, options.needsApproval),
  } as unknown as Tool;
  // Own data property even for a name such as `constructor` (R8: lookups never reach the prototype).
  Object.defineProperty(tools, info.name, {
    value: tool,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function approvalOf(
  info: ToolInfo,
  needsApproval: AiSdkToolsOptions['needsApproval'],
): { needsApproval?: Tool['needsApproval'] } {
  if (needsApproval === undefined || needsApproval === false) return {};
  if (needsApproval === true) return { needsApproval: true };
  return {
    needsApproval: (input: unknown, call: { toolCallId: string }) =>
      needsApproval({ tool: info, input, toolCallId: call.toolCallId }),
  };
}

/**
 * One call through toolwright, as an async iterable (the AI SDK's form for preliminary results):
 * every progress item, then the result. A failure throws the `ToolError`, whose message is its
 * curated, scrubbed model text: the AI SDK sends that text to the model as the tool's error.
 */
async function* runCall(
  source: ResolvedSource,
  toolName: string,
  input: unknown,
  execution: ToolExecutionOptions<unknown>,
  options: AiSdkToolsOptions,
): AsyncGenerator<AiSdkToolOutput, void, undefined> {
  const toolCallId = execution.toolCallId;
  const extensions =
    typeof options.extensions === 'function'
      ? options.extensions({ toolName, toolCallId })
      : options.extensions;
  const entries = extensions === undefined ? undefined : Array.from(extensions);
  const progress = new ProgressQueue();
  const call = source
    .call(toolName, unwrapRawArguments(input), {
      signal: execution.abortSignal,
      callId: toolCallId,
      extensions: entries,
      onProgress: (item) => progress.push(item),
    })
    .finally(() => progress.close());
  for await (const item of progress) yield { type: 'progress', progress: item };
  const result: ToolResult = await call;
  if (!result.ok) throw asModelFacing(result.error);
  yield { type: 'result', json: result.json, content: visibleContent(result, callSecrets(source, entries)) };
}

/**
 * The AI SDK sends the model `error.toString()` ("ToolError: …"); the call's error says only its
 * curated model text instead, and stays the `ToolError` it is (kind, retryable, `ToolError.is`).
 */
function asModelFacing(error: ToolError): ToolError {
  if (!Object.hasOwn(error, 'toString'))
    Object.defineProperty(error, 'toString', { value: modelTextOf, configurable: true, writable: true });
  return error;
}

function modelTextOf(this: ToolError): string {
  return this.modelText;
}

/** Progress items of one call, read as they come, ending when the call does. */
class ProgressQueue implements AsyncIterable<ProgressItem> {
  readonly #items: ProgressItem[] = [];
  #closed = false;
  #wake: (() => void) | undefined;

  push(item: ProgressItem): void {
    if (this.#closed) return;
    this.#items.push(item);
    this.#wake?.();
  }

  close(): void {
    this.#closed = true;
    this.#wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<ProgressItem> {
    for (;;) {
      const item = this.#items.shift();
      if (item !== undefined) {
        yield item;
        continue;
      }
      if (this.#closed) return;
      await new Promise<void>((resolve) => (this.#wake = resolve));
      this.#wake = undefined;
    }
  }
}
