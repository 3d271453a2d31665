import type { CatalogCallOptions, CompletionResult, PromptResult } from '@toolwright/core';
import { renderDescription, type TemplateWorld } from '../templates/render-description';
import type {
  RegisteredPrompt,
  RegisteredResource,
  RegisteredResourceTemplate,
} from './registered-catalog-entry';
import type { CompletionReference, ResourceRead, ToolCatalog } from './tool-catalog';

/** The entries a handle's snapshots share: built once at finalize. */
export interface CatalogEntries {
  readonly resources: readonly RegisteredResource[];
  readonly resourceTemplates: readonly RegisteredResourceTemplate[];
  readonly prompts: readonly RegisteredPrompt[];
}

/** The catalog of a finalize without resources, templates or prompts. */
export const NO_CATALOG_ENTRIES: CatalogEntries = Object.freeze({
  resources: Object.freeze([]),
  resourceTemplates: Object.freeze([]),
  prompts: Object.freeze([]),
});

/** One snapshot's `ToolCatalog`: the shared entries, with prompt text rendered against its tools. */
export class SnapshotCatalog implements ToolCatalog {
  readonly resources: readonly RegisteredResource[];
  readonly resourceTemplates: readonly RegisteredResourceTemplate[];
  readonly prompts: readonly RegisteredPrompt[];
  readonly #byUri: ReadonlyMap<string, RegisteredResource>;
  readonly #byTemplate: ReadonlyMap<string, RegisteredResourceTemplate>;
  readonly #byName: ReadonlyMap<string, RegisteredPrompt>;

  constructor(
    entries: CatalogEntries,
    private readonly world: TemplateWorld,
  ) {
    this.resources = entries.resources;
    this.resourceTemplates = entries.resourceTemplates;
    this.prompts = entries.prompts;
    // The first of a URI or name wins (finalize refuses duplicates).
    this.#byUri = firstBy(entries.resources, (entry) => entry.definition.uri);
    this.#byTemplate = firstBy(entries.resourceTemplates, (entry) => entry.definition.uriTemplate);
    this.#byName = firstBy(entries.prompts, (entry) => entry.definition.name);
  }

  resource(uri: string): RegisteredResource | undefined {
    return typeof uri === 'string' ? this.#byUri.get(uri) : undefined;
  }

  resourceTemplate(uriTemplate: string): RegisteredResourceTemplate | undefined {
    return typeof uriTemplate === 'string' ? this.#byTemplate.get(uriTemplate) : undefined;
  }

  prompt(name: string): RegisteredPrompt | undefined {
    return typeof name === 'string' ? this.#byName.get(name) : undefined;
  }

  async read(uri: string, options?: CatalogCallOptions): Promise<ResourceRead | undefined> {
    const resource = this.resource(uri);
    if (resource !== undefined) return { entry: resource, contents: await resource.erased.read(options) };
    if (typeof uri !== 'string') return undefined;
    for (const template of this.resourceTemplates) {
      const contents = await template.erased.read(uri, options);
      if (contents !== undefined) return { entry: template, contents };
    }
    return undefined;
  }

  async getPrompt(
    name: string,
    args: Readonly<Record<string, unknown>> | undefined,
    options?: CatalogCallOptions,
  ): Promise<PromptResult | undefined> {
    const prompt = this.prompt(name);
    if (prompt === undefined) return undefined;
    const result = await prompt.erased.get(args, options);
    return this.#rendered(result);
  }

  async complete(
    reference: CompletionReference,
    argument: string,
    value: string,
    context?: Readonly<Record<string, string>>,
    options?: CatalogCallOptions,
  ): Promise<CompletionResult | undefined> {
    const entry =
      reference.type === 'ref/prompt' ? this.prompt(reference.name) : this.resourceTemplate(reference.uri);
    if (entry === undefined) return undefined;
    return entry.erased.complete(argument, value, context, options);
  }

  // A prompt's text may name tools as descriptions do (`${{ tools.read_file }}`, or a kind).
  #rendered(result: PromptResult): PromptResult {
    let changed = false;
    const messages = result.messages.map((message) => {
      if (message.content.type !== 'text') return message;
      const text = renderDescription(message.content.text, this.world).text;
      if (text === message.content.text) return message;
      changed = true;
      return Object.freeze({ role: message.role, content: Object.freeze({ type: 'text' as const, text }) });
    });
    return changed ? Object.freeze({ ...result, messages: Object.freeze(messages) }) : result;
  }
}

function firstBy<T>(entries: readonly T[], keyOf: (entry: T) => string): ReadonlyMap<string, T> {
  const map = new Map<string, T>();
  for (const entry of entries) if (!map.has(keyOf(entry))) map.set(keyOf(entry), entry);
  return map;
}
