import type { ToolNamespace } from '../taxonomy/tool-namespace';

/** Which variant of Anthropic's tool search tool `definitions('anthropic')` adds: regex patterns or BM25 queries. */
export type AnthropicToolSearchVariant = 'regex' | 'bm25';

/**
 * Which tools a registry defers (their definitions stay out of model requests until a tool search
 * loads them; see docs/tool-search.md). A tool's own `deferLoading` decides where neither the
 * registration nor `tools` does; `namespaces` and `all` are the fallback.
 */
export interface DeferLoadingOptions {
  /** Defer every tool that does not say otherwise. */
  readonly all?: boolean;
  /** Defer the tools of these namespaces (an `mcp` import, say) unless a tool says otherwise. */
  readonly namespaces?: readonly ToolNamespace[];
  /** Defer these tools by name, whatever they declare. */
  readonly tools?: readonly string[];
  /** The tool search tool `definitions('anthropic')` adds when a tool is deferred (default `regex`). */
  readonly anthropicSearch?: AnthropicToolSearchVariant;
  /**
   * For `definitions('openai-responses')`: the deferred tools of these namespaces grouped into one
   * Responses API namespace each, named after it and described by the text given (what the model
   * reads before it searches: say what the group is for).
   */
  readonly openAiNamespaces?: Readonly<Partial<Record<ToolNamespace, string>>>;
}

/** A registry's deferral options, resolved once. */
export interface DeferLoadingPolicy {
  readonly all: boolean;
  readonly namespaces: ReadonlySet<string>;
  readonly tools: ReadonlySet<string>;
  readonly anthropicSearch: AnthropicToolSearchVariant;
  readonly openAiNamespaces: ReadonlyMap<string, string>;
}

/** The policy of a registry that defers nothing by itself (tools may still declare `deferLoading`). */
export const NO_DEFERRAL: DeferLoadingPolicy = Object.freeze({
  all: false,
  namespaces: new Set<string>(),
  tools: new Set<string>(),
  anthropicSearch: 'regex',
  openAiNamespaces: new Map<string, string>(),
});

/** Reads `ToolRegistryOptions.deferLoading`; throws a `TypeError` naming the bad field. */
export function deferLoadingPolicy(options: boolean | DeferLoadingOptions | undefined): DeferLoadingPolicy {
  if (options === undefined || options === false) return NO_DEFERRAL;
  if (options === true) return { ...NO_DEFERRAL, all: true };
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(
      'ToolRegistry deferLoading must be a boolean or { all?, namespaces?, tools?, anthropicSearch? }.',
    );
  }
  const search = options.anthropicSearch ?? 'regex';
  if (search !== 'regex' && search !== 'bm25') {
    throw new TypeError(
      `ToolRegistry deferLoading.anthropicSearch must be 'regex' or 'bm25' (got ${JSON.stringify(search)}).`,
    );
  }
  return {
    all: options.all === true,
    namespaces: new Set(stringList(options.namespaces, 'namespaces')),
    tools: new Set(stringList(options.tools, 'tools')),
    anthropicSearch: search,
    openAiNamespaces: namespaceDescriptions(options.openAiNamespaces),
  };
}

function namespaceDescriptions(value: unknown): ReadonlyMap<string, string> {
  if (value === undefined) return new Map();
  const entries = typeof value === 'object' && value !== null ? Object.entries(value) : undefined;
  if (entries === undefined || !entries.every(([, text]) => typeof text === 'string' && text.trim() !== '')) {
    throw new TypeError(
      'ToolRegistry deferLoading.openAiNamespaces must map namespaces to descriptions (non-empty strings).',
    );
  }
  return new Map(entries as [string, string][]);
}

/**
 * Whether one tool is deferred: the registration's choice, else the registry naming it, else the
 * tool's own declaration, else the registry's namespace or `all` fallback.
 */
export function resolveDeferLoading(
  policy: DeferLoadingPolicy,
  name: string,
  namespace: string,
  declared: boolean | undefined,
  registration: boolean | undefined,
): boolean {
  if (registration !== undefined) return registration;
  if (policy.tools.has(name)) return true;
  if (declared !== undefined) return declared;
  return policy.all || policy.namespaces.has(namespace);
}

function stringList(value: unknown, field: string): readonly string[] {
  if (value === undefined) return [];
  if (Array.isArray(value) && value.every((entry) => typeof entry === 'string')) return value;
  throw new TypeError(`ToolRegistry deferLoading.${field} must be an array of strings.`);
}
