import { checkRequirement } from '../requirements/check-requirement';
import type { FinalizeProblem } from './finalize-problem';
import type { ToolRecord } from './tool-record';
import type { ToolWorld } from './tool-world';

/** The requirement problems of a tool set, and the facts they found missing, by the tool that needs them. */
export interface RequirementProblems {
  readonly problems: FinalizeProblem[];
  /** `tool:<name>` / `param:<tool>.<name>` facts a requirement reported, mapped to its problem. */
  readonly missing: Map<string, FinalizeProblem[]>;
  /** The facts each tool's own requirement found missing (its templates do not repeat them). */
  readonly missingOf: Map<ToolRecord, ReadonlySet<string>>;
}

/** Every registered tool's requirement, built or not (all three layers), against the whole set. */
export function checkRequirements(
  records: readonly ToolRecord[],
  world: ToolWorld,
  only: ReadonlySet<string> | undefined,
): RequirementProblems {
  const problems: FinalizeProblem[] = [];
  const missing = new Map<string, FinalizeProblem[]>();
  const missingOf = new Map<ToolRecord, ReadonlySet<string>>();
  const seen = new Set<string>();
  for (let index = 0; index < records.length; index += 1) {
    const record = records[index]!;
    if (record.requires === undefined || (only !== undefined && !only.has(record.name))) continue;
    const verdict = checkRequirement(record.name, record.requires, world);
    if (verdict.holds) continue;
    const found: FinalizeProblem[] = [];
    for (const failure of verdict.failures) {
      // Two registrations of one name with one requirement state one fact: reported once.
      const key = `${failure.message}\n${failure.fix}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const problem: FinalizeProblem = {
        code: 'requirement',
        tool: record.name,
        message: failure.message,
        fix: `${failure.fix}.`,
      };
      found.push(problem);
      problems.push(problem);
    }
    for (const fact of verdict.missing) {
      const list = missing.get(fact);
      if (list === undefined) missing.set(fact, [...found]);
      else list.push(...found);
    }
    missingOf.set(record, new Set(verdict.missing));
  }
  return { problems, missing, missingOf };
}
