import type { ArgsModel, PropertyModel } from './args-model';

const indexes = new WeakMap<ArgsModel, ReadonlyMap<string, PropertyModel>>();

// One shared getter for every model: a getter made per model would make each model an object of its
// own kind, and code reading models slower the more tools there are.
const BY_NAME: PropertyDescriptor = { get: byNameOf, enumerable: true, configurable: true };

/**
 * Gives a model being built its `byName`: an accessor that indexes the properties on first read.
 * The runtime never reads it (the decoder compiles its own index), so most models never pay for a
 * Map, which weighs more than the rest of a small model.
 */
export function defineByName(model: object): void {
  Object.defineProperty(model, 'byName', BY_NAME);
}

function byNameOf(this: ArgsModel): ReadonlyMap<string, PropertyModel> {
  const known = indexes.get(this);
  if (known !== undefined) return known;
  const index = new Map<string, PropertyModel>();
  for (let i = 0; i < this.properties.length; i += 1) {
    const property = this.properties[i]!;
    index.set(property.name, property);
  }
  // Kept once the model is complete (frozen): a model still being built may gain properties.
  if (Object.isFrozen(this)) indexes.set(this, index);
  return index;
}
