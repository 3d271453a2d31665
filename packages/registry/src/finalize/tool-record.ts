import type { ToolKind } from '../taxonomy/tool-kind';
import type { ToolNamespace } from '../taxonomy/tool-namespace';
import type { Requirement } from '../requirements/requirement';
import type { ToolCandidate } from './tool-candidate';

/**
 * One registered tool as finalize knows it, whether or not it could be built: what its definition
 * declares (name, kind, namespace, parameters, description template, requirement) is checked for
 * every record, and only the tools that were built (`candidate`) go into the finalized set.
 */
export interface ToolRecord {
  /** The declared name (as a string, for messages, even when it is not a valid one). */
  readonly name: string;
  /** Where it came from, for messages: `ReadFile`, `GitHubService.listIssues`. */
  readonly source: string;
  /** The declared kind when valid (else `other`, and a problem). */
  readonly kind: ToolKind;
  /** The resolved namespace, `undefined` when the declared one is invalid. */
  readonly namespace: ToolNamespace | undefined;
  /** The argument names its definition exposes. */
  readonly parameters: readonly string[];
  /** The description as written (templates unrendered). */
  readonly description: string;
  readonly requires: Requirement | undefined;
  /** The class it was declared on, for finding its params; `undefined` for erased and function tools. */
  readonly owner: Function | undefined;
  /** Name, kind, namespace and requirement shape are valid. */
  readonly valid: boolean;
  /** The tool, built; `undefined` while it cannot be built (or its registration is invalid). */
  candidate: ToolCandidate | undefined;
  /** What it lacks to be built, in words (`Workspace, which is not bound`), for the graph. */
  readonly lacks: string[];
  /** For a tool built asynchronously: settles when its build has (see `finalizeAsync`). */
  pending?: Promise<unknown>;
}
