import type { Expr } from '@toolwright/expr';
import type { ToolKind } from '../taxonomy/tool-kind';

/** Layer 1: a tool of this name is registered and, when `parameters` is given, it holds for that tool. */
export interface ToolRequirement {
  readonly type: 'tool';
  /** The required tool's name. */
  readonly name: string;
  /** The class that provides the tool, when the requirement named it; used in the fix ("register ReadFile"). */
  readonly className?: string;
  /** Layers 2 and 3, about the required tool: parameters it must expose, config values it must have. */
  readonly parameters?: Requirement;
}

/** Layer 1: some registered tool has this kind. */
export interface KindRequirement {
  readonly type: 'kind';
  readonly kind: ToolKind;
}

/** Layer 2: the tool in scope (the required tool; at the top level, the tool itself) exposes this argument. */
export interface ParamRequirement {
  readonly type: 'param';
  /** The argument's model-visible name, e.g. `old_string`. */
  readonly name: string;
}

/**
 * Layer 3: a configuration value (a field of a bound `Params` value) equals `value`. `path` is a field
 * of the in-scope tool's params (`skipReadBeforeEdit`), a field of a named params class
 * (`EditConfig.skipReadBeforeEdit`), or another tool's (`params.search_replace.skipReadBeforeEdit`).
 */
export interface ParamValueRequirement {
  readonly type: 'param_value';
  readonly path: string;
  readonly value: unknown;
}

/** One fact a requirement is built from. */
export type RequirementLeaf = ToolRequirement | KindRequirement | ParamRequirement | ParamValueRequirement;

/**
 * What a tool needs, as an `Expr` over requirement leaves, declared with `@Tool({ requires })`. Build
 * it with `requiresTool`, `requiresKind`, `hasParam`, `paramEquals` and `Expr.and/or/not`.
 */
export type Requirement = Expr<RequirementLeaf>;
