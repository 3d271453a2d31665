import { percentDecode as decodeUnreserved, percentDecodeReserved, percentEncode } from './percent-encode';
import type { UriTemplatePart, VariableSpec } from './uri-template-part';
import type { UriTemplateOperator } from './uri-template-operator';

/** What a match gives each variable: its decoded text, or a list for an exploded (`*`) variable. */
export type UriTemplateMatch = Readonly<Record<string, string | readonly string[]>>;

/** URIs longer than this never match a template: matching is quadratic in the URI's length at worst. */
export const MAX_MATCHED_URI_LENGTH = 4096;

type Expression = Extract<UriTemplatePart, { type: 'expression' }>;
type Piece = { readonly type: 'literal'; readonly text: string } | Expression;

/**
 * Matches `uri` against parsed template parts: the inverse of expansion, so that expanding the
 * variables a match finds gives `uri` back. Where a URI can be read several ways (`{a}.{b}` and
 * `x.y.z`), the earlier expression takes the shortest text that lets the rest match. Dynamic
 * programming over (part, position), not a backtracking regular expression, so a client's URI
 * cannot make matching exponential. `undefined` when the URI does not match.
 */
export function matchUriTemplate(
  parts: readonly UriTemplatePart[],
  uri: string,
): UriTemplateMatch | undefined {
  if (uri.length > MAX_MATCHED_URI_LENGTH) return undefined;
  const pieces: Piece[] = parts.map((part) =>
    part.type === 'literal' ? { type: 'literal', text: percentEncode(part.text, true) } : part,
  );
  // First as expansion writes URIs (so a URI read back expands the same), then as clients may
  // write them (a `!` or `;` left unencoded in a simple variable).
  let strict = true;
  let spans = findSpans(pieces, uri, strict);
  if (spans === undefined) {
    strict = false;
    spans = findSpans(pieces, uri, strict);
  }
  if (spans === undefined) return undefined;
  const values: Record<string, string | readonly string[]> = {};
  // Query expressions (`?`, `&`) are read together: `{?a}{&b}` expands to one `?a=1&b=2`.
  const queryPairs: string[] = [];
  const queryVariables: VariableSpec[] = [];
  for (let index = 0; index < pieces.length; index += 1) {
    const piece = pieces[index]!;
    if (piece.type === 'literal') continue;
    const text = uri.slice(spans[index]!, spans[index + 1]!);
    const { operator } = piece;
    if (operator.char === '?' || operator.char === '&') {
      if (text !== '') queryPairs.push(...text.slice(1).split('&'));
      queryVariables.push(...piece.variables);
      continue;
    }
    if (!readExpression(operator, piece.variables, text, values, strict)) return undefined;
  }
  if (queryVariables.length > 0 && !readNamed(queryVariables, queryPairs, values)) return undefined;
  return Object.freeze(values);
}

// The start of each piece (and the end of the last) in a successful match, or undefined.
function findSpans(pieces: readonly Piece[], uri: string, strict: boolean): number[] | undefined {
  const length = uri.length;
  // memo[i * (length + 1) + position]: whether pieces i… match uri[position…] (0 unknown, 1 no, 2 yes).
  const memo = new Uint8Array((pieces.length + 1) * (length + 1));
  const limits = pieces.map((piece) => (piece.type === 'literal' ? undefined : reach(piece, uri, strict)));
  const solve = (index: number, position: number): boolean => {
    if (index === pieces.length) return position === length;
    const slot = index * (length + 1) + position;
    if (memo[slot] !== 0) return memo[slot] === 2;
    const found = next(index, position, solve) !== undefined;
    memo[slot] = found ? 2 : 1;
    return found;
  };
  // Where piece `index`, starting at `position`, ends so that `rest` matches from there: the
  // shortest such end (an expression may also expand to nothing).
  const next = (
    index: number,
    position: number,
    rest: (index: number, position: number) => boolean,
  ): number | undefined => {
    const piece = pieces[index]!;
    if (piece.type === 'literal') {
      return uri.startsWith(piece.text, position) && rest(index + 1, position + piece.text.length)
        ? position + piece.text.length
        : undefined;
    }
    if (rest(index + 1, position)) return position;
    const { first } = piece.operator;
    if (first !== '' && !uri.startsWith(first, position)) return undefined;
    // `first` is checked above; the expression's characters follow it.
    const end = limits[index]![position + first.length]!;
    for (let stop = position + (first === '' ? 1 : first.length); stop <= end; stop += 1)
      if (rest(index + 1, stop) && fits(piece, uri.slice(position, stop), strict)) return stop;
    return undefined;
  };
  if (!solve(0, 0)) return undefined;
  // The memo now holds every answer on the successful path: walk it once to read the spans.
  const known = (index: number, position: number): boolean =>
    index === pieces.length ? position === length : memo[index * (length + 1) + position] === 2;
  const spans: number[] = [0];
  let position = 0;
  for (let index = 0; index < pieces.length; index += 1) {
    position = next(index, position, known)!;
    spans.push(position);
  }
  return spans;
}

