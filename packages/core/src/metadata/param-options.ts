import type { LenientDecoder } from '../model/args-model';

/** A constructor that names a value type in a `type` thunk: a class, or `String`, `Number`, `Boolean`. */
export type TypeReference = abstract new (...args: any[]) => unknown;

/** What a `type` thunk returns: a class, or an array (possibly nested) of one. */
export type TypeThunkResult = TypeReference | readonly TypeThunkResult[];

/** A TypeScript enum object or a list of allowed values. */
export type EnumSource = readonly (string | number)[] | Readonly<Record<string, string | number>>;

/**
 * Options of `@Param`. Bounds on a property whose type is an array apply to the innermost items
 * (like class-validator's `each: true`); `minItems`, `maxItems` and `uniqueItems` apply to the array.
 */
export interface ParamOptions {
  /** The argument's name; required for method parameters, defaults to the property name otherwise. */
  name?: string;
  description?: string;
  title?: string;
  /** The property may be absent. */
  optional?: boolean;
  /** The property may be `null`. */
  nullable?: boolean;
  /** What reflection cannot see: `() => EditOp`, `() => [EditOp]`, `() => [[Number]]`, `() => [String]`. */
  type?: () => TypeThunkResult;
  /** Allowed values: a list or a TypeScript enum object. */
  enum?: EnumSource;
  /** The value used when the property is absent (shown to the model, applied by the decoder). */
  default?: unknown;
  examples?: readonly unknown[];
  /** A number that must be an integer. */
  integer?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string | RegExp;
  format?: string;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  deprecated?: boolean;
  /**
   * Alternative forms this argument also accepts, read before the declared check (e.g.
   * `commaSeparated()` for a string array): the schema still shows the canonical form, and what is
   * read must pass the declared check. On an array whose items it reads, it applies to each item.
   */
  lenient?: LenientDecoder | readonly LenientDecoder[];
}
