import type { CompiledModel, CompiledProperty } from './compiled-model';
import { tooManyValues } from './compile-value-decoder';
import { INVALID, type DecodeContext } from './decode-context';
import { completeInstance, constructTarget, fillIfAbsent } from './fields-support';
import { RESERVED_KEYS } from './reserved-keys';

/**
 * A flat object as the scanner read it: for each key in text order, the index of its name among
 * the scanned properties, then its value (`[index, value, index, value, …]`).
 */
export type ScannedEntries = unknown[];

/**
 * The top-level fields of a scanned flat object decoded into a new instance (or `INVALID`, the
 * issues in `context`): the outcome `walkRoot` gives for the record `JSON.parse` builds from the
 * same text, issue for issue. `properties` are the scanned properties, by name index.
 */
export function decodeScannedEntries(
  compiled: CompiledModel,
  properties: readonly CompiledProperty[],
  entries: ScannedEntries,
  context: DecodeContext,
): object | typeof INVALID {
  context.depth = 1;
  const target = constructTarget(compiled);
  let present = 0;
  let ok = true;
  for (let at = 0; at < entries.length; at += 2) {
    if (++context.nodes > context.maxNodes) {
      tooManyValues(context);
      return INVALID;
    }
    const property = properties[entries[at] as number]!;
    const value = entries[at + 1];
    if (value === null) {
      if (property.nullable) {
        target[property.slot] = null;
        present++;
      } else if (!property.optional) {
        context.report(undefined, property.name, property.expected, null);
        present++;
        ok = false;
        if (context.aborted) return INVALID;
      }
      // R6 (docs/reliability.md): null for an optional property means absent.
      continue;
    }
    const decoded = property.decode(value, context, undefined, property.name);
    present++;
    if (decoded === INVALID) {
      ok = false;
      if (context.aborted) return INVALID;
    } else {
      target[property.slot] = decoded;
    }
  }
  if (present !== compiled.properties.length) {
    for (const property of compiled.properties) {
      if (RESERVED_KEYS.has(property.slot)) continue;
      if (!fillIfAbsent(property, valueOf(properties, entries, property), target, context, undefined))
        ok = false;
    }
  }
  return ok ? completeInstance(compiled, target, context, undefined) : INVALID;
}

// The value scanned for `property`, or undefined when the text does not hold it.
function valueOf(
  properties: readonly CompiledProperty[],
  entries: ScannedEntries,
  property: CompiledProperty,
): unknown {
  for (let at = 0; at < entries.length; at += 2) {
    if (properties[entries[at] as number] === property) return entries[at + 1];
  }
  return undefined;
}
