import { toOpenAiStrictSchema } from './openai-strict-schema';

describe('toOpenAiStrictSchema', () => {
  it('closes every object, requires every property and makes optional ones nullable', () => {
    const strict = toOpenAiStrictSchema({
      type: 'object',
      properties: {
        path: { type: 'string', minLength: 1, description: 'Path' },
        limit: { type: 'integer', minimum: 1, default: 10 },
        mode: { type: 'string', enum: ['a', 'b'] },
        edits: {
          type: 'array',
          items: {
            type: 'object',
            properties: { from: { type: 'string' }, to: { type: 'string' } },
            required: ['from'],
          },
        },
        url: { type: 'string', format: 'uri' },
      },
      required: ['path', 'edits'],
      additionalProperties: false,
    });
    expect(strict).toEqual({
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Path' },
        limit: { type: ['integer', 'null'], minimum: 1 },
        mode: { type: ['string', 'null'], enum: ['a', 'b', null] },
        edits: {
          type: 'array',
          items: {
            type: 'object',
            properties: { from: { type: 'string' }, to: { type: ['string', 'null'] } },
            required: ['from', 'to'],
            additionalProperties: false,
          },
        },
        url: { type: ['string', 'null'] },
      },
      required: ['path', 'limit', 'mode', 'edits', 'url'],
      additionalProperties: false,
    });
  });

  it('wraps a $ref that has siblings, which strict mode refuses', () => {
    const strict = toOpenAiStrictSchema({
      type: 'object',
      properties: { next: { $ref: '#/$defs/Node', description: 'The next node' } },
      required: ['next'],
      $defs: { Node: { type: 'object', properties: {} } },
    });
    expect(strict!['properties']).toEqual({
      next: { anyOf: [{ $ref: '#/$defs/Node' }], description: 'The next node' },
    });
  });

  it('cannot make a free-form object or a map strict', () => {
    expect(
      toOpenAiStrictSchema({ type: 'object', properties: { data: { type: 'object' } } }),
    ).toBeUndefined();
    expect(
      toOpenAiStrictSchema({ type: 'object', properties: {}, additionalProperties: { type: 'string' } }),
    ).toBeUndefined();
    expect(toOpenAiStrictSchema({ type: 'string' })).toBeUndefined();
  });

  it('keeps $defs and $ref (recursion) and makes an optional $ref nullable through anyOf', () => {
    const strict = toOpenAiStrictSchema({
      type: 'object',
      properties: { tree: { $ref: '#/$defs/Node' } },
      $defs: {
        Node: {
          type: 'object',
          properties: { children: { type: 'array', items: { $ref: '#/$defs/Node' } } },
        },
      },
    });
    expect(strict).toEqual({
      type: 'object',
      properties: { tree: { anyOf: [{ $ref: '#/$defs/Node' }, { type: 'null' }] } },
      required: ['tree'],
      additionalProperties: false,
      $defs: {
        Node: {
          type: 'object',
          properties: { children: { type: ['array', 'null'], items: { $ref: '#/$defs/Node' } } },
          required: ['children'],
          additionalProperties: false,
        },
      },
    });
  });
});
