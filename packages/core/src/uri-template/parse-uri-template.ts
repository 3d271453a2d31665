import { URI_TEMPLATE_OPERATORS } from './uri-template-operator';
import { UriTemplateError } from './uri-template-error';
import type { UriTemplatePart, VariableSpec } from './uri-template-part';

// varname = varchar *( ["."] varchar ), varchar = ALPHA / DIGIT / "_" / pct-encoded (RFC 6570 §2.3).
const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+(?:\.(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+)*$/;
// Operators RFC 6570 reserves for future extensions: an error, not a literal.
const RESERVED_OPERATORS = new Set(['=', ',', '!', '@', '|']);

/** Parses an RFC 6570 template (levels 1–4) into literals and expressions; throws `UriTemplateError`. */
export function parseUriTemplate(template: string): readonly UriTemplatePart[] {
  const parts: UriTemplatePart[] = [];
  let index = 0;
  while (index < template.length) {
    const open = template.indexOf('{', index);
    const close = template.indexOf('}', index);
    if (close !== -1 && (open === -1 || close < open))
      throw new UriTemplateError(template, close, 'a "}" without its "{".');
    if (open === -1) {
      parts.push({ type: 'literal', text: template.slice(index) });
      break;
    }
    if (open > index) parts.push({ type: 'literal', text: template.slice(index, open) });
    if (close === -1) throw new UriTemplateError(template, open, 'a "{" that is never closed.');
    const nested = template.indexOf('{', open + 1);
    if (nested !== -1 && nested < close)
      throw new UriTemplateError(template, nested, 'a "{" inside an expression.');
    parts.push(parseExpression(template, open, template.slice(open + 1, close)));
    index = close + 1;
  }
  return Object.freeze(parts);
}

function parseExpression(template: string, at: number, body: string): UriTemplatePart {
  let operatorChar = body[0] ?? '';
  if (RESERVED_OPERATORS.has(operatorChar))
    throw new UriTemplateError(template, at + 1, `the operator "${operatorChar}" is reserved by RFC 6570.`);
  const operator = URI_TEMPLATE_OPERATORS.get(operatorChar);
  if (operator === undefined || operatorChar === '') operatorChar = '';
  const list = operatorChar === '' ? body : body.slice(1);
  if (list === '') throw new UriTemplateError(template, at, 'an expression without a variable.');
  const variables: VariableSpec[] = [];
  let offset = at + 1 + operatorChar.length;
  for (const spec of list.split(',')) {
    variables.push(parseVariable(template, offset, spec));
    offset += spec.length + 1;
  }
  return {
    type: 'expression',
    operator: URI_TEMPLATE_OPERATORS.get(operatorChar)!,
    variables: Object.freeze(variables),
  };
}

function parseVariable(template: string, at: number, spec: string): VariableSpec {
  let name = spec;
  let explode = false;
  let prefix: number | undefined;
  if (spec.endsWith('*')) {
    explode = true;
    name = spec.slice(0, -1);
  } else {
    const colon = spec.indexOf(':');
    if (colon !== -1) {
      name = spec.slice(0, colon);
      const digits = spec.slice(colon + 1);
      // max-length = %x31-39 0*3DIGIT: 1 to 9999, no leading zero.
      if (!/^[1-9][0-9]{0,3}$/.test(digits))
        throw new UriTemplateError(template, at + colon + 1, `the prefix length "${digits}" is not 1–9999.`);
      prefix = Number(digits);
    }
  }
  if (!VARNAME.test(name))
    throw new UriTemplateError(
      template,
      at,
      name === ''
        ? 'an empty variable name.'
        : `"${name}" is not a variable name (letters, digits, _ and . between them).`,
    );
  return prefix === undefined ? { name, explode } : { name, explode, prefix };
}
