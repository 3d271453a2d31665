import { joinAll } from '../requirements/check-requirement';
import type { ExclusiveRule } from './exclusive-rule';
import type { FinalizeProblem } from './finalize-problem';
import type { ToolWorld } from './tool-world';

/** Tools declared exclusive that are registered together (built or not: both are registered). */
export function checkExclusives(
  exclusives: readonly ExclusiveRule[],
  world: ToolWorld,
  only: ReadonlySet<string> | undefined,
): FinalizeProblem[] {
  const problems: FinalizeProblem[] = [];
  for (const rule of exclusives) {
    const present = rule.names.filter((name) => world.hasTool(name));
    if (present.length < 2) continue;
    if (only !== undefined && !present.some((name) => only.has(name))) continue;
    const names = joinAll(present, 'and');
    problems.push({
      code: 'exclusive',
      tool: present[0],
      message: `${names} are ${present.length === 2 ? 'both' : 'all'} registered, but they are exclusive: ${sentence(rule.reason)}`,
      fix: `register only one of ${names}.`,
    });
  }
  return problems;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
