import type { ExtensionEntry } from '../context/extension-entry';
import type { CatalogAnnotations, CompletionValues } from '../metadata/catalog-options';
import type { ContentBlock, ResourceContents } from '../result/content-block';
import type { UriTemplate } from '../uri-template/uri-template';

/** A resource as clients list it (MCP `Resource`). */
export interface ResourceDefinition {
  readonly uri: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
  readonly size?: number;
  readonly annotations?: CatalogAnnotations;
}

/** A resource template as clients list it (MCP `ResourceTemplate`). */
export interface ResourceTemplateDefinition {
  readonly uriTemplate: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
  readonly annotations?: CatalogAnnotations;
}

/** One argument of a prompt as clients list it (MCP `PromptArgument`). */
export interface PromptArgumentDefinition {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly required: boolean;
}

/** A prompt as clients list it (MCP `Prompt`). */
export interface PromptDefinition {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly arguments: readonly PromptArgumentDefinition[];
}

/** One message of a prompt (MCP `PromptMessage`). */
export interface PromptMessage {
  readonly role: 'user' | 'assistant';
  readonly content: ContentBlock;
}

/** What a prompt gives (MCP `GetPromptResult` without protocol fields). */
export interface PromptResult {
  readonly description?: string;
  readonly messages: readonly PromptMessage[];
}

/** A completion answer, capped at 100 values (MCP `CompleteResult.completion`). */
export interface CompletionResult {
  readonly values: readonly string[];
  readonly total?: number;
  readonly hasMore?: boolean;
}

/** What a host passes to a read, a get or a completion. */
export interface CatalogCallOptions {
  /** Cancels the request; the method sees it as `ctx.signal`. */
  readonly signal?: AbortSignal;
  /** Host values for this request, read with `ctx.get(Token)`; never shown to a client. */
  readonly extensions?: Iterable<ExtensionEntry>;
}

/** Where a catalog entry came from, for messages: `DocsService.readme`. */
export interface CatalogSource {
  readonly className: string;
  readonly method: string;
}

/**
 * A resource bound to its service instance. `read` resolves to the contents (never empty) or
 * rejects with a `ToolError` (`not_found`, `timeout`, `execution_failed`, …).
 */
export interface ErasedResource {
  readonly definition: ResourceDefinition;
  readonly source: CatalogSource;
  read(options?: CatalogCallOptions): Promise<readonly ResourceContents[]>;
}

/** Something whose arguments can be completed: a prompt or a resource template. */
export interface Completable {
  /** The argument (or variable) names completion is declared for (a completer, a list, or an enum). */
  readonly completable: readonly string[];
  /** Candidate values for `argument`; an argument without completion gives no values. */
  complete(
    argument: string,
    value: string,
    context?: Readonly<Record<string, string>>,
    options?: CatalogCallOptions,
  ): Promise<CompletionResult>;
}

/**
 * A resource template bound to its service instance. `read(uri)` resolves to `undefined` when the
 * URI does not match the template, else to the contents, or rejects with a `ToolError`
 * (`invalid_arguments` when the variables do not decode as the params, …).
 */
export interface ErasedResourceTemplate extends Completable {
  readonly definition: ResourceTemplateDefinition;
  readonly source: CatalogSource;
  readonly template: UriTemplate;
  /** The method's argument names (the variables they must equal). */
  readonly parameters: readonly string[];
  /** The names of required arguments. */
  readonly required: readonly string[];
  read(uri: string, options?: CatalogCallOptions): Promise<readonly ResourceContents[] | undefined>;
}

/**
 * A prompt bound to its service instance. `get(arguments)` resolves to its messages or rejects with
 * a `ToolError` (`invalid_arguments` for arguments that do not decode, …).
 */
export interface ErasedPrompt extends Completable {
  readonly definition: PromptDefinition;
  readonly source: CatalogSource;
  get(
    args: Readonly<Record<string, unknown>> | undefined,
    options?: CatalogCallOptions,
  ): Promise<PromptResult>;
}

/** Every catalog entry of one service instance. */
export interface ErasedCatalog {
  readonly resources: readonly ErasedResource[];
  readonly resourceTemplates: readonly ErasedResourceTemplate[];
  readonly prompts: readonly ErasedPrompt[];
}

/** What a completer function returns, before capping. */
export type CompleterOutput = readonly string[] | CompletionValues;
