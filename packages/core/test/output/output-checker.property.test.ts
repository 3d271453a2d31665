import 'reflect-metadata';
import Ajv, { type ErrorObject } from 'ajv';
import fc from 'fast-check';
import { compileModel, generateModelCode } from '../../src/decode/compile-model';
import { createOutputChecker } from '../../src/decode/create-output-checker';
import { getArgsModel } from '../../src/model/build-args-model';
import { schemaOf } from '../../src/schema/schema-of';
import { buildClass, classSpec, NAMES } from '../decode/support/generated-classes';
import { junk, objectNear } from '../decode/support/near-miss';

// Law (docs/output-validation.md): in the output direction the decoder coerces nothing and keeps
// no hostile-input rule of its own, so the output checker accepts x ⇔ the declared output's schema
// accepts x, with no exception: an output produced to match the schema is always served, and one
// the schema refuses never is. Generated output classes and generated values, as JSON carries them,
// checked by the closures and again by the generated code (both decoder implementations).

// ajv tests multipleOf as `q !== parseInt(q)` for the quotient q, which misreads any q of 1e21 or
// more (its string form has an exponent: parseInt('3.3e+299') is 3), so it refuses 1e300 as a
// multiple of 3 although 1e300 % 3 === 0. Such values say nothing about the law and are skipped.
function ajvMisreadsMultipleOf(errors: readonly ErrorObject[] | null | undefined, json: unknown): boolean {
  return (errors ?? []).some((error) => {
    if (error.keyword !== 'multipleOf') return false;
    const step = (error.params as { multipleOf: number }).multipleOf;
    const value = error.instancePath
      .split('/')
      .slice(1)
      .reduce<unknown>(
        (at, key) => (at as Record<string, unknown>)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
        json,
      );
    return typeof value === 'number' && Math.abs(value / step) >= 1e21;
  });
}

describe('the output checker and the output schema', () => {
  it('agree on every generated output (400 generated classes)', () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    const stats = { accepted: 0, rejected: 0 };
    const cases = classSpec(0).chain((spec) => {
      const outputClass = buildClass(spec);
      const model = getArgsModel(outputClass);
      const values = fc.array(
        fc.oneof(
          { weight: 8, arbitrary: objectNear(model) as fc.Arbitrary<unknown> },
          { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...NAMES), fc.jsonValue({ maxDepth: 3 })) },
          { weight: 1, arbitrary: junk },
        ),
        { minLength: 3, maxLength: 3 },
      );
      return fc.tuple(fc.constant(outputClass), values);
    });
    fc.assert(
      fc.property(cases, ([outputClass, values]) => {
        const validate = ajv.compile(schemaOf(outputClass));
        const model = getArgsModel(outputClass);
        const check = createOutputChecker(model);
        const generatedCode = (): void => void generateModelCode(compileModel(model));
        for (const generated of [...values, generatedCode, ...values]) {
          if (typeof generated === 'function') {
            generated();
            continue;
          }
          const json: unknown = JSON.parse(JSON.stringify(generated));
          const issues = check(json);
          const accepted = issues === undefined;
          const schemaAccepts = validate(json) === true;
          if (ajvMisreadsMultipleOf(validate.errors, json)) continue;
          if (accepted !== schemaAccepts) {
            expect({ json, accepted, issues, ajv: validate.errors }).toEqual({
              json,
              accepted: schemaAccepts,
              issues,
              ajv: validate.errors,
            });
          }
          if (accepted) stats.accepted++;
          else stats.rejected++;
        }
      }),
      { numRuns: 400 },
    );
    expect(stats.accepted).toBeGreaterThan(100);
    expect(stats.rejected).toBeGreaterThan(100);
  }, 120_000);
});
