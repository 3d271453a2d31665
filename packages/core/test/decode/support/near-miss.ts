import fc from 'fast-check';
import type { ArgsModel } from '../../../src/model/args-model';
import type { NumberNode, StringNode, TypeNode } from '../../../src/model/args-model';

// Schema-directed arbitraries: mostly valid values, some just outside a bound, some of the wrong
// type, the documented coercion forms ("5", "true", null for optional), unknown keys, and now
// and then a value that is hostile by RELIABILITY R3 (a lone surrogate, U+0000, 2^53).

const ABSENT = Symbol('absent');

// Letters, digits, a space, accented and astral characters (a surrogate pair counts as one
// character for JSON Schema). No U+FE0E/U+FE0F: validator.js's isLength counts a character
// followed by one of them as a single character, where JSON Schema counts two.
const CHARACTERS = fc.constantFrom(
  'a',
  'b',
  'z',
  'A',
  'Q',
  '0',
  '7',
  ' ',
  '-',
  '_',
  'é',
  'ß',
  '中',
  '😀',
  '𝄞',
);
const HOSTILE_STRINGS = fc.constantFrom('\ud800', 'a\udfffb', 'x\u0000y', '\u0000');

/** Anything JSON, for the wrong-type cases. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -3, max: 3 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom('x', '', '5', 'true'),
  fc.constant({}),
  fc.constant([]),
  fc.jsonValue({ maxDepth: 2 }),
);

/** An object for a model: each property valid, near a bound, wrong, null or absent; maybe unknown keys. */
export function objectNear(model: ArgsModel, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const entries = model.properties.map((property) =>
    fc.oneof(
      { weight: 12, arbitrary: valueNear(property.type, depth) },
      { weight: 1, arbitrary: fc.constant(null) },
      { weight: property.optional ? 3 : 1, arbitrary: fc.constant<typeof ABSENT>(ABSENT) },
    ),
  );
  const unknown = fc.oneof(
    { weight: 8, arbitrary: fc.constant<[string, unknown][]>([]) },
    {
      weight: 1,
      arbitrary: fc.array(fc.tuple(fc.constantFrom('extra', 'pth', 'Offset', 'x'), junk), { maxLength: 2 }),
    },
  );
  return fc.tuple(fc.tuple(...entries), unknown).map(([values, extra]) => {
    const out: Record<string, unknown> = {};
    model.properties.forEach((property, index) => {
      const value = values[index];
      if (value !== ABSENT) out[property.name] = value;
    });
    for (const [key, value] of extra) if (!model.byName.has(key)) out[key] = value;
    return out;
  });
}

/** A value for a type node: mostly valid, sometimes a near miss or junk. */
export function valueNear(node: TypeNode, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: validValue(node, depth) },
    { weight: 2, arbitrary: nearMiss(node, depth) },
  );
}

function validValue(node: TypeNode, depth: number): fc.Arbitrary<unknown> {
  switch (node.kind) {
    case 'string':
      return stringValue(node);
    case 'number':
      return node.integer ? integerValue(node) : numberValue(node);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...node.values);
    case 'array': {
      const minLength = node.minItems ?? 0;
      const maxLength = Math.min(node.maxItems ?? minLength + 3, minLength + 4);
      const items = valueNear(node.items, depth + 1);
      return node.uniqueItems === true
        ? fc.uniqueArray(items, { minLength, maxLength, selector: (item) => JSON.stringify(item) })
        : fc.array(items, { minLength, maxLength });
    }
    case 'object':
      return depth > 3 ? fc.constant({}) : objectNear(node.model, depth + 1);
  }
}

