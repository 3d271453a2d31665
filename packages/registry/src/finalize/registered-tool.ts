import type { ErasedTool, JsonSchema } from '@toolwright/core';
import type { ToolKind } from '../taxonomy/tool-kind';
import type { ToolNamespace } from '../taxonomy/tool-namespace';
import type { Requirement } from '../requirements/requirement';

/** Behaviour hints of a registered tool, resolved: every one explicit. */
export interface ResolvedAnnotations {
  readonly destructive: boolean;
  readonly idempotent: boolean;
  readonly openWorld: boolean;
}

/** One tool of a finalized registry: its resolved definition (description rendered) and its erased form. */
export interface RegisteredTool {
  readonly name: string;
  readonly title?: string;
  /** The description with its templates rendered. */
  readonly description: string;
  readonly kind: ToolKind;
  /** `toolLabel(kind)`. */
  readonly label: string;
  readonly namespace: ToolNamespace;
  /** Whether calls only observe; an agent may run read-only calls of one turn concurrently. */
  readonly readOnly: boolean;
  readonly annotations: ResolvedAnnotations;
  readonly inputSchema: JsonSchema;
  /** The OpenAI strict-mode form of `inputSchema`, when the tool's args class gives one (core's `openai-strict` target). */
  readonly strictInputSchema?: JsonSchema;
  readonly outputSchema?: JsonSchema;
  /** The model-visible argument names, in schema order. */
  readonly parameters: readonly string[];
  /** Where the tool came from, for messages: `ReadFile`, `GitHubService.listIssues`, `dynamic`. */
  readonly source: string;
  /** The erased tool (the guard wraps its `execute`). */
  readonly erased: ErasedTool;
  /**
   * Whether the definition stays out of model requests until a tool search loads it: the tool's
   * `deferLoading`, the registration's, or the registry's (docs/tool-search.md).
   */
  readonly deferLoading: boolean;
  /** What the tool declared it requires (`@Tool({ requires })`); a loaded tool brings the tools it names. */
  readonly requires?: Requirement;
}
