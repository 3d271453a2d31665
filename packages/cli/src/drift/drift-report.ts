import type { SchemaDrift, UncheckedProperty } from './schema-drift';

/** A drift found by `check-schemas`, with the tools using the args class and where the property is declared. */
export interface LocatedDrift extends SchemaDrift {
  readonly tools: readonly string[];
  /** `file:line` of the property (or of the class). */
  readonly location?: string;
}

/** What `check-schemas` found. */
export interface DriftReport {
  readonly drifts: readonly LocatedDrift[];
  /** The tools compared, with their args class. */
  readonly checked: readonly { readonly tool: string; readonly argsClass: string }[];
  /** Tools without arguments: nothing to compare. */
  readonly withoutArguments: readonly string[];
  /** Tools that could not be compared, and why. */
  readonly unchecked: readonly { readonly tool: string; readonly reason: string }[];
  /** Properties of compared classes that could not be compared (a tuple, …), and why. */
  readonly uncheckedProperties: readonly UncheckedProperty[];
}
