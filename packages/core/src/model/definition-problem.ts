import type { Problem } from '../errors/problem';

/** What kind of mistake a tool or args definition has. */
export type DefinitionProblemCode =
  | 'reflection_gap'
  | 'unsupported_type'
  | 'invalid_type_thunk'
  | 'no_params'
  | 'conflicting_params'
  | 'invalid_enum'
  | 'invalid_option'
  | 'missing_param_name'
  | 'validator_without_param'
  | 'param_on_constructor'
  | 'missing_run'
  | 'not_a_tool'
  | 'invalid_name'
  | 'missing_args';

/** One mistake in a tool or args definition, with where it is and how to fix it. */
export interface DefinitionProblem extends Problem {
  readonly code: DefinitionProblemCode;
  /** The class (and property) concerned, e.g. `EditArgs.edits`. */
  readonly where: string;
  /** The tool whose definition uses the class, when the problem was found while reading a tool. */
  readonly tool?: string;
}
