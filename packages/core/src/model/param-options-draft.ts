import type { ParamOptions } from '../metadata/param-options';

/** `T` with its properties writable, for values built up in steps. */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The options of one argument while its model is built: its `@Param` options, then what its
 * class-validator decorators add (folded in by `foldValidator`).
 */
export type ParamOptionsDraft = Mutable<ParamOptions> & {
  allowedValues?: readonly (string | number)[];
};
