import type { Resources } from '@toolwright/resources';
import type { RegisteredTool } from './registered-tool';
import { withDefinition } from './with-definition';
import { renderDescription } from '../templates/render-description';
import { checkExclusives } from './check-exclusives';
import { checkNames } from './check-names';
import { checkRequirements } from './check-requirements';
import { checkTemplates } from './check-templates';
import type { ExclusiveRule } from './exclusive-rule';
import type { FinalizeProblem } from './finalize-problem';
import type { ToolCandidate } from './tool-candidate';
import type { ToolRecord } from './tool-record';
import { ToolWorld, type BoundParams } from './tool-world';

/** The checked tool set: the built, unique tools with rendered descriptions, and every problem found. */
export interface CheckedToolSet {
  readonly tools: readonly RegisteredTool[];
  readonly candidates: readonly ToolCandidate[];
  /** Every registered tool, built or not, in registration order. */
  readonly records: readonly ToolRecord[];
  /** The names registered (built or not), each once, in registration order. */
  readonly registered: readonly string[];
  readonly world: ToolWorld;
  readonly problems: readonly FinalizeProblem[];
}

/** What `checkToolSet` checks against. */
export interface ToolSetContext {
  readonly exclusives: readonly ExclusiveRule[];
  readonly boundParams: BoundParams;
  readonly resources: Resources;
  /** Check these tools only (run-time additions, and the tools a removal affects); all when absent. */
  readonly only?: ReadonlySet<string>;
}

/**
 * Checks a whole tool set in one linear pass over every registered tool, built or not — names,
 * requirements (all three layers), description templates, exclusivity: each check is a function of
 * its own over the records — then renders the descriptions of the tools that were built.
 */
export function checkToolSet(records: readonly ToolRecord[], context: ToolSetContext): CheckedToolSet {
  const { only } = context;
  // The world keeps the first tool of each name, so it is also the index duplicates are found with.
  const world = new ToolWorld(records, context.boundParams, context.resources);
  const firstOf = (name: string): ToolRecord | undefined => world.entry(name) as ToolRecord | undefined;
  let names = checkNames(records, firstOf);
  if (only !== undefined) names = names.filter((problem) => only.has(problem.tool!));
  const requirements = checkRequirements(records, world, only);
  const templates = checkTemplates(records, world, requirements, only);
  const exclusive = checkExclusives(context.exclusives, world, only);

  const tools: RegisteredTool[] = [];
  const kept: ToolCandidate[] = [];
  const registered: string[] = [];
  // Indexed loops: finalize runs cold, where for…of allocates an iterator result per element.
  for (let index = 0; index < records.length; index += 1) {
    const record = records[index]!;
    if (firstOf(record.name) !== record) continue;
    registered.push(record.name);
    const candidate = record.candidate;
    if (candidate === undefined) continue;
    const text = templates.rendered.get(record) ?? renderDescription(candidate.template, world).text;
    const final = resolved(candidate.tool, text);
    tools.push(final);
    kept.push(final === candidate.tool ? candidate : { ...candidate, tool: final });
  }
  const problems = [
    ...names,
    ...requirements.problems.map((problem) => templates.amended.get(problem) ?? problem),
    ...templates.problems,
    ...exclusive,
  ];
  return { tools, candidates: kept, records, registered, world, problems };
}

/** The record of a tool already in a snapshot, to check it again with run-time changes. */
export function recordOf(candidate: ToolCandidate): ToolRecord {
  const { tool } = candidate;
  return {
    name: tool.name,
    source: tool.source,
    kind: tool.kind,
    namespace: tool.namespace,
    parameters: tool.parameters,
    description: candidate.template,
    requires: candidate.requires,
    owner: candidate.owner,
    valid: true,
    candidate,
    lacks: [],
  };
}

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
