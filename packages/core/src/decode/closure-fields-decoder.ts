import type { CompiledModel, FieldsDecoder } from './compiled-model';
import { tooManyValues } from './compile-value-decoder';
import { INVALID, type DecodeContext } from './decode-context';
import { completeInstance, constructTarget, fillAbsent, refuseHiddenKeys, refuseKey } from './fields-support';
import type { PathNode } from './json-path';

// What one key of an object turned out to be.
const ABSENT = 0;
const PRESENT = 1;
const PRESENT_INVALID = 2;
const REFUSED = 3;

/**
 * The fields decoder built from closures, for runtimes that forbid `new Function`. Behaves exactly
 * as the generated one (`generate-fields-decoder.ts`), which is faster.
 */
export function closureFieldsDecoder(compiled: CompiledModel): FieldsDecoder {
  const count = compiled.properties.length;
  return (record, context, here) => {
    const target = constructTarget(compiled);
    let present = 0;
    let ok = true;
    // Own enumerable keys, as JSON.stringify sees them: exactly what our JSON.parse produced. A
    // host-given value may also hide symbols or a non-enumerable __proto__: refused first.
    if (!context.fromJson && refuseHiddenKeys(compiled, record, context, here)) ok = false;
    for (const key in record) {
      const outcome = visitKey(compiled, record, key, target, context, here);
      if (outcome === PRESENT) {
        present++;
      } else if (outcome !== ABSENT) {
        ok = false;
        if (outcome === PRESENT_INVALID) present++;
        if (context.aborted) return INVALID;
      }
    }
    if (present !== count && !fillAbsent(compiled, record, target, context, here)) ok = false;
    return ok ? completeInstance(compiled, target, context, here) : INVALID;
  };
}

function visitKey(
  compiled: CompiledModel,
  record: Record<string, unknown>,
  key: string,
  target: Record<string, unknown>,
  context: DecodeContext,
  here: PathNode | undefined,
): number {
  if (++context.nodes > context.maxNodes) {
    tooManyValues(context);
    return REFUSED;
  }
  const property = compiled.byName.get(key);
  if (property === undefined) {
    refuseKey(compiled, key, context, here);
    return REFUSED;
  }
  const value = record[key];
  if (value === null) {
    if (property.nullable) {
      target[property.slot] = null;
      return PRESENT;
    }
    // R6 (docs/reliability.md): null for an optional property means absent, in arguments only.
    if (property.optional && !context.output) return ABSENT;
    context.report(here, key, property.expected, null);
    return PRESENT_INVALID;
  }
  if (value === undefined) return ABSENT;
  const decoded = property.decode(value, context, here, key);
  if (decoded === INVALID) return PRESENT_INVALID;
  target[property.slot] = decoded;
  return PRESENT;
}
