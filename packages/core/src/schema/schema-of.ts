import type { ArgsModel } from '../model/args-model';
import { getArgsModel } from '../model/build-args-model';
import type { JsonSchema, SchemaOptions, SchemaTarget } from './json-schema';
import { writeSchema } from './write-schema';

// One cache per target: a Map per model would cost more than the schema it holds.
const caches: Readonly<Record<SchemaTarget, WeakMap<ArgsModel, JsonSchema>>> = {
  default: new WeakMap(),
  'openai-strict': new WeakMap(),
};

/**
 * The JSON Schema of an args class: an object schema with every class inlined (recursive classes go to
 * `$defs`), `required` listing exactly the non-optional properties and `additionalProperties: false`.
 * Computed once per class and target; the same frozen object is returned each time. Throws the
 * model's `ToolDefinitionError` when the class cannot describe tool arguments.
 */
export function schemaOf(argsClass: Function, options?: SchemaOptions): JsonSchema {
  return schemaOfModel(getArgsModel(argsClass), options);
}

/** The JSON Schema of a built args model (e.g. the synthetic model of a method's inline parameters), cached. */
export function schemaOfModel(model: ArgsModel, options?: SchemaOptions): JsonSchema {
  const target = options?.target ?? 'default';
  if (target !== 'default' && target !== 'openai-strict') {
    throw new TypeError(`Unknown schema target '${String(target)}'; use 'default' or 'openai-strict'.`);
  }
  const cache = caches[target];
  let schema = cache.get(model);
  if (!schema) {
    schema = writeSchema(model, target);
    cache.set(model, schema);
  }
  return schema;
}
