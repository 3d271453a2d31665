import { createErasedTool, ToolError, type ErasedTool } from '@toolwright/core';

/** The JSON Schema 2020-12 input schema the conformance suite expects verbatim (SEP-1613). */
export const JSON_SCHEMA_2020_12_INPUT = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    address: {
      $anchor: 'addressDef',
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
    },
  },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
    contactMethod: { type: 'string', enum: ['phone', 'email'] },
    phone: { type: 'string' },
    email: { type: 'string' },
  },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
  then: { required: ['phone'] },
  else: { required: ['email'] },
  additionalProperties: false,
} as const;

interface Address {
  readonly street?: string;
  readonly city?: string;
}

interface Person {
  readonly name?: string;
  readonly address?: Address;
  readonly contactMethod?: 'phone' | 'email';
  readonly phone?: string;
  readonly email?: string;
}

const PERSON_KEYS = new Set(['name', 'address', 'contactMethod', 'phone', 'email']);

/**
 * A tool defined at run time from a raw JSON Schema (no args class can say `$defs`/`$ref`), so the
 * schema reaches clients exactly as written. Its decoder checks the same shape by hand.
 */
export const jsonSchema2020Tool: ErasedTool = createErasedTool<Person, string>({
  definition: {
    name: 'json_schema_2020_12_tool',
    description: 'Tool with JSON Schema 2020-12 features',
    inputSchema: JSON_SCHEMA_2020_12_INPUT,
    readOnly: true,
  },
  decode: (raw) => decodePerson(raw),
  invoke: (person) =>
    `Hello ${person.name ?? 'anonymous'}${person.address?.city === undefined ? '' : ` from ${person.address.city}`}; contact by ${person.contactMethod ?? 'email'}.`,
  streaming: false,
});

function decodePerson(raw: unknown): Person {
  const value: unknown = typeof raw === 'string' ? (raw.trim() === '' ? {} : JSON.parse(raw)) : (raw ?? {});
  const issues: string[] = [];
  if (!isPlainObject(value))
    throw ToolError.invalidArguments('Send an object with an optional name and address.');
  for (const key of Object.keys(value)) if (!PERSON_KEYS.has(key)) issues.push(`unknown property ${key}`);
  for (const key of ['name', 'phone', 'email'])
    if (value[key] !== undefined && typeof value[key] !== 'string') issues.push(`${key} must be a string`);
  const method = value['contactMethod'];
  if (method !== undefined && method !== 'phone' && method !== 'email')
    issues.push('contactMethod must be "phone" or "email"');
  // allOf/anyOf and if/then/else: a phone when the contact method is phone, else an email.
  if (method === 'phone' && value['phone'] === undefined)
    issues.push('phone is required when contactMethod is phone');
  if (method !== 'phone' && value['email'] === undefined)
    issues.push('email is required unless contactMethod is phone');
  const address = value['address'];
  if (address !== undefined) {
    if (!isPlainObject(address)) issues.push('address must be an object');
    else {
      if (address['street'] !== undefined && typeof address['street'] !== 'string')
        issues.push('address.street must be a string');
      if (address['city'] !== undefined && typeof address['city'] !== 'string')
        issues.push('address.city must be a string');
    }
  }
  if (issues.length > 0) throw ToolError.invalidArguments(`Invalid arguments: ${issues.join('; ')}.`);
  return value as Person;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
