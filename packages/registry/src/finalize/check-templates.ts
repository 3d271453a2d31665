import { joinAll } from '../requirements/check-requirement';
import { renderDescription, type TemplateReference } from '../templates/render-description';
import { unterminatedReferences } from '../templates/unterminated-references';
import type { FinalizeProblem } from './finalize-problem';
import type { RequirementProblems } from './check-requirements';
import type { ToolRecord } from './tool-record';
import type { ToolWorld } from './tool-world';

// The unresolved references to one missing fact, with the tools whose descriptions make them.
interface Fact {
  readonly key: string;
  readonly reference: TemplateReference;
  readonly owners: string[];
  readonly texts: string[];
}

/**
 * The description templates of every registered tool, built or not. One missing fact is one problem:
 * references of several descriptions to one missing tool are listed together, and a fact a requirement
 * already reported is added to that problem (`also referred to by …`) instead of repeated.
 */
export function checkTemplates(
  records: readonly ToolRecord[],
  world: ToolWorld,
  requirements: RequirementProblems,
  only: ReadonlySet<string> | undefined,
): {
  problems: FinalizeProblem[];
  amended: Map<FinalizeProblem, FinalizeProblem>;
  rendered: Map<ToolRecord, string>;
} {
  const facts = new Map<string, Fact>();
  const problems: FinalizeProblem[] = [];
  // Each description is rendered once: the text is kept for the tools that are built.
  const rendered = new Map<ToolRecord, string>();
  for (let index = 0; index < records.length; index += 1) {
    const record = records[index]!;
    if (only !== undefined && !only.has(record.name)) continue;
    const { text, references } = renderDescription(record.description, world, true);
    if (record.candidate !== undefined) rendered.set(record, text);
    for (const written of unterminatedReferences(record.description))
      problems.push({
        code: 'template',
        tool: record.name,
        message: `${record.name}'s description has ${written}, a template reference that is not closed with }}.`,
        fix: 'close it: ${{ tools.<name> }} or ${{ params.<tool>.<param> }}.',
      });
    if (references.length === 0) continue;
    const own = requirements.missingOf.get(record);
    for (const reference of references) {
      if (reference.type === 'unknown') {
        problems.push({
          code: 'template',
          tool: record.name,
          message: `${record.name}'s description has the reference ${reference.text}, which is neither tools.<name> nor params.<tool>.<param>.`,
          fix: 'write ${{ tools.<name> }} or ${{ params.<tool>.<param> }}.',
        });
        continue;
      }
      const key = factOf(reference, world);
      if (own?.has(key) === true) continue;
      let fact = facts.get(key);
      if (fact === undefined) {
        fact = { key, reference, owners: [], texts: [] };
        facts.set(key, fact);
        // Placed where the first reference is, so the report keeps registration order.
        problems.push({ code: 'template', message: key, fix: '' });
      }
      if (!fact.owners.includes(record.name)) fact.owners.push(record.name);
      if (!fact.texts.includes(reference.text)) fact.texts.push(reference.text);
    }
  }
  const amended = new Map<FinalizeProblem, FinalizeProblem>();
  const result: FinalizeProblem[] = [];
  for (const problem of problems) {
    const fact = problem.fix === '' ? facts.get(problem.message) : undefined;
    if (fact === undefined) {
      result.push(problem);
      continue;
    }
    const reported = requirements.missing.get(fact.key)?.[0];
    if (reported !== undefined) {
      const previous = amended.get(reported) ?? reported;
      amended.set(reported, { ...previous, message: `${previous.message} ${placesOf(fact, true)}.` });
      continue;
    }
    result.push(templateProblem(fact, world));
  }
  return { problems: result, amended, rendered };
}

function factOf(reference: TemplateReference, world: ToolWorld): string {
  return reference.type === 'param' && world.hasTool(reference.tool)
    ? `param:${reference.tool}.${reference.param}`
    : `tool:${reference.tool}`;
}

function placesOf(fact: Fact, also: boolean): string {
  const owners = fact.owners;
  const whose =
    owners.length === 1 ? `${owners[0]}'s description` : `the descriptions of ${joinAll(owners, 'and')}`;
  return also
    ? `${whose} also ${owners.length === 1 ? 'refers' : 'refer'} to it (${fact.texts.join(', ')})`
    : `${whose} ${owners.length === 1 ? 'refers' : 'refer'} to ${joinAll(fact.texts, 'and')}`;
}

function templateProblem(fact: Fact, world: ToolWorld): FinalizeProblem {
  const { reference } = fact;
  const refers = placesOf(fact, false);
  const several = fact.owners.length > 1 || fact.texts.length > 1;
  const remove = several
    ? 'or take the references out of the descriptions'
    : 'or take the reference out of the description';
  const tool = fact.owners[0]!;
  if (reference.type === 'param' && world.hasTool(reference.tool)) {
    return {
      code: 'template',
      tool,
      message: `${refers}, but ${reference.tool} has no parameter ${reference.param}.`,
      fix: `give ${reference.tool} a parameter ${reference.param}, ${remove}.`,
    };
  }
  return {
    code: 'template',
    tool,
    message:
      reference.type === 'tool' && fact.texts.every((text) => /^\$\{\{\s*tools\./.test(text))
        ? `${refers}, but no tool named ${reference.tool} is registered.`
        : `${refers}, but ${reference.tool} is not registered.`,
    fix: `register ${reference.tool}, ${remove}.`,
  };
}
