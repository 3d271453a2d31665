import { toGeminiSchema } from './gemini-schema';

describe('toGeminiSchema', () => {
  it('drops what Gemini refuses and folds null types into nullable', () => {
    expect(
      toGeminiSchema({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: {
          path: { type: 'string', format: 'uri', examples: ['a'] },
          limit: { type: ['integer', 'null'], minimum: 1, exclusiveMaximum: 10 },
          mode: { const: 'fast' },
          level: { type: 'integer', enum: [1, 2] },
          when: { type: 'string', format: 'date-time' },
        },
        required: ['path'],
        additionalProperties: false,
      }),
    ).toEqual({
      type: 'object',
      properties: {
        path: { type: 'string' },
        limit: { type: 'integer', nullable: true, minimum: 1 },
        mode: { enum: ['fast'] },
        level: { type: 'integer' },
        when: { type: 'string', format: 'date-time' },
      },
      required: ['path'],
    });
  });

  it('inlines $ref, and cuts recursion into an open object', () => {
    const schema = toGeminiSchema({
      type: 'object',
      properties: {
        root: { $ref: '#/$defs/Node' },
        other: { anyOf: [{ $ref: '#/$defs/Leaf' }, { type: 'null' }] },
      },
      $defs: {
        Node: {
          type: 'object',
          properties: { child: { $ref: '#/$defs/Node' } },
          additionalProperties: false,
        },
        Leaf: { type: 'object', properties: { v: { type: 'number' } } },
      },
    });
    expect(schema).toEqual({
      type: 'object',
      properties: {
        root: { type: 'object', properties: { child: { type: 'object', description: 'A Node.' } } },
        other: { type: 'object', properties: { v: { type: 'number' } }, nullable: true },
      },
    });
    expect(JSON.stringify(schema)).not.toMatch(/\$ref|\$defs|additionalProperties/);
  });

  it('gives no parameters for a tool without arguments', () => {
    expect(toGeminiSchema({ type: 'object', properties: {}, additionalProperties: false })).toBeUndefined();
  });
});
