import type { FinalizeProblem } from '@toolwright/registry';
import type { SourceLocation } from './locate-problem';

/** The `--json` output of `toolwright validate`: a stable shape for machines. */
export interface ValidateReport {
  readonly ok: boolean;
  /** The tools registered (or that would be, when there are problems), in registration order. */
  readonly tools: readonly string[];
  readonly problems: readonly {
    readonly code: string;
    readonly tool?: string;
    readonly message: string;
    readonly fix: string;
    /** Where in the source the problem points, when it is known (relative to the working directory). */
    readonly file?: string;
    readonly line?: number;
  }[];
}

/** The `--json` report of a finalize. */
export function validateReport(
  tools: readonly string[],
  problems: readonly FinalizeProblem[],
  locate: (problem: FinalizeProblem) => SourceLocation | undefined = () => undefined,
): ValidateReport {
  return {
    ok: problems.length === 0,
    tools: [...tools],
    problems: problems.map((problem) => ({
      code: problem.code,
      ...(problem.tool === undefined ? {} : { tool: problem.tool }),
      message: problem.message,
      fix: problem.fix,
      ...locate(problem),
    })),
  };
}
