import { types } from 'node:util';
import { withoutStackTrace } from './without-stack-trace';
import { invalidArgumentsFrom, ToolError } from './tool-error';

describe('ToolError without a stack trace (decoding failures)', () => {
  const issues = [
    { path: 'path', expected: 'a string of at least 1 character', received: '"" (empty string)' },
    { path: 'offset', expected: 'an integer', received: '"ten" (a string)' },
  ];

  it('is a native Error and a ToolError with the same message, stack header and cause as one built normally', () => {
    const cause = new Error('underlying');
    const normal = ToolError.invalidArguments(issues, { toolName: 'read_file', cause });
    const bare = withoutStackTrace(() =>
      ToolError.invalidArguments(issues, { toolName: 'read_file', cause }),
    );
    expect(bare).toBeInstanceOf(Error);
    expect(bare).toBeInstanceOf(ToolError);
    expect(ToolError.is(bare)).toBe(true);
    expect(bare.message).toBe(normal.message);
    expect(bare.modelText).toBe(normal.modelText);
    expect(bare.stack).toBe(`ToolError: ${normal.message}`);
    expect(bare.cause).toBe(cause);
    expect(String(bare)).toBe(String(normal));
    expect(bare.toJSON()).toEqual({ ...normal.toJSON(), stack: bare.stack });
    expect(() => {
      throw bare;
    }).toThrow(normal.message);
    // Both are native errors (structuredClone, util.types see an Error); only the normal one has frames.
    expect(types.isNativeError(normal)).toBe(true);
    expect(types.isNativeError(bare)).toBe(true);
    expect(normal.stack).toMatch(/\n\s+at /);
    expect(bare.stack).not.toMatch(/\n\s+at /);
  });

  it('restores the stack trace limit, even when the build throws', () => {
    const limit = Error.stackTraceLimit;
    expect(() =>
      withoutStackTrace(() => {
        throw new Error('broken');
      }),
    ).toThrow('broken');
    expect(Error.stackTraceLimit).toBe(limit);
    expect(new ToolError('internal').stack).toMatch(/\n\s+at /);
  });

  it('keeps an assigned message or stack as own properties', () => {
    const error = withoutStackTrace(() => ToolError.notFound('No such file: a.ts.'));
    error.stack = 'custom';
    expect(error.stack).toBe('custom');
    error.message = 'changed';
    expect(error.message).toBe('changed');
    expect(error.modelText).toBe('No such file: a.ts.');
  });

  it('builds deferred issues, and the text listing them, once and only when read', () => {
    const source = jest.fn(() => issues);
    const error = invalidArgumentsFrom(source, { toolName: 'read_file' });
    expect(error.kind).toBe('invalid_arguments');
    expect(source).not.toHaveBeenCalled();
    expect(error.modelText).toBe(ToolError.invalidArguments(issues, { toolName: 'read_file' }).modelText);
    expect(error.issues).toEqual(issues);
    expect(Object.isFrozen(error.issues)).toBe(true);
    expect(source).toHaveBeenCalledTimes(1);
    expect(error.withToolName('other').modelText).toMatch(/^Invalid arguments for other:/);
  });
});
