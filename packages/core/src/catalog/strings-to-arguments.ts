import type { ArgsModel, TypeNode } from '../model/args-model';

// A JSON number as text: what a client types for a number argument.
const NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/**
 * Arguments that arrive as text (MCP prompt arguments, URI template variables) shaped for the
 * decoder: a number or numeric enum value written as text becomes the number, a single value for a
 * list becomes a one-item list. Integers and booleans are left as text, which the decoder's own
 * coercions take (`"5"`, `"true"`); anything else is left for the decoder to judge and report.
 */
export function stringsToArguments(
  model: ArgsModel | undefined,
  given: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const shaped: Record<string, unknown> = {};
  for (const key of Object.keys(given)) {
    const value = given[key];
    const property = model?.byName.get(key);
    shaped[key] = property === undefined ? value : shape(property.type, value);
  }
  return shaped;
}

function shape(type: TypeNode, value: unknown): unknown {
  switch (type.kind) {
    case 'number':
      return !type.integer && typeof value === 'string' && NUMBER.test(value) ? Number(value) : value;
    case 'enum': {
      if (typeof value !== 'string' || type.values.includes(value)) return value;
      const number = type.values.find(
        (candidate) => typeof candidate === 'number' && String(candidate) === value,
      );
      return number ?? value;
    }
    case 'array':
      return Array.isArray(value) ? value.map((item) => shape(type.items, item)) : [shape(type.items, value)];
    default:
      return value;
  }
}
