import { compareSchemas } from './compare-schemas';
import { schemaShape } from './schema-shape';

type Schema = Record<string, unknown>;

function drift(decorator: Schema, typescript: Schema): string[] {
  return compareSchemas(schemaShape(decorator, decorator), schemaShape(typescript, typescript), 'Args').map(
    (found) => `${found.code} ${found.property}`,
  );
}

const object = (properties: Schema, required: string[] = []): Schema => ({
  type: 'object',
  properties,
  required,
});

describe('compareSchemas', () => {
  it('finds nothing when the schemas agree (integer counts as number, a default makes a property optional)', () => {
    const decorator = object(
      {
        path: { type: 'string', minLength: 1 },
        limit: { type: 'integer' },
        loud: { type: 'boolean', default: false },
      },
      ['path'],
    );
    const typescript = object(
      { path: { type: 'string' }, limit: { type: 'number' }, loud: { type: 'boolean' } },
      ['path', 'loud'],
    );
    expect(drift(decorator, typescript)).toEqual([]);
  });

  it('reports offset?: number without optional: true, and the reverse', () => {
    expect(
      drift(object({ offset: { type: 'integer' } }, ['offset']), object({ offset: { type: 'number' } })),
    ).toEqual(['required_mismatch offset']);
    expect(
      drift(object({ path: { type: 'string' } }), object({ path: { type: 'string' } }, ['path'])),
    ).toEqual(['required_mismatch path']);
  });

  it('reports a union of types, a literal union seen as a plain string, and mismatched types', () => {
    const typescript = object(
      {
        key: { type: ['string', 'number'] },
        mode: { type: 'string', enum: ['a', 'b'] },
        count: { type: 'number' },
      },
      ['key', 'mode', 'count'],
    );
    const decorator = object(
      { key: { type: 'string' }, mode: { type: 'string' }, count: { type: 'string' } },
      ['key', 'mode', 'count'],
    );
    expect(drift(decorator, typescript)).toEqual([
      'union_type key',
      'enum_mismatch mode',
      'type_mismatch count',
    ]);
  });

  it('reports null allowed on one side only, and accepts it on both', () => {
    const typescript = object(
      { a: { type: ['string', 'null'] }, b: { type: 'string' }, c: { type: ['string', 'null'] } },
      ['a', 'b', 'c'],
    );
    const decorator = object(
      {
        a: { type: 'string' },
        b: { type: ['string', 'null'] },
        c: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
      ['a', 'b', 'c'],
    );
    expect(drift(decorator, typescript)).toEqual(['nullable_mismatch a', 'nullable_mismatch b']);
  });

  it('follows array items and nested classes through $defs and definitions', () => {
    const decorator = {
      ...object({ edits: { type: 'array', items: { $ref: '#/$defs/Edit' } } }, ['edits']),
      $defs: {
        Edit: object({ old: { type: 'string' }, mode: { type: 'string', enum: ['x'] } }, ['old', 'mode']),
      },
    };
    const typescript = {
      ...object({ edits: { type: 'array', items: { $ref: '#/definitions/Edit.1' } } }, ['edits']),
      definitions: {
        'Edit.1': object({ old: { type: 'string' }, mode: { type: 'string' }, note: { type: 'string' } }, [
          'mode',
        ]),
      },
    };
    expect(drift(decorator, typescript)).toEqual([
      'required_mismatch edits[].old',
      'enum_mismatch edits[].mode',
      'undeclared_property edits[].note',
    ]);
  });

  it('compares nothing for a property typed any', () => {
    expect(drift(object({ data: { type: 'string' } }, ['data']), object({ data: {} }, ['data']))).toEqual([]);
  });
});
