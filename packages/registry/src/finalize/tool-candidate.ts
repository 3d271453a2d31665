import type { RegisteredTool } from './registered-tool';
import type { Requirement } from '../requirements/requirement';

/** A tool on its way into a snapshot: registered form (description not yet rendered) and what checking it needs. */
export interface ToolCandidate {
  /** The tool, with `description` as written (templates unrendered) until it is checked. */
  readonly tool: RegisteredTool;
  readonly requires: Requirement | undefined;
  /** The class the tool was built from, for finding its params; `undefined` for erased tools. */
  readonly owner: Function | undefined;
  /** The description as written, so a run-time change can render it again. */
  readonly template: string;
}
