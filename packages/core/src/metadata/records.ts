import type {
  CompleteOptions,
  PromptOptions,
  ResourceOptions,
  ResourceTemplateOptions,
} from './catalog-options';
import type { ParamOptions } from './param-options';
import type { ToolOptions } from './tool-options';

// Raw records: exactly what the decorators wrote, merged but not judged. The built, frozen forms
// live in `model/`; completeness is checked there, when the metadata is read.

/** One `@Param` on a property of an args class. */
export interface PropertyParamRecord {
  readonly property: string;
  readonly options: ParamOptions;
}

/** One `@Param` on a parameter of a tool method (the constructor's method is ''). */
export interface MethodParamRecord {
  readonly method: string;
  readonly index: number;
  readonly options: ParamOptions;
}

/** `@Tool` on a method of a service class. */
export interface ToolMethodRecord {
  readonly method: string;
  readonly options: ToolOptions;
}

/**
 * `@Param` records of one class in declaration order, each property's records next to each other
 * (duplicates kept for judging).
 */
export type PropertyParamRecords = readonly PropertyParamRecord[];

/** `@Tool` records of one class's methods, by method name. */
export type ToolMethodRecords = ReadonlyMap<string, readonly ToolMethodRecord[]>;

/** A catalog decorator (`@Resource`, `@ResourceTemplate`, `@Prompt`, `@Complete`) on a method. */
export interface CatalogMethodRecord<O> {
  readonly method: string;
  readonly options: O;
}

/** `@Resource` on a method. */
export type ResourceMethodRecord = CatalogMethodRecord<ResourceOptions>;
/** `@ResourceTemplate` on a method. */
export type ResourceTemplateMethodRecord = CatalogMethodRecord<ResourceTemplateOptions>;
/** `@Prompt` on a method. */
export type PromptMethodRecord = CatalogMethodRecord<PromptOptions>;
/** `@Complete` on a method. */
export type CompleteMethodRecord = CatalogMethodRecord<CompleteOptions>;
