import 'reflect-metadata';
import { Param, Tool, ToolError, ToolSet, decodeArgs, eraseTool } from '@toolwright/core';

class ReadFileArgs {
  @Param({ description: 'Path', minLength: 1 }) path!: string;
  @Param({ optional: true, integer: true, minimum: 1 }) offset?: number;
  @Param({ optional: true }) follow?: boolean;
}

describe('decoding and errors', () => {
  it('decodes to a real instance and coerces only through the narrow table', async () => {
    // #region decode
    const args = await decodeArgs(ReadFileArgs, '{"path":"a.ts","offset":"10","follow":"true"}');
    // args instanceof ReadFileArgs; args.offset === 10; args.follow === true

    const rejected = decodeArgs(ReadFileArgs, '{"path":"a.ts","offset":"1e3"}'); // rejects: "1e3" is not an integer
    // #endregion
    await rejected.catch(() => undefined);
    expect(args).toBeInstanceOf(ReadFileArgs);
    expect(args).toEqual(Object.assign(new ReadFileArgs(), { path: 'a.ts', offset: 10, follow: true }));
    await expect(decodeArgs(ReadFileArgs, '{"path":"a.ts","offset":"1e3"}')).rejects.toMatchObject({
      kind: 'invalid_arguments',
    });
  });

  it('rejects hostile input with one typed error', async () => {
    // #region hostile
    const hostile = [
      '{"path":"a.ts","path":"/etc/passwd"}', // duplicate key: JSON.parse would keep the last
      '{"path":"a.ts","__proto__":{"admin":true}}', // prototype key
      '```json\n{"path":"a.ts"}\n```', // a markdown fence: rejected with a hint, never repaired
      '[{"path":"a.ts"}]', // not an object
      '{"path":"a.ts","offset":9007199254740993}', // not a safe integer
    ];
    for (const raw of hostile) {
      const error = await decodeArgs(ReadFileArgs, raw).catch((thrown: unknown) => thrown);
      // ToolError.is(error) && error.kind === 'invalid_arguments'
      // #endregion
      expect(ToolError.is(error)).toBe(true);
      expect((error as ToolError).kind).toBe('invalid_arguments');
    }
  });

  it('keeps secrets and stack traces away from the model', async () => {
    // #region curated
    @Tool({ name: 'deploy', description: 'Deploy.', args: ReadFileArgs })
    class Deploy {
      run(): never {
        throw new Error('connect ECONNREFUSED db.internal:5432 password=hunter2');
      }
    }
    const result = await new ToolSet().add(eraseTool(new Deploy())).call('deploy', '{"path":"x"}');
    // result.ok === false; result.error.kind === 'execution_failed'
    // result.content (what the model sees) is generic: no message, no host name, no password;
    // result.error.cause is the original Error, for the host's logs.
    // #endregion
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('execution_failed');
    const seen = JSON.stringify(result.content);
    expect(seen).not.toContain('hunter2');
    expect(seen).not.toContain('db.internal');
    expect(result.error.cause).toBeInstanceOf(Error);
  });

  it("answers the caller's next step with retryable and deterministic", () => {
    // #region predicates
    const busy = ToolError.concurrencyLimited('read_file is busy; try again in 1 s.', {
      toolName: 'read_file',
    });
    const tryLater = busy.retryable; // true: the same call may succeed later

    const missing = ToolError.notFound('No such file: a.ts', { toolName: 'read_file' });
    const sameAgain = missing.deterministic; // true: the same call fails the same way
    // #endregion
    expect([tryLater, sameAgain]).toEqual([true, true]);
    expect([busy.retryable, busy.deterministic, missing.retryable, missing.deterministic]).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });
});
