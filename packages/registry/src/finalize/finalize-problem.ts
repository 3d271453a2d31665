import type { Problem } from '@toolwright/core';

/** What kind of problem `finalize()` found. */
export type FinalizeProblemCode =
  /** A tool name does not match `^[a-zA-Z0-9_-]{1,64}$`. */
  | 'invalid_name'
  /** Two registrations share a name; the message names both. */
  | 'duplicate_name'
  /** A tool's or args class's decorators are incomplete (a `ToolDefinitionError` problem: reflection gaps, …). */
  | 'invalid_definition'
  /** A tool declares a `kind` outside `TOOL_KINDS`. */
  | 'invalid_kind'
  /** A tool declares a `namespace` outside `TOOL_NAMESPACES`. */
  | 'invalid_namespace'
  /** A `provide`, `params` or `state` binding the container cannot take (no token, a Params token, …). */
  | 'invalid_binding'
  /** A builder call that cannot be recorded (`when` that throws, `guard` that is not a function, …). */
  | 'invalid_registration'
  /** A bound `Params` value fails its class's validation. */
  | 'invalid_params'
  /** A tool's constructor needs a token nothing provides. */
  | 'unbound_dependency'
  /** A tool's constructor (or a factory it needs) threw. */
  | 'instantiation_failed'
  /** A tool's `requires` expression does not hold. */
  | 'requirement'
  /** A tool's `requires` is not a requirement expression. */
  | 'invalid_requirement'
  /** A description template reference (`${{ tools.x }}`, `${{ params.x.y }}`) does not resolve. */
  | 'template'
  /** Tools declared exclusive are registered together. */
  | 'exclusive'
  /** Two resources share a URI, or two resource templates a URI template. */
  | 'duplicate_uri'
  /** Two prompts share a name. */
  | 'duplicate_prompt'
  /** A resource template's variable has no `@Param`, or a `@Param` has no variable. */
  | 'template_variable'
  /** A completer names a prompt, template or argument that does not exist. */
  | 'completion';

/** One problem of a tool registry, as data: what, where, and how to fix it. */
export interface FinalizeProblem extends Problem {
  readonly code: FinalizeProblemCode;
  /** The tool concerned, when there is one. */
  readonly tool?: string;
}
