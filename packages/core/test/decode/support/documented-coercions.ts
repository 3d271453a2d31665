import type { ArgsModel } from '../../../src/model/args-model';
import type { TypeNode } from '../../../src/model/args-model';

// What the decoder documents doing to a value besides checking it (DESIGN "Decoding",
// RELIABILITY R6), written here from those documents rather than from the decoder's code:
//   1. an integer field takes a string matching /^-?(0|[1-9][0-9]*)$/ that is a safe integer;
//   2. a boolean field takes exactly "true" or "false";
//   3. null for an optional, non-nullable property means the property is absent;
//   4. an absent property with a default gets the default.
// A validator that does none of this (ajv, class-validator) must give the decoder's verdict on
// `applyDocumentedCoercions(value)`. Anything that is not a plain object is returned unchanged.

const INTEGER_TEXT = /^-?(0|[1-9][0-9]*)$/;

/** The value the decoder's checks effectively see, as JSON (no class instances). */
export function applyDocumentedCoercions(value: unknown, model: ArgsModel): unknown {
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const property = model.byName.get(key);
    if (property === undefined) {
      out[key] = item;
    } else if (!(item === null && property.optional && !property.nullable)) {
      out[key] = item === null ? null : coerce(property.type, item);
    }
  }
  for (const property of model.properties) {
    if (!Object.hasOwn(out, property.name) && property.hasDefault)
      out[property.name] = structuredClone(property.default);
  }
  return out;
}

function coerce(node: TypeNode, value: unknown): unknown {
  switch (node.kind) {
    case 'number':
      if (
        node.integer &&
        typeof value === 'string' &&
        INTEGER_TEXT.test(value) &&
        Number.isSafeInteger(Number(value))
      ) {
        return Number(value);
      }
      return value;
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : value;
    case 'array':
      return Array.isArray(value)
        ? value.map((item) => (item === null ? null : coerce(node.items, item)))
        : value;
    case 'object':
      return applyDocumentedCoercions(value, node.model);
    default:
      return value;
  }
}

/**
 * Why the decoder must refuse a value that JSON Schema (and class-validator) would accept, by
 * RELIABILITY R3/R6 rules that no schema keyword expresses: a string with a lone surrogate or
 * U+0000, or an integer beyond ±(2^53 - 1) in an integer field. `undefined` when none applies.
 */
export function stricterThanSchema(value: unknown, model: ArgsModel): string | undefined {
  if (!isPlainObject(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const property = model.byName.get(key);
    if (property === undefined || item === null) continue;
    const reason = stricterNode(property.type, item);
    if (reason !== undefined) return `${key}: ${reason}`;
  }
  return undefined;
}

function stricterNode(node: TypeNode, value: unknown): string | undefined {
  switch (node.kind) {
    case 'string':
      if (typeof value !== 'string') return undefined;
      if (!(value as unknown as { isWellFormed(): boolean }).isWellFormed()) return 'lone surrogate';
      return value.includes('\0') ? 'U+0000' : undefined;
    case 'number':
      return node.integer &&
        typeof value === 'number' &&
        Number.isInteger(value) &&
        !Number.isSafeInteger(value)
        ? 'unsafe integer'
        : undefined;
    case 'array':
      if (!Array.isArray(value)) return undefined;
      for (const item of value) {
        const reason = item === null ? undefined : stricterNode(node.items, item);
        if (reason !== undefined) return reason;
      }
      return undefined;
    case 'object':
      return stricterThanSchema(value, node.model);
    default:
      return undefined;
  }
}

/** A JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
