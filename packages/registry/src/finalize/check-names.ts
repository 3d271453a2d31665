import { toolNameProblem } from '@toolwright/core/internal';
import { joinAll } from '../requirements/check-requirement';
import type { FinalizeProblem } from './finalize-problem';
import type { ToolRecord } from './tool-record';

const COUNTS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/**
 * Name validity and uniqueness over every registered tool, built or not (two tools that both cannot
 * be built still collide): one problem per invalid name, one per name registered more than once.
 */
export function checkNames(
  records: readonly ToolRecord[],
  firstOf: (name: string) => ToolRecord | undefined,
): FinalizeProblem[] {
  const problems: FinalizeProblem[] = [];
  let others: Map<string, ToolRecord[]> | undefined;
  for (let index = 0; index < records.length; index += 1) {
    const record = records[index]!;
    const nameProblem = toolNameProblem(record.name);
    if (nameProblem !== undefined) {
      problems.push({
        code: 'invalid_name',
        tool: record.name,
        message: `${record.source}: ${nameProblem.message}`,
        fix: nameProblem.fix,
      });
    }
    if (firstOf(record.name) !== record) {
      others ??= new Map();
      const list = others.get(record.name);
      if (list === undefined) others.set(record.name, [record]);
      else list.push(record);
    }
  }
  if (others === undefined) return problems;
  const duplicates: FinalizeProblem[] = [];
  for (const [name, rest] of others) {
    const all = [firstOf(name)!, ...rest];
    const count = COUNTS[all.length] ?? String(all.length);
    duplicates.push({
      code: 'duplicate_name',
      tool: name,
      message: `${count} tools are named ${name}: ${joinAll(
        all.map((record) => record.source),
        'and',
      )}.`,
      fix:
        all.length === 2
          ? 'rename one of them, or register only one.'
          : 'rename all but one, or register only one.',
    });
  }
  return [...duplicates, ...problems];
}
