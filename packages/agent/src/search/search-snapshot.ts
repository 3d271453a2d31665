import type { CallStream, ToolCallContext, ToolCallOptions, ToolResult } from '@toolwright/core';
import type {
  ProviderDefinition,
  ProviderFormat,
  ProviderToolDefinition,
  RegisteredTool,
  ToolCatalog,
  ToolSnapshot,
} from '@toolwright/registry';

/**
 * A turn's snapshot with the built-in search tool beside the registered tools: the loop resolves,
 * approves and runs a search call like any other, and every other name goes to the registered set.
 */
export class SearchSnapshot implements ToolSnapshot {
  readonly tools: readonly RegisteredTool[];
  readonly names: readonly string[];
  readonly #search: RegisteredTool;

  constructor(
    readonly base: ToolSnapshot,
    readonly searchTools: ToolSnapshot,
  ) {
    this.#search = searchTools.tools[0]!;
    this.tools = Object.freeze([...base.tools, this.#search]);
    this.names = Object.freeze([...base.names, this.#search.name]);
  }

  get version(): number {
    return this.base.version;
  }

  get catalog(): ToolCatalog {
    return this.base.catalog;
  }

  /** The search tool's name. */
  get searchName(): string {
    return this.#search.name;
  }

  get(name: string): RegisteredTool | undefined {
    return name === this.#search.name ? this.#search : this.base.get(name);
  }

  has(name: string): boolean {
    return name === this.#search.name || this.base.has(name);
  }

  definitions<F extends ProviderFormat>(format: F): readonly ProviderDefinition<F>[] {
    return this.base.definitions(format);
  }

  toolDefinitions<F extends ProviderFormat>(format: F): readonly ProviderToolDefinition<F>[] {
    return this.base.toolDefinitions(format);
  }

  requiredToolClosure(names: Iterable<string>): readonly string[] {
    return this.base.requiredToolClosure(names);
  }

  execute(name: string, raw: unknown, ctx: ToolCallContext): CallStream {
    return name === this.#search.name
      ? this.searchTools.execute(name, raw, ctx)
      : this.base.execute(name, raw, ctx);
  }

  call(name: string, raw: unknown, options?: ToolCallOptions): Promise<ToolResult> {
    return name === this.#search.name
      ? this.searchTools.call(name, raw, options)
      : this.base.call(name, raw, options);
  }

  hostSecrets(): readonly string[] {
    return this.base.hostSecrets();
  }
}
