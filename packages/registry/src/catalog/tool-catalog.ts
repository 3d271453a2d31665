import type { CatalogCallOptions, CompletionResult, PromptResult, ResourceContents } from '@toolwright/core';
import type {
  RegisteredPrompt,
  RegisteredResource,
  RegisteredResourceTemplate,
} from './registered-catalog-entry';

/** What `catalog.read(uri)` found: the entry that answered and its contents (never empty). */
export interface ResourceRead {
  readonly entry: RegisteredResource | RegisteredResourceTemplate;
  readonly contents: readonly ResourceContents[];
}

/** What a completion refers to: a prompt by name, or a resource template by its URI template. */
export type CompletionReference =
  | { readonly type: 'ref/prompt'; readonly name: string }
  | { readonly type: 'ref/resource'; readonly uri: string };

/**
 * The resources, resource templates and prompts of one snapshot, in registration order (the order
 * clients list them), with lookups by URI and name in `Map`s. Reads, gets and completions reject
 * only with a `ToolError`; `undefined` means there is no such entry.
 */
export interface ToolCatalog {
  readonly resources: readonly RegisteredResource[];
  readonly resourceTemplates: readonly RegisteredResourceTemplate[];
  readonly prompts: readonly RegisteredPrompt[];
  /** The resource with this exact URI. */
  resource(uri: string): RegisteredResource | undefined;
  /** The template with this exact URI template (what `ref/resource` completion names). */
  resourceTemplate(uriTemplate: string): RegisteredResourceTemplate | undefined;
  prompt(name: string): RegisteredPrompt | undefined;
  /**
   * Reads a URI: the resource with that URI, else the first template (in registration order) that
   * matches it. `undefined` when nothing does.
   */
  read(uri: string, options?: CatalogCallOptions): Promise<ResourceRead | undefined>;
  /**
   * Gets a prompt's messages, `${{ tools.x }}` references in their text rendered against this
   * snapshot's tools. `undefined` when there is no prompt of that name.
   */
  getPrompt(
    name: string,
    args: Readonly<Record<string, unknown>> | undefined,
    options?: CatalogCallOptions,
  ): Promise<PromptResult | undefined>;
  /**
   * Completes one argument of a prompt or variable of a template (at most 100 values); an argument
   * without completion gives no values. `undefined` when the reference names nothing.
   */
  complete(
    reference: CompletionReference,
    argument: string,
    value: string,
    context?: Readonly<Record<string, string>>,
    options?: CatalogCallOptions,
  ): Promise<CompletionResult | undefined>;
}
