import type { ArgsModel } from '../model/args-model';
import { getArgsModel } from '../model/build-args-model';
import type { JsonSchema, SchemaOptions, SchemaTarget } from './json-schema';
import { writeSchema } from './write-schema';

const cache = new WeakMap<ArgsModel, Map<SchemaTarget, JsonSchema>>();

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
  let byTarget = cache.get(model);
  if (!byTarget) {
    byTarget = new Map();
    cache.set(model, byTarget);
  }
  let schema = byTarget.get(target);
  if (!schema) {
    schema = writeSchema(model, target);
    byTarget.set(target, schema);
  }
  return schema;
}
