import type { Resources } from '@toolwright/resources';
import type { RegisteredTool } from '../handle/registered-tool';
import { withDefinition } from '../handle/with-definition';
import { checkRequirement, joinAll } from '../requirements/check-requirement';
import { renderDescription, type TemplateReference } from '../templates/render-description';
import { unterminatedReferences } from '../templates/unterminated-references';
import type { ExclusiveRule } from './exclusive-rule';
import type { FinalizeProblem } from './finalize-problem';
import type { ToolCandidate } from './tool-candidate';
import { ToolWorld, type BoundParams, type WorldTool } from './tool-world';

/** The checked tool set: unique tools with rendered descriptions, in registration order, and the problems found. */
export interface CheckedToolSet {
  readonly tools: readonly RegisteredTool[];
  readonly candidates: readonly ToolCandidate[];
  readonly world: ToolWorld;
  readonly problems: readonly FinalizeProblem[];
}

/** What `checkToolSet` checks against. */
export interface ToolSetContext {
  readonly exclusives: readonly ExclusiveRule[];
  readonly boundParams: BoundParams;
  readonly resources: Resources;
  /** Tools that were read but could not be built (count as registered, so nothing is reported twice). */
  readonly phantoms?: readonly WorldTool[];
  /** Check requirements and templates of these tools only (run-time additions); all when absent. */
  readonly only?: ReadonlySet<string>;
}

/**
 * Checks a whole tool set in one linear pass: unique names (a duplicate names both definitions),
 * each tool's requirement, its description templates (rendered with the names actually registered)
 * and the exclusivity rules.
 */
export function checkToolSet(candidates: readonly ToolCandidate[], context: ToolSetContext): CheckedToolSet {
  // The world keeps the first tool of each name, so it is also the index duplicates are found with.
  const world = new ToolWorld(candidates, context.boundParams, context.resources, context.phantoms);
  // Duplicates are reported first, then what each tool needs, then the exclusivity rules.
  const duplicates: FinalizeProblem[] = [];
  const problems: FinalizeProblem[] = [];
  const tools: RegisteredTool[] = [];
  const kept: ToolCandidate[] = [];
  // Indexed loops: finalize runs cold, where for…of allocates an iterator result per element.
  for (let index = 0; index < candidates.length; index += 1) {
    const candidate = candidates[index]!;
    const first = world.entry(candidate.tool.name) as ToolCandidate;
    if (first !== candidate) {
      const name = candidate.tool.name;
      duplicates.push({
        code: 'duplicate_name',
        tool: name,
        message: `two tools are named ${name}: ${first.tool.source} and ${candidate.tool.source}.`,
        fix: `rename one of them, or register only one.`,
      });
      continue;
    }
    const { tool } = candidate;
    const checked = context.only === undefined || context.only.has(tool.name);
    let missing: ReadonlySet<string> = NOTHING;
    if (checked && candidate.requires !== undefined) {
      const verdict = checkRequirement(tool.name, candidate.requires, world);
      if (!verdict.holds) {
        for (const failure of verdict.failures)
          problems.push({
            code: 'requirement',
            tool: tool.name,
            message: failure.message,
            fix: `${failure.fix}.`,
          });
        missing = new Set(verdict.missing);
      }
    }
    const rendered = renderDescription(tool.description, world, true);
    if (checked) {
      const { references } = rendered;
      for (let at = 0; at < references.length; at += 1) {
        const reference = references[at]!;
        if (missing.has(factOf(reference))) continue;
        problems.push(templateProblem(tool.name, reference, world));
      }
      for (const written of unterminatedReferences(tool.description))
        problems.push({
          code: 'template',
          tool: tool.name,
          message: `${tool.name}'s description has ${written}, a template reference that is not closed with }}.`,
          fix: 'close it: ${{ tools.<name> }} or ${{ params.<tool>.<param> }}.',
        });
    }
    const final = resolved(tool, rendered.text);
    tools.push(final);
    kept.push(final === candidate.tool ? candidate : { ...candidate, tool: final });
  }
  for (const rule of context.exclusives) {
    const present = rule.names.filter((name) => world.hasTool(name));
    if (present.length < 2) continue;
    if (context.only !== undefined && !present.some((name) => context.only!.has(name))) continue;
    const names = joinAll(present, 'and');
    problems.push({
      code: 'exclusive',
      tool: present[0],
      message: `${names} are ${present.length === 2 ? 'both' : 'all'} registered, but they are exclusive: ${sentence(rule.reason)}`,
      fix: `register only one of ${joinAll(present, 'and')}.`,
    });
  }
  return {
    tools,
    candidates: kept,
    world,
    problems: duplicates.length === 0 ? problems : [...duplicates, ...problems],
  };
}

const NOTHING: ReadonlySet<string> = new Set();

// The tool, frozen, with its rendered description and its erased definition agreeing with what the
// registry resolved (namespace, kind, read-only), so hosts that read `erased.definition` see the same.
// A tool fresh from `register` is completed in place; one already frozen (in a snapshot) is copied.
function resolved(tool: RegisteredTool, description: string): RegisteredTool {
  const definition = tool.erased.definition;
  const agrees =
    definition.description === description &&
    definition.namespace === tool.namespace &&
    definition.kind === tool.kind &&
    definition.readOnly === tool.readOnly;
  const erased = agrees ? tool.erased : withDefinition(tool.erased, description, tool);
  if (Object.isFrozen(tool)) {
    return agrees && tool.description === description
      ? tool
      : Object.freeze({ ...tool, description, erased });
  }
  const fresh = tool as { -readonly [K in keyof RegisteredTool]: RegisteredTool[K] };
  fresh.description = description;
  fresh.erased = erased;
  return Object.freeze(fresh);
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function factOf(reference: TemplateReference): string {
  return reference.type === 'param' ? `param:${reference.tool}.${reference.param}` : `tool:${reference.tool}`;
}

function templateProblem(owner: string, reference: TemplateReference, world: ToolWorld): FinalizeProblem {
  const refers = `${owner}'s description refers to ${reference.text}`;
  const remove = 'or take the reference out of the description';
  switch (reference.type) {
    case 'tool':
      return {
        code: 'template',
        tool: owner,
        message: `${refers}, but no tool named ${reference.tool} is registered.`,
        fix: `register ${reference.tool}, ${remove}.`,
      };
    case 'param':
      return world.hasTool(reference.tool)
        ? {
            code: 'template',
            tool: owner,
            message: `${refers}, but ${reference.tool} has no parameter ${reference.param}.`,
            fix: `give ${reference.tool} a parameter ${reference.param}, ${remove}.`,
          }
        : {
            code: 'template',
            tool: owner,
            message: `${refers}, but ${reference.tool} is not registered.`,
            fix: `register ${reference.tool}, ${remove}.`,
          };
    case 'unknown':
      return {
        code: 'template',
        tool: owner,
        message: `${owner}'s description has the reference ${reference.text}, which is neither tools.<name> nor params.<tool>.<param>.`,
        fix: 'write ${{ tools.<name> }} or ${{ params.<tool>.<param> }}.',
      };
  }
}
