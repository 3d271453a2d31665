import type {
  AnthropicToolSearchDefinition,
  OpenAiNamespaceDefinition,
  OpenAiResponsesToolDefinition,
  OpenAiToolSearchDefinition,
  ProviderDefinition,
  ProviderFormat,
  ProviderToolDefinition,
} from '../definitions/provider-definitions';
import type { RegisteredTool } from '../finalize/registered-tool';
import type { AnthropicToolSearchVariant, DeferLoadingPolicy } from './defer-loading-options';

const ANTHROPIC_SEARCH: Readonly<Record<AnthropicToolSearchVariant, AnthropicToolSearchDefinition>> = {
  regex: Object.freeze({ type: 'tool_search_tool_regex_20251119', name: 'tool_search_tool_regex' }),
  bm25: Object.freeze({ type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' }),
};
const OPENAI_SEARCH: OpenAiToolSearchDefinition = Object.freeze({ type: 'tool_search' });

/**
 * A format's tools array in the provider's native form of deferred loading: for Anthropic and the
 * OpenAI Responses API, each deferred tool with `defer_loading: true` and the provider's tool search
 * tool last; for the Responses API, the deferred tools of the namespaces the registry describes
 * (`openAiNamespaces`) grouped into one namespace each, where the first of them stood. Every other
 * format, and a set with nothing deferred, is the tools' own definitions.
 */
export function nativeDefinitions(
  format: ProviderFormat,
  tools: readonly RegisteredTool[],
  own: readonly ProviderToolDefinition[],
  policy: Pick<DeferLoadingPolicy, 'anthropicSearch' | 'openAiNamespaces'>,
): readonly ProviderDefinition[] {
  if (format !== 'anthropic' && format !== 'openai-responses') return own;
  if (!tools.some((tool) => tool.deferLoading)) return own;
  const entries: ProviderDefinition[] = [];
  // Each namespace's members, and where its entry goes (the place of its first member).
  const groups = new Map<
    string,
    { at: number; description: string; members: OpenAiResponsesToolDefinition[] }
  >();
  for (let index = 0; index < own.length; index++) {
    const tool = tools[index]!;
    const definition = own[index]!;
    if (!tool.deferLoading) {
      entries.push(definition);
      continue;
    }
    const deferred = Object.freeze({ ...definition, defer_loading: true as const });
    const description =
      format === 'openai-responses' ? policy.openAiNamespaces.get(tool.namespace) : undefined;
    if (description === undefined) {
      entries.push(deferred);
      continue;
    }
    let group = groups.get(tool.namespace);
    if (group === undefined) {
      group = { at: entries.length, description, members: [] };
      groups.set(tool.namespace, group);
      entries.push(deferred); // replaced by the namespace below
    }
    group.members.push(deferred as OpenAiResponsesToolDefinition);
  }
  for (const [name, { at, description, members }] of groups) {
    const namespace: OpenAiNamespaceDefinition = {
      type: 'namespace',
      name,
      description,
      tools: Object.freeze(members),
    };
    entries[at] = Object.freeze(namespace);
  }
  entries.push(format === 'anthropic' ? ANTHROPIC_SEARCH[policy.anthropicSearch] : OPENAI_SEARCH);
  return Object.freeze(entries);
}
