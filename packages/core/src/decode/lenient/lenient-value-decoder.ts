import type { LenientDecoder, LenientReading, TypeNode } from '../../model/args-model';
import { AuthorCodeError } from '../author-code-error';
import { tooManyValues } from '../compile-value-decoder';
import type { ValueDecoder } from '../decode-context';
import { describeExpected } from '../describe-expected';
import { plainJsonData } from './plain-json-data';

/**
 * The decoder of a value of `type` with lenient decoders in front of its declared check (`decode`).
 * A value of the JSON type the schema asks for goes straight to the check, so canonical input
 * decodes exactly as without leniency; another value is offered to each lenient decoder in turn,
 * and what the first one reads goes to the same check (a refusal is reported with its reason).
 */
export function lenientValueDecoder(
  type: TypeNode,
  decoders: readonly LenientDecoder[],
  decode: ValueDecoder,
): ValueDecoder {
  const expected = describeExpected(type);
  return (value, context, parent, key) => {
    if (hasCanonicalType(type, value)) return decode(value, context, parent, key);
    for (const decoder of decoders) {
      const reading = readWith(decoder, value, type);
      if (reading === undefined) continue;
      if ('refused' in reading) {
        return context.report(parent, key, expected, value, undefined, String(reading.refused));
      }
      const plain = plainJsonData(reading.value, context.maxNodes - context.nodes + 1);
      if (plain === 'too_large') return tooManyValues(context);
      if (plain === 'not_plain') {
        throw new AuthorCodeError(
          new TypeError(`The lenient decoder ${decoder.name} read a value that is not plain JSON data.`),
        );
      }
      return decode(reading.value, context, parent, key);
    }
    return decode(value, context, parent, key);
  };
}

function readWith(decoder: LenientDecoder, value: unknown, type: TypeNode): LenientReading {
  let reading: LenientReading;
  try {
    reading = decoder.read(value, type);
  } catch (error) {
    throw new AuthorCodeError(error);
  }
  if (reading === undefined) return undefined;
  if (typeof reading !== 'object' || reading === null || !('value' in reading || 'refused' in reading)) {
    throw new AuthorCodeError(
      new TypeError(
        `The lenient decoder ${decoder.name} returned neither { value } nor { refused } nor undefined.`,
      ),
    );
  }
  return reading;
}

/** Whether a value has the JSON type a node's schema asks for (the declared check judges the rest). */
export function hasCanonicalType(type: TypeNode, value: unknown): boolean {
  switch (type.kind) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'enum':
      return type.values.some((allowed) => typeof allowed === typeof value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
  }
}
