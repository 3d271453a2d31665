import { dynamicTool, ToolSet, type ArgumentIssue, type ToolError } from '@toolwright/core';

// An imported tool decodes its arguments through core's dynamic tool (then the remote schema's
// validator): these are the guarantees the importer relies on, checked through that same path.
const accept = (): readonly ArgumentIssue[] => [];

function importedTool(validate = accept, maxArgumentBytes = 1024): ToolSet {
  return new ToolSet().add(
    dynamicTool({
      name: 'remote_tool',
      description: 'A remote tool.',
      parameters: { type: 'object' },
      maxArgumentBytes,
      validate,
      run: (args) => args,
    }),
  );
}

async function accepted(raw: unknown): Promise<unknown> {
  const result = await importedTool().call('remote_tool', raw);
  if (!result.ok) throw new Error(`expected success, got ${result.error.modelText}`);
  return result.value;
}

async function failure(raw: unknown, maxBytes = 1024): Promise<ToolError> {
  const result = await importedTool(accept, maxBytes).call('remote_tool', raw);
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

describe('arguments of an imported tool', () => {
  it('accepts objects, JSON text, and nothing (as {})', async () => {
    expect(await accepted({ a: 1 })).toEqual({ a: 1 });
    expect(await accepted('{"a":[1,2]}')).toEqual({ a: [1, 2] });
    expect(await accepted(undefined)).toEqual({});
    expect(await accepted('  ')).toEqual({});
  });

  it('caps the size before parsing', async () => {
    expect((await failure(`{"a":"${'x'.repeat(2000)}"}`)).kind).toBe('payload_too_large');
  });

  it('refuses non-objects, repaired-looking JSON, prototype keys, lone surrogates and deep nesting', async () => {
    expect((await failure('[1]')).modelText).toMatch(/expected a JSON object, received an array/);
    expect((await failure('```json\n{}\n```')).modelText).toMatch(/markdown code fence/);
    expect((await failure('{"a":{"__proto__":{"x":1}}}')).modelText).toMatch(
      /a\.__proto__: expected no __proto__, constructor or prototype keys/,
    );
    expect((await failure({ constructor: 1 })).kind).toBe('invalid_arguments');
    expect((await failure('{"a":"\\ud800"}')).modelText).toMatch(/lone surrogate/);
    expect((await failure(`${'{"a":'.repeat(70)}1${'}'.repeat(70)}`, 100_000)).modelText).toMatch(
      /nesting at most 64 levels deep/,
    );
  });

  it('refuses duplicate keys, which JSON.parse would silently collapse', async () => {
    expect((await failure('{"path":"a","path":"/etc/passwd"}')).modelText).toMatch(
      /path: expected each property once/,
    );
  });

  it('reports the validator issues as invalid_arguments', async () => {
    const result = await importedTool(() => [{ path: 'x', expected: 'a string', received: 'nothing' }]).call(
      'remote_tool',
      {},
    );
    expect(!result.ok && result.error.kind).toBe('invalid_arguments');
    expect(!result.ok && result.error.modelText).toMatch(
      /Invalid arguments for remote_tool:\n {2}- x: expected a string, received nothing/,
    );
  });
});
