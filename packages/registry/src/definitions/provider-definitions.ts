import type { JsonSchema } from '@toolwright/core';
import type { ToolEnvelope } from '../envelope/tool-envelope';

/**
 * The tool-definition formats `definitions(format)` renders: OpenAI Chat Completions (`openai`,
 * `openai-strict`), the OpenAI Responses API (`openai-responses`), Anthropic, Gemini and MCP.
 */
export type ProviderFormat = 'openai' | 'openai-strict' | 'openai-responses' | 'anthropic' | 'gemini' | 'mcp';

/** Every `ProviderFormat`, in a fixed order. */
export const PROVIDER_FORMATS: readonly ProviderFormat[] = Object.freeze([
  'openai',
  'openai-strict',
  'openai-responses',
  'anthropic',
  'gemini',
  'mcp',
]);

/** An OpenAI Chat Completions function tool; `strict: true` (format `openai-strict`) with a strict-mode schema. */
export interface OpenAiToolDefinition {
  readonly type: 'function';
  readonly function: {
    readonly name: string;
    readonly description: string;
    readonly parameters: JsonSchema;
    readonly strict?: boolean;
  };
}

/**
 * An OpenAI Responses API function tool. The Responses API makes functions strict unless told
 * otherwise, so `strict` is always explicit: `true` with a strict-mode schema when the tool has one,
 * else `false` with the plain schema. `defer_loading` marks a deferred tool (with `tool_search`).
 */
export interface OpenAiResponsesToolDefinition {
  readonly type: 'function';
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;
  readonly strict: boolean;
  readonly defer_loading?: true;
}

/** A Responses API namespace: deferred function tools grouped under a name and a description the model reads first. */
export interface OpenAiNamespaceDefinition {
  readonly type: 'namespace';
  readonly name: string;
  readonly description: string;
  readonly tools: readonly OpenAiResponsesToolDefinition[];
}

/** The OpenAI Responses API's hosted tool search, added by `definitions('openai-responses')` when a tool is deferred. */
export interface OpenAiToolSearchDefinition {
  readonly type: 'tool_search';
}

/** An Anthropic Messages API tool; `defer_loading` marks a deferred tool (with the tool search tool). */
export interface AnthropicToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly input_schema: JsonSchema;
  readonly defer_loading?: true;
}

/** Anthropic's tool search tool (a server tool), added by `definitions('anthropic')` when a tool is deferred. */
export interface AnthropicToolSearchDefinition {
  readonly type: 'tool_search_tool_regex_20251119' | 'tool_search_tool_bm25_20251119';
  readonly name: 'tool_search_tool_regex' | 'tool_search_tool_bm25';
}

/**
 * A Gemini function declaration. `parameters` is the OpenAPI subset Gemini accepts (no
 * `additionalProperties`, no `$defs`/`$ref`, `nullable` instead of `null` types); absent for a tool
 * without arguments.
 */
export interface GeminiToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly parameters?: JsonSchema;
}

/** MCP tool annotations; every hint is explicit (MCP's defaults are pessimistic and clients differ). */
export interface McpToolAnnotations {
  readonly title?: string;
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

/** An MCP `tools/list` entry, carrying the `toolwright/tool` envelope in `_meta`. */
export interface McpToolDefinition {
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema?: JsonSchema;
  readonly annotations: McpToolAnnotations;
  readonly _meta: { readonly 'toolwright/tool': ToolEnvelope };
}

/** The shape of one tool's own definition in each format (what `toolDefinitions(format)` lists). */
export interface ToolDefinitionMap {
  readonly openai: OpenAiToolDefinition;
  readonly 'openai-strict': OpenAiToolDefinition;
  readonly 'openai-responses': OpenAiResponsesToolDefinition;
  readonly anthropic: AnthropicToolDefinition;
  readonly gemini: GeminiToolDefinition;
  readonly mcp: McpToolDefinition;
}

/**
 * The entry shape of each format's tools array (what `definitions(format)` lists): a tool's
 * definition, or, where the provider searches deferred tools itself, its tool search tool.
 */
export interface ProviderDefinitionMap {
  readonly openai: OpenAiToolDefinition;
  readonly 'openai-strict': OpenAiToolDefinition;
  readonly 'openai-responses':
    OpenAiResponsesToolDefinition | OpenAiNamespaceDefinition | OpenAiToolSearchDefinition;
  readonly anthropic: AnthropicToolDefinition | AnthropicToolSearchDefinition;
  readonly gemini: GeminiToolDefinition;
  readonly mcp: McpToolDefinition;
}

/** One entry of a format's tools array: a tool's definition or a provider's tool search tool. */
export type ProviderDefinition<F extends ProviderFormat = ProviderFormat> = ProviderDefinitionMap[F];

/** The definition of one tool in format `F`, without deferral. */
export type ProviderToolDefinition<F extends ProviderFormat = ProviderFormat> = ToolDefinitionMap[F];

/** The formats whose providers search deferred tools themselves (`defer_loading` plus their tool search tool). */
export const NATIVE_TOOL_SEARCH_FORMATS: readonly ProviderFormat[] = Object.freeze([
  'anthropic',
  'openai-responses',
]);
