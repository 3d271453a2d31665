import 'reflect-metadata';
import fc from 'fast-check';
import { createArgsDecoder } from '../../src/decode/create-args-decoder';
import { ToolError } from '../../src/errors/tool-error';
import type { ArgsModel, TypeNode } from '../../src/model/args-model';
import { getArgsModel } from '../../src/model/build-args-model';
import { schemaOf } from '../../src/schema/schema-of';
import { loadDecoderModules, type DecoderModules } from './support/decoder-modules';
import { buildClass, classSpec, type ClassSpec } from './support/generated-classes';
import { objectNear } from './support/near-miss';

// Laws of `@Param({ lenient })` (docs/tools-and-params.md), on generated args classes built twice
// from one spec: strict, and with every built-in lenient decoder that fits a property (numbers
// from numeric strings, arrays from comma-separated strings, nested classes from JSON text).
//
//   1. Narrow: whatever the lenient class accepts, the strict class accepts in its canonical form
//      (the instance as JSON), with an equal instance: leniency never accepts what the declared
//      rule rejects.
//   2. Conservative: whatever the strict class accepts, the lenient class decodes identically.
//   3. Schema-honest: the two classes have the same JSON Schema.
//   4. On every path: the closures, the generated code and the text scanner give the same outcome.

type Outcome = { readonly instance: string } | { readonly kind: string; readonly text: string };

function outcome(decoded: unknown): Outcome {
  // Decoders from other module registries: their rejection class is not this one.
  const result = isRejection(decoded) ? decoded.toError() : decoded;
  return ToolError.is(result)
    ? { kind: result.kind, text: result.modelText }
    : { instance: JSON.stringify(result) };
}

/** Values sent in the alternative forms the lenient decoders read, at the top level. */
function alternativeForms(
  value: Record<string, unknown>,
  model: ArgsModel,
): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.keys(value).map((key) => {
    const type = model.byName.get(key)?.type;
    const sent = value[key];
    const forms: fc.Arbitrary<unknown>[] = [fc.constant(sent)];
    if (type !== undefined) forms.push(...alternativesOf(type, sent));
    return fc.oneof(...forms).map((form) => [key, form] as const);
  });
  return fc.tuple(...entries).map((pairs) => Object.fromEntries(pairs));
}

function alternativesOf(type: TypeNode, sent: unknown): fc.Arbitrary<unknown>[] {
  if (type.kind === 'number' && typeof sent === 'number') {
    return [
      fc.constant(String(sent)),
      fc.constantFrom(`${sent}.0`, ` ${sent}`, `+${sent}`, `${sent}e0`, 'ten'),
    ];
  }
  if (Array.isArray(sent)) {
    const forms: fc.Arbitrary<unknown>[] = [fc.constant(JSON.stringify(sent))];
    if (sent.every((item) => typeof item !== 'object' || item === null)) {
      forms.push(fc.constantFrom(sent.join(','), sent.join(', '), ` ${sent.join(' ,')} `));
      forms.push(fc.constant(sent.map((item) => (typeof item === 'number' ? String(item) : item))));
    }
    return forms;
  }
  if (typeof sent === 'object' && sent !== null) {
    const text = JSON.stringify(sent);
    return [fc.constant(text), fc.constant(`${text.slice(0, -1)}`), fc.constant(` ${text}`)];
  }
  return [];
}

interface Twins {
  readonly strict: Function;
  readonly lenient: Function;
}

function twins(spec: ClassSpec): Twins {
  return { strict: buildClass(spec), lenient: buildClass(spec, { lenient: true }) };
}

const cases = classSpec(0).chain((spec) => {
  const { strict, lenient } = twins(spec);
  const model = getArgsModel(strict);
  const values = fc.array(
    objectNear(model).chain((value) => alternativeForms(value, model)),
    { minLength: 4, maxLength: 4 },
  );
  return fc.tuple(fc.constant({ strict, lenient }), values);
});

describe('@Param({ lenient }) on generated classes', () => {
  it('accepts only what the declared rule accepts in canonical form, and canonical input as without it', () => {
    let widened = 0;
    let accepted = 0;
    fc.assert(
      fc.property(cases, ([{ strict, lenient }, values]) => {
        const strictDecode = createArgsDecoder(getArgsModel(strict), { toolName: 't' });
        const lenientDecode = createArgsDecoder(getArgsModel(lenient), { toolName: 't' });
        for (const value of values) {
          for (const raw of [JSON.stringify(value), value]) {
            const strictOutcome = outcome(strictDecode(raw));
            const lenientOutcome = outcome(lenientDecode(raw));
            if ('instance' in strictOutcome) {
              accepted++;
              expect(lenientOutcome).toStrictEqual(strictOutcome);
            }
            if ('instance' in lenientOutcome) {
              const canonical = outcome(strictDecode(lenientOutcome.instance));
              expect(canonical).toStrictEqual(lenientOutcome);
              if (!('instance' in strictOutcome)) widened++;
            }
          }
        }
      }),
      { numRuns: 300 },
    );
    // The laws held on both kinds of input: canonical, and alternative forms read.
    expect(accepted).toBeGreaterThan(100);
    expect(widened).toBeGreaterThan(50);
  }, 120_000);

  it('leaves the schema as it is: the model is shown the canonical form only', () => {
    fc.assert(
      fc.property(classSpec(0), (spec) => {
        const { strict, lenient } = twins(spec);
        expect(schemaOf(lenient)).toEqual(schemaOf(strict));
      }),
      { numRuns: 100 },
    );
  });
});

/** The class's model, compiled by `loaded` (with generated code when it allows it). */
function modelOf(loaded: DecoderModules, argsClass: Function): ArgsModel {
  const model = loaded.getArgsModel(argsClass);
  loaded.compileModel(model);
  return model;
}

describe('@Param({ lenient }) on every decoder path', () => {
  it('decodes alike on the closures, the generated code and the text scanner', () => {
    const generated = loadDecoderModules(true);
    const closures = loadDecoderModules(false);
    const limits = closures.resolveDecodeLimits({});
    fc.assert(
      fc.property(cases, ([{ lenient }, values]) => {
        const fast = generated.createArgsDecoder(modelOf(generated, lenient), { toolName: 't' });
        const slow = closures.createArgsDecoder(modelOf(closures, lenient), { toolName: 't' });
        const compiled = closures.compileModel(closures.getArgsModel(lenient));
        const scanner = closures.createTextScanner(compiled);
        const generatedCompiled = generated.compileModel(generated.getArgsModel(lenient));
        const generatedScanner = generated.createTextScanner(generatedCompiled);
        for (const value of values) {
          const text = JSON.stringify(value);
          const expected = outcome(slow(text));
          expect(outcome(fast(text))).toStrictEqual(expected);
          expect(outcome(fast(value))).toStrictEqual(outcome(slow(value)));
          if (scanner !== undefined)
            expect(outcome(closures.decodeText(text, compiled, scanner, limits, 't'))).toStrictEqual(
              expected,
            );
          if (generatedScanner !== undefined) {
            const scanned = generated.decodeText(text, generatedCompiled, generatedScanner, limits, 't');
            expect(outcome(scanned)).toStrictEqual(expected);
          }
        }
      }),
      { numRuns: 200 },
    );
  }, 120_000);
});

/** An `ArgumentRejection` of any module registry: what a decode function gives before its error. */
function isRejection(value: unknown): value is { toError(): ToolError } {
  return typeof (value as { toError?: unknown } | null)?.toError === 'function';
}
