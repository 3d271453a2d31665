import { percentEncode } from './percent-encode';
import type { UriTemplatePart, VariableSpec } from './uri-template-part';
import type { UriTemplateOperator } from './uri-template-operator';

/** A variable's value: a string (numbers and booleans are written as text), a list, or an associative array. */
export type UriTemplateValue =
  | string
  | number
  | boolean
  | readonly (string | number | boolean)[]
  | Readonly<Record<string, string | number | boolean>>
  | null
  | undefined;

/** Expands parsed template parts with `values` (RFC 6570 §3); undefined, null and empty lists are skipped. */
export function expandUriTemplate(
  parts: readonly UriTemplatePart[],
  values: Readonly<Record<string, UriTemplateValue>>,
): string {
  let out = '';
  for (const part of parts) {
    out += part.type === 'literal' ? percentEncode(part.text, true) : expandExpression(part, values);
  }
  return out;
}

function expandExpression(
  part: Extract<UriTemplatePart, { type: 'expression' }>,
  values: Readonly<Record<string, UriTemplateValue>>,
): string {
  const { operator } = part;
  const pieces: string[] = [];
  for (const variable of part.variables) {
    const value = Object.hasOwn(values, variable.name) ? values[variable.name] : undefined;
    const piece = expandVariable(operator, variable, value);
    if (piece !== undefined) pieces.push(piece);
  }
  return pieces.length === 0 ? '' : operator.first + pieces.join(operator.separator);
}

function expandVariable(
  operator: UriTemplateOperator,
  variable: VariableSpec,
  value: UriTemplateValue,
): string | undefined {
  if (value === undefined || value === null) return undefined;
  const encode = (text: string): string => percentEncode(text, operator.allowReserved);
  const named = (name: string, encoded: string): string =>
    encoded === '' ? name + operator.ifEmpty : `${name}=${encoded}`;
  if (typeof value !== 'object') {
    let text = String(value);
    if (variable.prefix !== undefined) text = Array.from(text).slice(0, variable.prefix).join('');
    const encoded = encode(text);
    return operator.named ? named(variable.name, encoded) : encoded;
  }
  const entries: readonly (readonly [string, string])[] = Array.isArray(value)
    ? value.map((item) => ['', String(item)] as const)
    : Object.entries(value).map(([key, item]) => [key, String(item)] as const);
  // An empty list or associative array is undefined (RFC 6570 §2.3).
  if (entries.length === 0) return undefined;
  const isList = Array.isArray(value);
  if (!variable.explode) {
    const joined = entries
      .map(([key, item]) => (isList ? encode(item) : `${encode(key)},${encode(item)}`))
      .join(',');
    return operator.named ? named(variable.name, joined) : joined;
  }
  return entries
    .map(([key, item]) => {
      if (isList) return operator.named ? named(variable.name, encode(item)) : encode(item);
      return operator.named ? named(encode(key), encode(item)) : `${encode(key)}=${encode(item)}`;
    })
    .join(operator.separator);
}
