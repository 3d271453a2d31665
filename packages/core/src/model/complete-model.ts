import type { ArgsModel, PropertyModel } from './args-model';
import { defineByName } from './by-name-index';
import type { DefinitionProblem } from './definition-problem';

// Shared by every model before its properties are in.
const NONE: readonly never[] = Object.freeze([]);

/** An args model while it is built (registered before its properties, so recursion resolves). */
export type MutableModel = { -readonly [K in keyof ArgsModel]: ArgsModel[K] };

export function newModel(target: Function, name: string, transformer: boolean): MutableModel {
  const model = { target, name, properties: NONE } as Partial<MutableModel>;
  // Between properties and needsClassValidator: the keys keep their order.
  defineByName(model);
  model.needsClassValidator = false;
  model.usesClassTransformer = transformer;
  return model as MutableModel;
}

export function completeModel(
  model: MutableModel,
  properties: PropertyModel[],
  problems: DefinitionProblem[],
): ArgsModel {
  // The properties without the ones whose name an earlier one has: made only when one is dropped.
  let kept: PropertyModel[] | undefined;
  let needsClassValidator = false;
  for (let i = 0; i < properties.length; i += 1) {
    const property = properties[i]!;
    if (property.residualValidators.length > 0) needsClassValidator = true;
    if (nameTakenBefore(properties, i)) {
      problems.push({
        code: 'conflicting_params',
        where: `${model.name}.${property.property}`,
        message: `two arguments are both named '${property.name}'.`,
        fix: 'give each argument a distinct name.',
      });
      kept ??= properties.slice(0, i);
      continue;
    }
    kept?.push(property);
  }
  // A copy sized to its contents: the pushed list keeps spare room.
  model.properties = Object.freeze((kept ?? properties).slice());
  model.needsClassValidator = needsClassValidator;
  return Object.freeze(model);
}

/** Whether a property before `index` has the same name (then it, or an earlier one, is kept). */
function nameTakenBefore(properties: readonly PropertyModel[], index: number): boolean {
  const name = properties[index]!.name;
  for (let i = 0; i < index; i += 1) if (properties[i]!.name === name) return true;
  return false;
}
