import { types } from 'node:util';
import { withoutErrorData } from './error-base';
import { invalidArgumentsFrom, ToolError } from './tool-error';

describe('ToolError without engine error data (decoding failures)', () => {
  const issues = [
    { path: 'path', expected: 'a string of at least 1 character', received: '"" (empty string)' },
    { path: 'offset', expected: 'an integer', received: '"ten" (a string)' },
  ];

  it('is an Error and a ToolError with the same message, stack header and cause as one built normally', () => {
    const cause = new Error('underlying');
    const normal = ToolError.invalidArguments(issues, { toolName: 'read_file', cause });
    const bare = withoutErrorData(() => ToolError.invalidArguments(issues, { toolName: 'read_file', cause }));
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
    // Only the normal one is a native error with frames.
    expect(types.isNativeError(normal)).toBe(true);
    expect(types.isNativeError(bare)).toBe(false);
    expect(normal.stack).toMatch(/\n\s+at /);
  });

  it('keeps an assigned message or stack as own properties', () => {
    const error = withoutErrorData(() => ToolError.notFound('No such file: a.ts.'));
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
