import type { LenientDecoder } from '../../model/args-model';
import { readNumericText } from './numeric-text';

const NUMERIC_STRING: LenientDecoder = Object.freeze<LenientDecoder>({
  name: 'numericString',
  widens: 'a number or an integer',
  supports: (type) => type.kind === 'number',
  read: (value) => {
    if (typeof value !== 'string') return undefined;
    const number = readNumericText(value);
    return number === undefined ? undefined : { value: number };
  },
});

/**
 * A lenient decoder for a number: the number written as a string in JSON's decimal notation
 * (`"12"`, `"-0.5"`), never `"1e3"`, `"0x10"`, `" 1"` or `"ten"`. The declared bounds, integer and
 * multipleOf still apply (`"5.5"` for an integer is refused).
 */
export function numericString(): LenientDecoder {
  return NUMERIC_STRING;
}
