/**
 * The number text a lenient decoder reads: JSON's decimal notation without an exponent — an
 * optional '-', no leading zero, an optional fraction (`12`, `-0.5`). Never `+1`, ` 1`, `1e3`,
 * `0x10`, `Infinity` or `ten`.
 */
export const NUMERIC_TEXT = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/** The number written as `NUMERIC_TEXT`, or `undefined`. */
export function readNumericText(text: string): number | undefined {
  return NUMERIC_TEXT.test(text) ? Number(text) : undefined;
}
