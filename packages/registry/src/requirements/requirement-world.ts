import type { ToolKind } from '../taxonomy/tool-kind';

/** A params value as a requirement sees it. */
export interface ParamLookup {
  /** The canonical path, `params.<tool>.<field>` (or `<ParamsClass>.<field>`), for messages. */
  readonly path: string;
  /** The path as a fix should name it: the field alone when it is the tool's own params. */
  readonly field: string;
  /** Whether a bound params value has the field. */
  readonly found: boolean;
  readonly value: unknown;
  /** When the path names no property of a bound params class: which class, and what it declares. */
  readonly unknownProperty?: {
    readonly className: string;
    readonly property: string;
    readonly properties: readonly string[];
  };
}

/** What requirements are evaluated against: the registered tools and the bound params. */
export interface RequirementWorld {
  hasTool(name: string): boolean;
  /** Whether registered tool `tool` exposes the argument `param` (false when it is not registered). */
  exposes(tool: string, param: string): boolean;
  hasKind(kind: ToolKind): boolean;
  /** Resolves a `paramEquals` path for the tool in scope. */
  paramValue(scope: string, path: string, owner: string): ParamLookup;
}
