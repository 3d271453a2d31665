import type { ArgsModel } from '../model/args-model';
import type { TypeNode } from '../model/args-model';
import { residualPlanOf } from './residual-validation';

/** Whether a model, or a class it reaches, has async validators left to class-validator. */
export function hasAsyncValidators(root: ArgsModel): boolean {
  // Most models reach no class: no walk, no set.
  if (!root.properties.some((property) => nestedModelOf(property.type) !== undefined))
    return root.needsClassValidator && residualPlanOf(root).async;
  const seen = new Set<ArgsModel>([root]);
  const stack = [root];
  while (stack.length > 0) {
    const model = stack.pop()!;
    if (model.needsClassValidator && residualPlanOf(model).async) return true;
    for (const property of model.properties) {
      const nested = nestedModelOf(property.type);
      if (nested !== undefined && !seen.has(nested)) {
        seen.add(nested);
        stack.push(nested);
      }
    }
  }
  return false;
}

/** The class a property's type stands for, looking through arrays. */
function nestedModelOf(node: TypeNode): ArgsModel | undefined {
  while (node.kind === 'array') node = node.items;
  return node.kind === 'object' ? node.model : undefined;
}
