import type { LenientDecoder } from '../../model/args-model';
import { findDuplicateKeys } from '../find-duplicate-keys';

const JSON_STRING: LenientDecoder = Object.freeze<LenientDecoder>({
  name: 'jsonString',
  widens: 'an object (a nested args class) or an array',
  supports: (type) => type.kind === 'object' || type.kind === 'array',
  read: (value, type) => {
    if (typeof value !== 'string') return undefined;
    const opening = type.kind === 'array' ? '[' : '{';
    // Only text that opens as the declared JSON type is taken for it; other strings are reported as sent.
    if (value.trimStart()[0] !== opening) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      return {
        refused: `the string is not valid JSON; send the ${type.kind === 'array' ? 'array' : 'object'} itself rather than a string`,
      };
    }
    const duplicate = findDuplicateKeys(value)[0];
    if (duplicate !== undefined) {
      return {
        refused: `the JSON in the string holds ${duplicate.path} ${duplicate.count} times; JSON keeps only the last one, so send it once`,
      };
    }
    return { value: parsed };
  },
});

/**
 * A lenient decoder for an object or an array: the value as JSON text in a string
 * (`"{\"line\": 3}"`), which models sometimes send for nested arguments. Strict JSON only (no
 * repair); repeated keys are refused; the declared check judges what is parsed, under the same
 * depth and size limits.
 */
export function jsonString(): LenientDecoder {
  return JSON_STRING;
}
