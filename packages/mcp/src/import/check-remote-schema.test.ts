import { checkRemoteSchema } from './check-remote-schema';

const limits = { maxBytes: 10_000, maxDepth: 8 };

describe('checkRemoteSchema', () => {
  it('returns a copy of an acceptable object schema', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    const checked = checkRemoteSchema(schema, limits, true);
    expect(checked).toEqual({ ok: true, schema });
    if (checked.ok) expect(checked.schema).not.toBe(schema);
  });

  it('refuses non-object schemas, deep nesting, large schemas and __proto__ keys', () => {
    expect(checkRemoteSchema({ type: 'string' }, limits, true)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/object schema/),
    });
    expect(checkRemoteSchema([], limits, false)).toMatchObject({ ok: false });
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 10; level++) deep = { type: 'object', properties: { next: deep } };
    expect(checkRemoteSchema(deep, limits, true)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/deeper than 8/),
    });
    expect(
      checkRemoteSchema({ type: 'object', description: 'x'.repeat(20_000) }, limits, true),
    ).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/larger than 10000 bytes/),
    });
    expect(checkRemoteSchema(JSON.parse('{"type":"object","__proto__":{}}'), limits, true)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/__proto__/),
    });
  });

  it('survives hostile nesting without overflowing the stack', () => {
    let deep: unknown = {};
    for (let level = 0; level < 100_000; level++) deep = { a: deep };
    expect(
      checkRemoteSchema({ type: 'object', properties: deep }, { maxBytes: 1_000_000, maxDepth: 32 }, true),
    ).toMatchObject({ ok: false });
  });
});
