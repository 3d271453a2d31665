import 'reflect-metadata';
import Ajv from 'ajv';
import fc from 'fast-check';
import { createArgsDecoder } from '../../src/decode/create-args-decoder';
import { ToolError } from '../../src/errors/tool-error';
import type { ArgsModel } from '../../src/model/args-model';
import { getArgsModel } from '../../src/model/build-args-model';
import { schemaOf } from '../../src/schema/schema-of';
import { applyDocumentedCoercions, isPlainObject, stricterThanSchema } from './support/documented-coercions';
import { buildClass, classSpec, NAMES } from './support/generated-classes';
import { junk, objectNear } from './support/near-miss';

// Law (DESIGN "Schemas"): the schema accepts x ⇔ the decoder accepts x, for generated args
// classes and generated JSON values. The only allowed differences, in code below:
//
//   1. The documented coercions — an integer field takes "5"; a boolean field takes "true" and
//      "false"; null for an optional property means absent (and absent means the default) — so
//      ajv judges `applyDocumentedCoercions(x)` where the decoder judges `x`.
//   2. RELIABILITY R3/R6 rules no schema keyword expresses: a string holding a lone surrogate or
//      U+0000, or an integer field holding an integer beyond ±(2^53 − 1). The decoder refuses
//      these whatever the schema says (`stricterThanSchema`).
//
// Nothing else: no formats are generated (ajv-formats is not installed, and formats are
// annotations without it), depth stays far below the decoder's limit of 64, and every value is
// sent as JSON text, as a model sends it.

/**
 * What OpenAI strict output looks like: every property present, an absent optional one as null.
 * (An optional property that is also nullable cannot say "absent" in strict mode: its null is null.)
 */
function asStrictOutput(value: Record<string, unknown>, model: ArgsModel): Record<string, unknown> {
  const out: Record<string, unknown> = { ...value };
  for (const property of model.properties) {
    if (property.optional && !property.nullable && !Object.hasOwn(out, property.name))
      out[property.name] = null;
  }
  return out;
}

/**
 * JSON with sorted keys. With a model, each object must also be an instance of the model's class
 * (nested models followed through the type nodes), else the text says which one is not.
 */
function canonical(value: unknown, model?: ArgsModel): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonical(item)).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (model !== undefined && Object.getPrototypeOf(value) !== model.target.prototype)
    return `<not a ${model.name}>`;
  const record = value as Record<string, unknown>;
  const entries = Object.keys(record)
    .sort()
    .map((key) => {
      let node = model?.byName.get(key)?.type;
      while (node?.kind === 'array') node = node.items;
      const nested = node?.kind === 'object' ? node.model : undefined;
      const item = record[key];
      const text = Array.isArray(item)
        ? `[${item.map((i) => canonical(i, nested)).join(',')}]`
        : canonical(item, nested);
      return `${JSON.stringify(key)}:${text}`;
    });
  return `{${entries.join(',')}}`;
}

describe('schemaOf and the decoder', () => {
  it('agree on every generated value, up to the documented coercions (1,000 generated classes)', () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    const stats = { classes: 0, accepted: 0, rejected: 0, stricter: 0 };
    const cases = classSpec(0).chain((spec) => {
      const argsClass = buildClass(spec);
      const model = getArgsModel(argsClass);
      const values = fc.array(
        fc.oneof(
          { weight: 8, arbitrary: objectNear(model) as fc.Arbitrary<unknown> },
          { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...NAMES), fc.jsonValue({ maxDepth: 3 })) },
          { weight: 1, arbitrary: junk },
        ),
        { minLength: 3, maxLength: 3 },
      );
      return fc.tuple(fc.constant(argsClass), values);
    });
    fc.assert(
      fc.property(cases, ([argsClass, values]) => {
        stats.classes++;
        const model = getArgsModel(argsClass);
        const schema = schemaOf(argsClass);
        const validate = ajv.compile(schema);
        const decode = createArgsDecoder<object>(model);
        for (const generated of values) {
          // Every side judges what the JSON text says (-0 is written as 0, for one).
          const text = JSON.stringify(generated);
          const value: unknown = JSON.parse(text);
          const decoded = decode(text);
          const accepted = !(decoded instanceof ToolError);
          // The same verdict whether the value arrives as text or already parsed. (Plain
          // comparisons first: building expect() diagnostics for 3,000 values is the slow part.)
          if (isPlainObject(value) && decode(value) instanceof ToolError === accepted) {
            expect({ value, asText: accepted }).toEqual({ value, asText: !accepted });
          }
          const stricter = stricterThanSchema(value, model);
          if (stricter !== undefined) {
            stats.stricter++;
            if (accepted) expect({ value, stricter, accepted }).toEqual({ value, stricter, accepted: false });
            continue;
          }
          const schemaAccepts = validate(applyDocumentedCoercions(value, model)) === true;
          if (accepted !== schemaAccepts) {
            const problems = decoded instanceof ToolError ? decoded.issues : null;
            expect({ value, schema, accepted, problems, ajv: validate.errors }).toEqual({
              value,
              schema,
              accepted: schemaAccepts,
              problems,
              ajv: validate.errors,
            });
          }
          if (accepted) {
            stats.accepted++;
            // The instance holds exactly the coerced value, with every object an instance of its class.
            const expected = applyDocumentedCoercions(value, model);
            if (canonical(decoded, model) !== canonical(expected))
              expect(canonical(decoded, model)).toBe(canonical(expected));
            // OpenAI strict output sends null for absent optional properties: same instance.
            const strict = decode(JSON.stringify(asStrictOutput(value as Record<string, unknown>, model)));
            expect(strict).toStrictEqual(decoded);
          } else {
            stats.rejected++;
          }
        }
      }),
      { numRuns: 1000 },
    );
    // The laws is only tested if both verdicts occur often.
    expect(stats.accepted).toBeGreaterThan(300);
    expect(stats.rejected).toBeGreaterThan(300);
  }, 120_000);
});
