import type { TypeReference } from './param-options';

/**
 * Who a piece of MCP content is for and how much it matters (MCP `Annotations`): shown to clients,
 * never interpreted by toolwright.
 */
export interface CatalogAnnotations {
  readonly audience?: readonly ('user' | 'assistant')[];
  /** 0 (optional) to 1 (effectively required). */
  readonly priority?: number;
  /** ISO 8601, e.g. `2026-12-01T15:00:58Z`. */
  readonly lastModified?: string;
}

/** Options shared by `@Resource`, `@ResourceTemplate` and `@Prompt`. */
interface CatalogEntryOptions {
  /** What clients list and the model may read about the entry; may use `${{ tools.x }}` references. */
  readonly description?: string;
  /** A display name. */
  readonly title?: string;
  /** How long a read (or get, or completion) may take, in milliseconds (default 30 000). */
  readonly timeoutMs?: number;
}

/** Options of `@Resource`: a resource with one fixed URI. */
export interface ResourceOptions extends CatalogEntryOptions {
  /** The resource's URI (any scheme: `file:///…`, `docs://readme`, `test://static-text`). */
  readonly uri: string;
  /** A programmatic name (MCP's `name`); need not be unique. */
  readonly name: string;
  /** The MIME type of its contents; the default type of what the method returns. */
  readonly mimeType?: string;
  /** The size of the raw contents in bytes, when known ahead of reading. */
  readonly size?: number;
  readonly annotations?: CatalogAnnotations;
}

/**
 * A value list or a function that completes one argument. A list is filtered by the typed prefix
 * (case-insensitive); a function gets the typed value and the arguments already given, and returns
 * the candidates (toolwright caps them at 100, as MCP requires, and reports `total`/`hasMore`).
 */
export type Completer = readonly string[] | CompleteFunction;

/** A completion function: candidate values for `value` (what the user typed so far). */
export type CompleteFunction = (
  value: string,
  context: CompletionContext,
) => readonly string[] | CompletionValues | Promise<readonly string[] | CompletionValues>;

/** What a completer may return instead of a plain list: the values and how many there are in all. */
export interface CompletionValues {
  readonly values: readonly string[];
  readonly total?: number;
  readonly hasMore?: boolean;
}

/** What a completer is told besides the typed value. */
export interface CompletionContext {
  /** The argument being completed. */
  readonly argument: string;
  /** Arguments (or template variables) the client has already resolved. */
  readonly arguments: Readonly<Record<string, string>>;
  /** Aborted when the request is cancelled or its deadline passes. */
  readonly signal: AbortSignal;
}

/** Options of `@ResourceTemplate`: resources whose URIs match an RFC 6570 URI template. */
export interface ResourceTemplateOptions extends CatalogEntryOptions {
  /** An RFC 6570 template (levels 1–4); each variable is one `@Param` of the method. */
  readonly uriTemplate: string;
  readonly name: string;
  /** The MIME type of every matching resource, when they share one. */
  readonly mimeType?: string;
  readonly annotations?: CatalogAnnotations;
  /** The args class, when the method's first parameter is one and reflection cannot see it. */
  readonly args?: TypeReference;
  /** Completion of template variables, by variable name. */
  readonly complete?: Readonly<Record<string, Completer>>;
}

/** Options of `@Prompt`: a prompt whose messages the method builds from its arguments. */
export interface PromptOptions extends CatalogEntryOptions {
  /** Unique among prompts, `^[a-zA-Z0-9_.-]{1,64}$`. */
  readonly name: string;
  /** The args class (its `@Param` properties are the prompt's arguments); or `@Param` method parameters. */
  readonly args?: TypeReference;
  /** Completion of prompt arguments, by argument name. */
  readonly complete?: Readonly<Record<string, Completer>>;
}

/** Options of `@Complete`: the method completes one argument of a prompt or of a resource template. */
export type CompleteOptions =
  | { readonly prompt: string; readonly argument: string }
  | { readonly resourceTemplate: string; readonly argument: string };

/** Prompt names: what MCP clients show as slash commands (letters, digits, `_`, `-`, `.`; at most 64). */
export const PROMPT_NAME_PATTERN = /^[a-zA-Z0-9_.-]{1,64}$/;

/** How long a resource read, prompt get or completion may take by default, in milliseconds. */
export const DEFAULT_CATALOG_TIMEOUT_MS = 30_000;