// Whether an expression's text reads as its variables: every item decodes, and no value is longer
// than its prefix modifier allows (`{id:3}` never reads four characters).
// Read strictly, a named item is one expansion writes: a variable of the expression, with `=` where
// the operator writes one for an empty value.
function fits(piece: Expression, text: string, strict: boolean): boolean {
  const { operator } = piece;
  const items = text.slice(operator.first.length).split(operator.separator);
  if (!operator.named) return allocate(piece.variables, items, operator, strict) !== undefined;
  for (const item of items) {
    const equals = item.indexOf('=');
    const name = equals === -1 ? item : item.slice(0, equals);
    if (strict) {
      if (!piece.variables.some((variable) => variable.name === name)) return false;
      // `;` writes `name` for an empty value, `?` and `&` write `name=`.
      if (equals === -1 ? operator.ifEmpty !== '' : operator.ifEmpty === '' && equals === item.length - 1)
        return false;
    }
    const value = decodeUnreserved(equals === -1 ? '' : item.slice(equals + 1));
    if (value === undefined || decodeUnreserved(name) === undefined) return false;
    const variable = piece.variables.find((candidate) => candidate.name === name);
    if (!withinPrefix(variable, value)) return false;
  }
  return true;
}

/**
 * Gives the items of an unnamed expression (`a,b,c`, `/a/b/c`) to its variables, in order: each
 * variable takes one item where it can (an exploded one as many as it can; read leniently or in
 * reserved expansion, several joined: a list given without explode), or none (undefined); a
 * prefixed variable never takes more than its prefix. The first reading in that order that uses every item, memoized per (variable, item),
 * or `undefined` when none does.
 */
function allocate(
  variables: readonly VariableSpec[],
  items: readonly string[],
  operator: UriTemplateOperator,
  strict: boolean,
): Map<VariableSpec, string | readonly string[]> | undefined {
  const { separator } = operator;
  const percentDecode = decoderOf(operator);
  // Expansion encodes a separator inside a value, except in reserved expansion: read strictly, a
  // value is one item.
  const joins = !strict || operator.allowReserved;
  const dead = new Set<number>();
  const chosen: (readonly [VariableSpec, string | readonly string[]])[] = [];
  const search = (index: number, at: number): boolean => {
    if (at === items.length) return true;
    if (index === variables.length) return false;
    const key = index * (items.length + 1) + at;
    if (dead.has(key)) return false;
    const variable = variables[index]!;
    const left = items.length - at;
    const takes: number[] = [];
    if (variable.explode) for (let take = left; take >= 1; take -= 1) takes.push(take);
    else if (!joins) takes.push(1);
    else if (index === variables.length - 1) takes.push(left);
    else for (let take = 1; take <= left; take += 1) takes.push(take);
    for (const take of takes) {
      const slice = items.slice(at, at + take);
      const value = variable.explode ? slice.map(percentDecode) : percentDecode(slice.join(separator));
      if (value === undefined || (Array.isArray(value) && value.some((item) => item === undefined))) continue;
      if (typeof value === 'string' && !withinPrefix(variable, value)) continue;
      chosen.push([variable, Array.isArray(value) ? Object.freeze(value as string[]) : (value as string)]);
      if (search(index + 1, at + take)) return true;
      chosen.pop();
    }
    if (search(index + 1, at)) return true;
    dead.add(key);
    return false;
  };
  return search(0, 0) ? new Map(chosen) : undefined;
}

