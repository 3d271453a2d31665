import { type ArgsModel, type JsonSchema } from '@toolwright/core';
import { schemaOfModel } from '@toolwright/core/internal';

// The args model a tool's strict-mode schema is written from: non-enumerable, so copies and
// comparisons of registered tools see only `strictInputSchema`.
const STRICT_ARGS = Symbol('toolwright.strictArgs');

// One getter shared by every tool: a getter made per tool makes each registered tool an object of
// its own kind, and every later read of a tool's properties slows down with the number of tools.
const STRICT_INPUT_SCHEMA: PropertyDescriptor = Object.freeze({
  get(this: { readonly [STRICT_ARGS]: ArgsModel }): JsonSchema | undefined {
    return strictSchemaOf(this[STRICT_ARGS]);
  },
  enumerable: true,
  configurable: false,
});

/**
 * Gives a registered tool (not yet frozen) its `strictInputSchema`, written when first read
 * (rendering 'openai-strict' definitions), not at finalize: most registries never send strict schemas.
 */
export function defineStrictInputSchema(tool: object, args: ArgsModel): void {
  Object.defineProperty(tool, STRICT_ARGS, { value: args });
  Object.defineProperty(tool, 'strictInputSchema', STRICT_INPUT_SCHEMA);
}

// Core writes the strict-mode schema of an args class itself (cached per class); a class it cannot
// write one for is remembered here. Erased tools get the registry's conversion when rendered.
const strictSchemas = new WeakMap<ArgsModel, JsonSchema | null>();

function strictSchemaOf(args: ArgsModel): JsonSchema | undefined {
  let strict = strictSchemas.get(args);
  if (strict === undefined) {
    try {
      strict = schemaOfModel(args, { target: 'openai-strict' });
    } catch {
      strict = null;
    }
    strictSchemas.set(args, strict);
  }
  return strict ?? undefined;
}
