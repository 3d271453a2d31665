import type {
  AnthropicToolSearchDefinition,
  OpenAiToolSearchDefinition,
  ProviderDefinition,
  ProviderFormat,
  ProviderToolDefinition,
} from '../definitions/provider-definitions';
import type { RegisteredTool } from '../finalize/registered-tool';
import type { AnthropicToolSearchVariant } from './defer-loading-options';

const ANTHROPIC_SEARCH: Readonly<Record<AnthropicToolSearchVariant, AnthropicToolSearchDefinition>> = {
  regex: Object.freeze({ type: 'tool_search_tool_regex_20251119', name: 'tool_search_tool_regex' }),
  bm25: Object.freeze({ type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' }),
};
const OPENAI_SEARCH: OpenAiToolSearchDefinition = Object.freeze({ type: 'tool_search' });

/**
 * A format's tools array in the provider's native form of deferred loading: for Anthropic and the
 * OpenAI Responses API, each deferred tool with `defer_loading: true` and the provider's tool search
 * tool last. Every other format, and a set with nothing deferred, is the tools' own definitions.
 */
export function nativeDefinitions(
  format: ProviderFormat,
  tools: readonly RegisteredTool[],
  own: readonly ProviderToolDefinition[],
  variant: AnthropicToolSearchVariant,
): readonly ProviderDefinition[] {
  if (format !== 'anthropic' && format !== 'openai-responses') return own;
  if (!tools.some((tool) => tool.deferLoading)) return own;
  const entries: ProviderDefinition[] = own.map((definition, index) =>
    tools[index]!.deferLoading ? Object.freeze({ ...definition, defer_loading: true as const }) : definition,
  );
  entries.push(format === 'anthropic' ? ANTHROPIC_SEARCH[variant] : OPENAI_SEARCH);
  return Object.freeze(entries);
}