// Reserved expansion keeps reserved characters and triplets as they are, so reading it back must too.
function decoderOf(operator: UriTemplateOperator): (text: string) => string | undefined {
  return operator.allowReserved ? percentDecodeReserved : decodeUnreserved;
}

function withinPrefix(variable: VariableSpec | undefined, value: string): boolean {
  return variable?.prefix === undefined || Array.from(value).length <= variable.prefix;
}

// For each position, how far an expression of this operator may extend.
function reach(piece: Expression, uri: string, strict: boolean): Int32Array {
  const { operator } = piece;
  const allowed = strict ? strictCharacters(piece) : undefined;
  const stops = stopCharacters(operator);
  const limit = new Int32Array(uri.length + 1);
  let end = uri.length;
  limit[uri.length] = uri.length;
  for (let position = uri.length - 1; position >= 0; position -= 1) {
    const char = uri[position]!;
    if (allowed === undefined ? stops.includes(char) : !allowed(char)) end = position;
    limit[position] = end;
  }
  return limit;
}

// What expansion itself writes: unreserved characters, pct-encoded triplets, and the operator's
// own punctuation (reserved expansion writes anything). A separator only between several values.
function strictCharacters(piece: Expression): ((char: string) => boolean) | undefined {
  const { operator, variables } = piece;
  if (operator.allowReserved) return undefined;
  const several = variables.length > 1 || variables.some((variable) => variable.explode);
  const punctuation = `${several ? operator.separator : ''}${operator.named ? '=' : ''}`;
  return (char) => /[A-Za-z0-9\-._~%]/.test(char) || punctuation.includes(char);
}

// What a client may send unencoded (read when the strict reading finds nothing): anything but
// the URI delimiters the expression cannot contain.
function stopCharacters(operator: UriTemplateOperator): string {
  switch (operator.char) {
    case '':
    case '.':
    case ';':
      return '/?#';
    case '/':
      return '?#';
    case '+':
    case '?':
    case '&':
      return '#';
    case '#':
      return '';
  }
}

function readExpression(
  operator: UriTemplateOperator,
  variables: readonly VariableSpec[],
  text: string,
  values: Record<string, string | readonly string[]>,
  strict: boolean,
): boolean {
  if (text === '') return true;
  const items = text.slice(operator.first.length).split(operator.separator);
  if (operator.named) return readNamed(variables, items, values);
  const allocated = allocate(variables, items, operator, strict);
  if (allocated === undefined) return false;
  for (const [variable, value] of allocated) if (!assign(values, variable.name, value)) return false;
  return true;
}

// A variable written twice (`{a}/{a}`) must read the same both times.
function assign(
  values: Record<string, string | readonly string[]>,
  name: string,
  value: string | readonly string[],
): boolean {
  if (!Object.hasOwn(values, name)) {
    values[name] = value;
    return true;
  }
  return JSON.stringify(values[name]) === JSON.stringify(value);
}

// `name=value` items (`;`, `?`, `&`), assigned by name; an exploded variable collects its repeats.
function readNamed(
  variables: readonly VariableSpec[],
  items: readonly string[],
  values: Record<string, string | readonly string[]>,
): boolean {
  const byName = new Map(variables.map((variable) => [variable.name, variable]));
  for (const item of items) {
    if (item === '') continue;
    const equals = item.indexOf('=');
    const name = decodeUnreserved(equals === -1 ? item : item.slice(0, equals));
    const value = decodeUnreserved(equals === -1 ? '' : item.slice(equals + 1));
    if (name === undefined || value === undefined) return false;
    const variable = byName.get(name);
    if (variable === undefined) continue;
    if (variable.explode) {
      const list = values[name];
      values[name] = Object.freeze([...(Array.isArray(list) ? list : []), value]);
    } else if (!Object.hasOwn(values, name)) {
      values[name] = value;
    }
  }
  return true;
}
