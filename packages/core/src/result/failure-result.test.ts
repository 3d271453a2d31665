import 'reflect-metadata';
import { Param } from '../decorators/param';
import { Tool } from '../decorators/tool';
import { eraseTool } from '../erase/erase-tool';
import { ArgumentRejection } from '../errors/argument-rejection';
import { ToolError } from '../errors/tool-error';
import { ToolSet } from '../toolset/tool-set';
import { errorSummaryOf } from './failure-result';
import type { ToolFailure, ToolResult } from './tool-result';

class ReadFileArgs {
  @Param({ minLength: 1 })
  path!: string;

  @Param({ optional: true, integer: true, minimum: 1 })
  offset?: number;
}

@Tool({ name: 'read_file', description: 'Reads a file.', args: ReadFileArgs })
class ReadFile {
  run(args: ReadFileArgs): string {
    return args.path;
  }
}

const SECRET = 'sk-live-0123456789';

const EXPECTED_TEXT =
  'Invalid arguments for read_file:\n' +
  '  - path: expected a string of at least 1 character, received "" (empty string)\n' +
  '  - offset: expected an integer >= 1, received "ten"\n' +
  'Fix these and call read_file again.';

function failure(result: ToolResult): ToolFailure {
  if (result.ok) throw new Error('expected a failure');
  return result;
}

// A rejected call's ToolError is a native error, whose making is most of what the call costs; the
// engine's failure result makes it only when the host reads `error` (the decoders hand back an
// ArgumentRejection). What the model and the host see must not depend on the order they read in.
describe('the failure result of rejected arguments', () => {
  afterEach(() => jest.restoreAllMocks());

  // Calls past the point where the decoder starts scanning the text, and one parsed value.
  const calls = [
    ...Array.from({ length: 40 }, () => '{"path":"","offset":"ten"}'),
    { path: '', offset: 'ten' },
  ];

  it('gives the text without making the error, and the same error whenever it is read', async () => {
    const tools = new ToolSet().add(eraseTool(new ReadFile()));
    const made = jest.spyOn(ArgumentRejection.prototype, 'toError');
    for (const raw of calls) {
      const result = failure(await tools.call('read_file', raw));
      expect(result.content).toEqual([{ type: 'text', text: EXPECTED_TEXT }]);
      expect(made).not.toHaveBeenCalled();
      const error = result.error;
      expect(made).toHaveBeenCalledTimes(1);
      expect(error).toBeInstanceOf(ToolError);
      expect(error).toBeInstanceOf(Error);
      expect(error.kind).toBe('invalid_arguments');
      expect(error.toolName).toBe('read_file');
      expect(error.modelText).toBe(EXPECTED_TEXT);
      expect(error.issues?.map((issue) => issue.path)).toEqual(['path', 'offset']);
      expect(result.error).toBe(error);
      expect((JSON.parse(JSON.stringify(result)) as { error: { kind: string } }).error.kind).toBe(
        'invalid_arguments',
      );
      made.mockClear();
    }
  });

  it('gives the same text and error when the error is read first', async () => {
    const tools = new ToolSet().add(eraseTool(new ReadFile()));
    for (const raw of calls) {
      const result = failure(await tools.call('read_file', raw));
      expect(result.error.modelText).toBe(EXPECTED_TEXT);
      expect(result.content).toEqual([{ type: 'text', text: EXPECTED_TEXT }]);
    }
  });

  it('scrubs host-only values from the text and the error alike (R22)', async () => {
    const tools = new ToolSet({ secrets: () => [SECRET] }).add(eraseTool(new ReadFile()));
    const raw = JSON.stringify({ path: '', offset: SECRET });
    for (let i = 0; i < 40; i++) {
      const textFirst = failure(await tools.call('read_file', raw));
      const text = (textFirst.content[0] as { text: string }).text;
      expect(text).toContain('offset: expected an integer >= 1, received "[redacted]"');
      expect(text).not.toContain(SECRET);
      expect(textFirst.error.modelText).toBe(text);

      const errorFirst = failure(await tools.call('read_file', raw));
      expect(errorFirst.error.modelText).toBe(text);
      expect(errorFirst.content).toEqual([{ type: 'text', text }]);
    }
  });

  it('names the tool the call was made to when the decoder names none', () => {
    const rejection = new ArgumentRejection(
      () => [{ path: 'path', expected: 'a string', received: 'nothing' }],
      undefined,
    );
    const named = rejection.attributedTo('read_file');
    expect(named.toError().toolName).toBe('read_file');
    expect(named.modelText()).toBe(named.toError().modelText);
    expect(named.modelText()).toContain('Invalid arguments for read_file:');
    expect(rejection.toError().toolName).toBeUndefined();
    expect(named.attributedTo('other')).toBe(named);
  });

  it('summarizes the failure for a transport without making the error', async () => {
    const tools = new ToolSet().add(eraseTool(new ReadFile()));
    const made = jest.spyOn(ArgumentRejection.prototype, 'toError');
    for (const raw of calls) {
      const result = failure(await tools.call('read_file', raw));
      expect(errorSummaryOf(result)).toEqual({ kind: 'invalid_arguments', retryable: false });
    }
    expect(made).not.toHaveBeenCalled();
  });

  it('summarizes any other failure from its error, a retry hint included', () => {
    const limited = ToolError.concurrencyLimited('Busy.', { toolName: 'read_file', retryAfterMs: 500 });
    const plain: ToolFailure = { ok: false, error: limited, content: [], meta: {} as ToolFailure['meta'] };
    expect(errorSummaryOf(plain)).toEqual({
      kind: 'concurrency_limited',
      retryable: true,
      retryAfterMs: 500,
    });
    const internal: ToolFailure = { ...plain, error: ToolError.internal() };
    expect(errorSummaryOf(internal)).toEqual({ kind: 'internal', retryable: false });
  });
});
