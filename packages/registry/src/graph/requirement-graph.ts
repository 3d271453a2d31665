import type { ToolKind } from '../taxonomy/tool-kind';
import type { ToolNamespace } from '../taxonomy/tool-namespace';

/** A node of the requirement graph. `id` is unique: `tool:<name>`, `kind:<kind>`, `param:<tool>.<name>`, `config:<path>`. */
export type RequirementGraphNode =
  /**
   * A registered tool, built or not; `requires` is its requirement written out (`formatExpr`), `holds`
   * whether it is met; `built` (set by the registry) false with `lacks` (what it needs to be built) for a tool that cannot be.
   */
  | {
      readonly id: string;
      readonly type: 'tool';
      readonly name: string;
      readonly kind: ToolKind;
      /** Absent when the declared namespace is not a valid one. */
      readonly namespace?: ToolNamespace;
      readonly requires?: string;
      readonly holds: boolean;
      readonly built?: boolean;
      readonly lacks?: readonly string[];
    }
  /** A tool some requirement or template names that is not registered. */
  | { readonly id: string; readonly type: 'missing_tool'; readonly name: string }
  /** A kind some requirement asks for, with the registered tools of that kind. */
  | { readonly id: string; readonly type: 'kind'; readonly kind: ToolKind; readonly tools: readonly string[] }
  /** An argument a requirement or template asks a tool to expose. */
  | {
      readonly id: string;
      readonly type: 'param';
      readonly tool: string;
      readonly name: string;
      readonly exposed: boolean;
    }
  /** A params value a requirement reads, with the value it has (`undefined` when unbound). */
  | {
      readonly id: string;
      readonly type: 'config';
      readonly path: string;
      readonly expected: unknown;
      readonly actual: unknown;
      readonly holds: boolean;
    };

/** An edge of the requirement graph, from a tool (or a required tool) to what it needs. */
export interface RequirementGraphEdge {
  readonly from: string;
  readonly to: string;
  /** `requires`: a requirement leaf; `template`: a description reference; `exclusive`: an exclusivity rule. */
  readonly type: 'requires' | 'template' | 'exclusive';
  /**
   * Whether this one fact holds as the requirement needs it (for `exclusive`: whether the pair is not
   * registered together; under NOT, whether the leaf is false).
   */
  readonly holds: boolean;
  /** The leaf is under NOT: the requirement needs it not to hold. */
  readonly negated?: true;
  /** The tool whose requirement this edge is part of, when it is not `from` (a required tool's parameters). */
  readonly owner?: string;
  /** For `exclusive`: the reason given. */
  readonly reason?: string;
}

/** Tools, what they need (tools, kinds, parameters, params values), exclusivity rules, and what is missing. */
export interface RequirementGraph {
  readonly nodes: readonly RequirementGraphNode[];
  readonly edges: readonly RequirementGraphEdge[];
}