function nearMiss(node: TypeNode, depth: number): fc.Arbitrary<unknown> {
  switch (node.kind) {
    case 'string':
      return fc.oneof(
        {
          weight: 4,
          arbitrary: fc.string({
            unit: CHARACTERS,
            minLength: Math.max(0, (node.minLength ?? 0) - 1),
            maxLength: (node.maxLength ?? 6) + 2,
          }),
        },
        { weight: 1, arbitrary: HOSTILE_STRINGS },
        { weight: 2, arbitrary: junk },
      );
    case 'number':
      return node.integer
        ? fc.oneof(
            fc.constantFrom(
              '05',
              ' 5',
              '5 ',
              '5.0',
              '1e3',
              '0x10',
              '+5',
              'ten',
              '',
              '-0',
              '9007199254740993',
            ),
            fc.constantFrom(2 ** 53, -(2 ** 53), 2 ** 53 + 2, 1e300, 5.5, 0.5, -1.5),
            integerValue(node).map(String),
            integerValue(node).map((n) => n + 0.5),
            junk,
          )
        : fc.oneof(numberValue(node).map(String), fc.constantFrom('1.5', 'NaN', '1e3'), junk);
    case 'boolean':
      return fc.oneof(
        fc.constantFrom('true', 'false', 'yes', 'TRUE', 'False', '1', '0', ''),
        fc.constantFrom(0, 1),
        junk,
      );
    case 'enum':
      return fc.oneof(
        fc.constantFrom(...node.values.map((v) => (typeof v === 'number' ? String(v) : `${v}x`))),
        junk,
      );
    case 'array': {
      const tooMany = (node.maxItems ?? 3) + 1;
      return fc.oneof(
        fc.array(valueNear(node.items, depth + 1), {
          minLength: Math.min(tooMany, 6),
          maxLength: Math.min(tooMany + 1, 7),
        }),
        fc.array(valueNear(node.items, depth + 1), { maxLength: Math.max(0, (node.minItems ?? 0) - 1) }),
        validValue(node.items, depth + 1).map((item) => [item, item]),
        valueNear(node.items, depth + 1).map((item) => [[item]]),
        junk,
      );
    }
    case 'object':
      return fc.oneof(
        junk,
        depth > 3 ? fc.constant([]) : objectNear(node.model, depth + 1).map((value) => [value]),
      );
  }
}

const matching = new Map<string, fc.Arbitrary<string>>();

function stringValue(node: StringNode): fc.Arbitrary<string> {
  if (node.pattern !== undefined) {
    let arbitrary = matching.get(node.pattern);
    if (arbitrary === undefined) {
      arbitrary = fc.stringMatching(new RegExp(node.pattern, 'u'));
      matching.set(node.pattern, arbitrary);
    }
    return fc.oneof(arbitrary, stringOfLength(node));
  }
  if (node.format === 'email') return fc.oneof(fc.emailAddress(), stringOfLength(node));
  return stringOfLength(node);
}

function stringOfLength(node: StringNode): fc.Arbitrary<string> {
  const minLength = node.minLength ?? 0;
  return fc.string({
    unit: CHARACTERS,
    minLength,
    maxLength: Math.min(node.maxLength ?? minLength + 6, minLength + 8),
  });
}

function integerValue(node: NumberNode): fc.Arbitrary<number> {
  const low = Math.ceil(Math.max(node.minimum ?? -20, node.exclusiveMinimum ?? -Infinity, -1e6)) - 1;
  const high =
    Math.floor(Math.min(node.maximum ?? low + 40, node.exclusiveMaximum ?? Infinity, low + 1e6)) + 1;
  const base = fc.integer({ min: low, max: Math.max(low, high) });
  return node.multipleOf === undefined
    ? base
    : fc.oneof(
        base,
        base.map((n) => n * node.multipleOf!),
      );
}

function numberValue(node: NumberNode): fc.Arbitrary<number> {
  const low = Math.max(node.minimum ?? -100, node.exclusiveMinimum ?? -Infinity) - 1;
  const high = Math.min(node.maximum ?? low + 200, node.exclusiveMaximum ?? Infinity) + 1;
  return fc.oneof(
    fc.double({ min: low, max: Math.max(low, high), noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(...[low + 1, high - 1, low, high, 0].filter((n) => Number.isFinite(n))),
  );
}
