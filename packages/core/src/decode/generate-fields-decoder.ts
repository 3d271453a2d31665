import { AuthorCodeError } from './author-code-error';
import type { CompiledModel, CompiledProperty, FieldsDecoder } from './compiled-model';
import { tooManyValues } from './compile-value-decoder';
import { INVALID } from './decode-context';
import { completeInstance, fillAbsent, refuseHiddenKeys, refuseKey } from './fields-support';

/**
 * Generates the fields decoder of a model with `new Function`: one `switch` over the keys with a
 * case per property, so every read and write of a property is a named access the engine can
 * specialise (a Map lookup and a computed store per key cost about as much as `JSON.parse`
 * itself). Property names reach the source only as `JSON.stringify` literals. Behaves exactly as
 * `closureFieldsDecoder`.
 */
export function generateFieldsDecoder(compiled: CompiledModel): FieldsDecoder {
  const properties = [...compiled.byName.values()];
  const cases = properties.map(caseFor).join('\n');
  const perKey = `
      if (++context.nodes > context.maxNodes) { tooManyValues(context); return INVALID; }
      switch (key) {
${cases}
        default:
          refuseKey(compiled, key, context, here);
          ok = false;
          if (context.aborted) return INVALID;
      }`;
  const construct = compiled.viaTransformer
    ? 'const target = {};'
    : 'let target; try { target = new Construct(); } catch (error) { throw new AuthorCodeError(error); }';
  const complete =
    compiled.viaTransformer || compiled.needsValidation
      ? 'return completeInstance(compiled, target, context, here);'
      : 'return target;';
  const source = `
    'use strict';
    return function decodeFields(record, context, here) {
      ${construct}
      let present = 0;
      let ok = true;
      // Own enumerable keys, as JSON.stringify sees them: exactly what our JSON.parse produced. A
      // host-given value may also hide symbols or a non-enumerable __proto__: refused first.
      if (!context.fromJson && refuseHiddenKeys(compiled, record, context, here)) ok = false;
      for (const key in record) {${perKey}
      }
      if (present !== ${compiled.properties.length} && !fillAbsent(compiled, record, target, context, here)) ok = false;
      if (!ok) return INVALID;
      ${complete}
    };`;
  const names = [
    'compiled',
    'Construct',
    'INVALID',
    'AuthorCodeError',
    'tooManyValues',
    'refuseKey',
    'refuseHiddenKeys',
    'fillAbsent',
    'completeInstance',
  ];
  const values: unknown[] = [
    compiled,
    compiled.construct,
    INVALID,
    AuthorCodeError,
    tooManyValues,
    refuseKey,
    refuseHiddenKeys,
    fillAbsent,
    completeInstance,
  ];
  properties.forEach((property, index) => {
    names.push(`decode${index}`, `expected${index}`);
    values.push(property.decode, property.expected);
  });
  const factory = new Function(...names, source) as (...args: unknown[]) => FieldsDecoder;
  return factory(...values);
}

function caseFor(property: CompiledProperty, index: number): string {
  const name = JSON.stringify(property.name);
  const slot = JSON.stringify(property.slot);
  let onNull: string;
  if (property.nullable) onNull = `target[${slot}] = null; present++;`;
  // R6 (docs/reliability.md): null for an optional property means absent, in arguments only.
  else if (property.optional)
    onNull = `if (context.output) { present++; ok = false; context.report(here, ${name}, expected${index}, null); }`;
  else onNull = `present++; ok = false; context.report(here, ${name}, expected${index}, null);`;
  return `
        case ${name}: {
          const value = record[${name}];
          if (value === null) {
            ${onNull}
          } else if (value !== undefined) {
            const decoded = decode${index}(value, context, here, ${name});
            present++;
            if (decoded === INVALID) {
              ok = false;
              if (context.aborted) return INVALID;
            } else {
              target[${slot}] = decoded;
            }
          }
          break;
        }`;
}
