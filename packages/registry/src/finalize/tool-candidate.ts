import type { RegisteredTool } from '../handle/registered-tool';
import type { Requirement } from '../requirements/requirement';

/** A tool on its way into a snapshot: registered form (description not yet rendered) and what checking it needs. */
export interface ToolCandidate {
  /** The tool, with `description` as written (templates unrendered). */
  readonly tool: RegisteredTool;
  readonly requires: Requirement | undefined;
  /** The class the tool was built from, for finding its params; `undefined` for erased tools. */
  readonly owner: Function | undefined;
}
