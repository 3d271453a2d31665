import type { JsonSchema } from '@toolwright/core';
import type { ToolEnvelope } from '../envelope/tool-envelope';

/** The tool-definition formats `definitions(format)` renders. */
export type ProviderFormat = 'openai' | 'openai-strict' | 'anthropic' | 'gemini' | 'mcp';

/** Every `ProviderFormat`, in a fixed order. */
export const PROVIDER_FORMATS: readonly ProviderFormat[] = Object.freeze([
  'openai',
  'openai-strict',
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

/** An Anthropic Messages API tool. */
export interface AnthropicToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly input_schema: JsonSchema;
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

/** The definition shape of each format. */
export interface ProviderDefinitionMap {
  readonly openai: OpenAiToolDefinition;
  readonly 'openai-strict': OpenAiToolDefinition;
  readonly anthropic: AnthropicToolDefinition;
  readonly gemini: GeminiToolDefinition;
  readonly mcp: McpToolDefinition;
}

/** The definition of one tool in format `F`. */
export type ProviderDefinition<F extends ProviderFormat = ProviderFormat> = ProviderDefinitionMap[F];
