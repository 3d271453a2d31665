import { ToolError } from '@toolwright/core';
import { decodeRemoteArgs } from './decode-remote-args';

const accept = (): readonly never[] => [];

function failure(raw: unknown, maxBytes = 1024): ToolError {
  try {
    decodeRemoteArgs(raw, accept, 'remote_tool', maxBytes);
  } catch (error) {
    if (ToolError.is(error)) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('decodeRemoteArgs', () => {
  it('accepts objects, JSON text, and nothing (as {})', () => {
    expect(decodeRemoteArgs({ a: 1 }, accept, 't', 1024)).toEqual({ a: 1 });
    expect(decodeRemoteArgs('{"a":[1,2]}', accept, 't', 1024)).toEqual({ a: [1, 2] });
    expect(decodeRemoteArgs(undefined, accept, 't', 1024)).toEqual({});
    expect(decodeRemoteArgs('  ', accept, 't', 1024)).toEqual({});
  });

  it('caps the size before parsing', () => {
    expect(failure(`{"a":"${'x'.repeat(2000)}"}`).kind).toBe('payload_too_large');
  });

  it('refuses non-objects, repaired-looking JSON, prototype keys, lone surrogates and deep nesting', () => {
    expect(failure('[1]').modelText).toMatch(/expected a JSON object, received an array/);
    expect(failure('```json\n{}\n```').modelText).toMatch(/markdown code fence/);
    expect(failure('{"a":{"__proto__":{"x":1}}}').modelText).toMatch(
      /a\.__proto__: expected no __proto__, constructor or prototype keys/,
    );
    expect(failure({ constructor: 1 }).kind).toBe('invalid_arguments');
    expect(failure('{"a":"\\ud800"}').modelText).toMatch(/lone surrogate/);
    expect(failure(`${'{"a":'.repeat(70)}1${'}'.repeat(70)}`, 100_000).modelText).toMatch(
      /nesting at most 64 levels deep/,
    );
  });

  it('refuses duplicate keys, which JSON.parse would silently collapse', () => {
    expect(failure('{"path":"a","path":"/etc/passwd"}').modelText).toMatch(
      /path: expected each property once/,
    );
  });

  it('reports the validator issues as invalid_arguments', () => {
    const error = (() => {
      try {
        decodeRemoteArgs(
          {},
          () => [{ path: 'x', expected: 'a string', received: 'nothing' }],
          'remote_tool',
          1024,
        );
      } catch (thrown) {
        return thrown as ToolError;
      }
      throw new Error('expected a failure');
    })();
    expect(error.kind).toBe('invalid_arguments');
    expect(error.modelText).toMatch(
      /Invalid arguments for remote_tool:\n {2}- x: expected a string, received nothing/,
    );
  });
});
