/** How one RFC 6570 operator expands its variables (RFC 6570 appendix A's table). */
export interface UriTemplateOperator {
  /** The operator character, `''` for simple string expansion. */
  readonly char: '' | '+' | '#' | '.' | '/' | ';' | '?' | '&';
  /** Written before the first defined variable. */
  readonly first: string;
  /** Written between defined variables (and exploded items). */
  readonly separator: string;
  /** Values are written as `name=value`. */
  readonly named: boolean;
  /** What follows the name when the value is empty. */
  readonly ifEmpty: string;
  /** Reserved characters (and pct-encoded triplets) are kept, not encoded. */
  readonly allowReserved: boolean;
}

const table: readonly UriTemplateOperator[] = [
  { char: '', first: '', separator: ',', named: false, ifEmpty: '', allowReserved: false },
  { char: '+', first: '', separator: ',', named: false, ifEmpty: '', allowReserved: true },
  { char: '#', first: '#', separator: ',', named: false, ifEmpty: '', allowReserved: true },
  { char: '.', first: '.', separator: '.', named: false, ifEmpty: '', allowReserved: false },
  { char: '/', first: '/', separator: '/', named: false, ifEmpty: '', allowReserved: false },
  { char: ';', first: ';', separator: ';', named: true, ifEmpty: '', allowReserved: false },
  { char: '?', first: '?', separator: '&', named: true, ifEmpty: '=', allowReserved: false },
  { char: '&', first: '&', separator: '&', named: true, ifEmpty: '=', allowReserved: false },
];

/** The operators of levels 2–4, by character (`''` is level 1's simple expansion). */
export const URI_TEMPLATE_OPERATORS: ReadonlyMap<string, UriTemplateOperator> = new Map(
  table.map((operator) => [operator.char, Object.freeze(operator)]),
);
