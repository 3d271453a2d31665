import { evaluate } from '@toolwright/expr';
import type { RegisteredTool } from '../finalize/registered-tool';
import type { Requirement, RequirementLeaf } from '../requirements/requirement';

/** What the closure reads of a tool set. */
export interface ClosureSource {
  readonly tools: readonly RegisteredTool[];
  get(name: string): RegisteredTool | undefined;
}

/**
 * The registered tools among `names` with every tool they require, transitively, in registration
 * order: a loaded tool brings what its `requires` names (`requiresTool`), and, for `requiresKind`,
 * a tool of that kind when none is loaded or always sent. Of an `or`, the first alternative whose
 * tools are all registered is taken (a requirement that held at finalize has one); a requirement
 * under `not` brings nothing. Unregistered names are left out.
 */
export function requiredToolClosure(source: ClosureSource, names: Iterable<string>): readonly string[] {
  const included = new Set<string>();
  const queue: RegisteredTool[] = [];
  const include = (tool: RegisteredTool | undefined): void => {
    if (tool === undefined || included.has(tool.name)) return;
    included.add(tool.name);
    queue.push(tool);
  };
  for (const name of names) if (typeof name === 'string') include(source.get(name));
  const hasKind = (kind: string): boolean =>
    source.tools.some((tool) => tool.kind === kind && (!tool.deferLoading || included.has(tool.name)));
  const registered = (leaf: RequirementLeaf): boolean =>
    leaf.type === 'tool'
      ? source.get(leaf.name) !== undefined
      : leaf.type === 'kind'
        ? source.tools.some((tool) => tool.kind === leaf.kind)
        : true;
  const bring = (requirement: Requirement): void => {
    switch (requirement.type) {
      case 'value': {
        const leaf = requirement.leaf;
        if (leaf.type === 'tool') include(source.get(leaf.name));
        else if (leaf.type === 'kind' && !hasKind(leaf.kind))
          include(source.tools.find((tool) => tool.kind === leaf.kind));
        return;
      }
      case 'and':
        for (const operand of requirement.operands) bring(operand);
        return;
      case 'or': {
        const chosen = requirement.operands.find((operand) => evaluate(operand, registered));
        if (chosen !== undefined) bring(chosen);
        return;
      }
      default:
        // `not`, `true`, `false`: nothing to bring.
        return;
    }
  };
  for (let index = 0; index < queue.length; index++) {
    const requires = queue[index]!.requires;
    if (requires !== undefined) bring(requires);
  }
  return Object.freeze(source.tools.filter((tool) => included.has(tool.name)).map((tool) => tool.name));
}
