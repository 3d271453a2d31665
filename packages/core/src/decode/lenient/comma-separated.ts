import type { LenientDecoder, TypeNode } from '../../model/args-model';
import { readNumericText } from './numeric-text';

/** Options of `commaSeparated`. */
export interface CommaSeparatedOptions {
  /** What separates the items (default `,`); one or more characters, not whitespace only. */
  readonly separator?: string;
}

/**
 * A lenient decoder for an array of strings, numbers, booleans or enum values: the items written
 * as one string, `"a, b, c"` for `["a", "b", "c"]` — split on the separator, each item trimmed; an
 * empty or blank string is no items. A number item is read as `numericString` reads it. The
 * declared item type and bounds (`minItems`, `maxItems`, `uniqueItems`, lengths, patterns) still
 * apply to what is read.
 */
export function commaSeparated(options: CommaSeparatedOptions = {}): LenientDecoder {
  const separator = options.separator ?? ',';
  if (typeof separator !== 'string' || separator.trim() === '') {
    throw new TypeError(
      `commaSeparated: the separator must be a non-blank string (got ${JSON.stringify(separator)}).`,
    );
  }
  return Object.freeze<LenientDecoder>({
    name: separator === ',' ? 'commaSeparated' : `commaSeparated(${JSON.stringify(separator)})`,
    widens: 'an array of strings, numbers, booleans or enum values',
    supports: (type) => type.kind === 'array' && isScalar(type.items),
    read: (value, type) => {
      if (typeof value !== 'string' || type.kind !== 'array') return undefined;
      const items = value.trim() === '' ? [] : value.split(separator).map((item) => item.trim());
      return { value: items.map((item) => readItem(item, type.items)) };
    },
  });
}

function isScalar(type: TypeNode): boolean {
  return type.kind === 'string' || type.kind === 'number' || type.kind === 'boolean' || type.kind === 'enum';
}

// Items are text; a number item (or a number of an enum that does not hold the text itself) is read
// as the number it writes, and the declared item check judges the rest ("true" is a boolean already).
function readItem(item: string, type: TypeNode): unknown {
  if (type.kind === 'number') return readNumericText(item) ?? item;
  if (type.kind === 'enum' && !type.values.includes(item)) {
    const number = readNumericText(item);
    if (number !== undefined && type.values.includes(number)) return number;
  }
  return item;
}
