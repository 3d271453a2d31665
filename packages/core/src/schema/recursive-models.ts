import type { ArgsModel } from '../model/args-model';
import type { TypeNode } from '../model/args-model';

/**
 * The models reachable from `root` (root included) that reference themselves, directly or through
 * other classes. Only these cannot be inlined; a schema puts them in `$defs`.
 */
export function findRecursiveModels(root: ArgsModel): ReadonlySet<ArgsModel> {
  const edges = new Map<ArgsModel, ReadonlySet<ArgsModel>>();
  const toVisit = [root];
  for (let model = toVisit.pop(); model; model = toVisit.pop()) {
    if (edges.has(model)) continue;
    const next = new Set(model.properties.map((p) => objectModelOf(p.type)).filter((m) => m !== undefined));
    edges.set(model, next);
    toVisit.push(...next);
  }
  const recursive = new Set<ArgsModel>();
  for (const model of edges.keys()) if (reaches(edges, model, model)) recursive.add(model);
  return recursive;
}

/** The class model a type node stands for, looking through arrays; `undefined` for a value type. */
export function objectModelOf(node: TypeNode): ArgsModel | undefined {
  let current = node;
  while (current.kind === 'array') current = current.items;
  return current.kind === 'object' ? current.model : undefined;
}

function reaches(
  edges: ReadonlyMap<ArgsModel, ReadonlySet<ArgsModel>>,
  from: ArgsModel,
  to: ArgsModel,
): boolean {
  const seen = new Set<ArgsModel>();
  const toVisit = [...(edges.get(from) ?? [])];
  for (let model = toVisit.pop(); model; model = toVisit.pop()) {
    if (model === to) return true;
    if (seen.has(model)) continue;
    seen.add(model);
    toVisit.push(...(edges.get(model) ?? []));
  }
  return false;
}
