import type { CallStream, ToolCallContext, ToolResult } from '@toolwright/core';
import type { HandleCallOptions } from '../locks/handle-call-options';
import type {
  ProviderDefinition,
  ProviderFormat,
  ProviderToolDefinition,
} from '../definitions/provider-definitions';
import type { ToolCatalog } from '../catalog/tool-catalog';
import type { RegisteredTool } from '../finalize/registered-tool';

/**
 * One immutable version of a handle's tool set. A call runs on the snapshot it started with, and so
 * does every `ctx.dispatch` inside it; an agent turn can hold one snapshot for the whole turn.
 */
export interface ToolSnapshot {
  /** Increases by one with every change batch of the handle (the finalized set is version 1). */
  readonly version: number;
  /** The tools in registration order (the order the model sees). */
  readonly tools: readonly RegisteredTool[];
  /** The tool names, in registration order. */
  readonly names: readonly string[];
  /** The resources, resource templates and prompts (MCP), fixed at finalize and shared by every snapshot. */
  readonly catalog: ToolCatalog;
  /** The tool of this name, looked up in a `Map`. */
  get(name: string): RegisteredTool | undefined;
  has(name: string): boolean;
  /**
   * The tools array in a provider's format, in registration order; computed once per snapshot and
   * format. With deferred tools, Anthropic's and the OpenAI Responses API's native form: those tools
   * marked `defer_loading: true` and the provider's tool search tool last (docs/tool-search.md).
   */
  definitions<F extends ProviderFormat>(format: F): readonly ProviderDefinition<F>[];
  /**
   * Each tool's own definition in a provider's format, aligned with `tools`, without deferral: what a
   * host that loads tools itself (the `Agent`'s `toolSearch`) picks from. Cached like `definitions`.
   */
  toolDefinitions<F extends ProviderFormat>(format: F): readonly ProviderToolDefinition<F>[];
  /** `names` with every tool they require, transitively, in registration order (docs/tool-search.md). */
  requiredToolClosure(names: Iterable<string>): readonly string[];
  /** Runs a tool on this snapshot with a context the caller built (`createCallContext`); guard applied. */
  execute(name: string, raw: unknown, ctx: ToolCallContext): CallStream;
  /**
   * Runs a tool on this snapshot and drains it; never rejects: failures are `ok: false`. Guard
   * applied. With `locks`, the call first waits for its claim on that table (per-resource locks).
   */
  call(name: string, raw: unknown, options?: HandleCallOptions): Promise<ToolResult>;
  /**
   * The strings of the values the host bound as secret (`provide(…, { secret: true })`), for text
   * a host sends outside a call's result (MCP log messages). Calls through `call` scrub them already.
   */
  hostSecrets(): readonly string[];
}
