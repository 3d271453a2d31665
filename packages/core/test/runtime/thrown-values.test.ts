import { ToolSet } from '../../src/toolset/tool-set';
import type { ToolStreamItem } from '../../src/stream/tool-stream-item';
import { createCallContext } from '../../src/context/create-call-context';
import { errorOf, testTool } from './test-tool';

const GENERIC =
  'flaky failed while running; the host has the details. Try another approach or different arguments.';

function hostile(): object {
  const fail = (): never => {
    throw new Error('trap');
  };
  return new Proxy(
    {},
    { get: fail, has: fail, ownKeys: fail, getPrototypeOf: fail, getOwnPropertyDescriptor: fail },
  );
}

const THROWN: readonly (readonly [string, () => unknown])[] = [
  ['null', () => null],
  ['undefined', () => undefined],
  ['a string', () => 'plain string'],
  ['a number', () => 7],
  ['an Error', () => new RangeError('out of range')],
  [
    'an object whose getters throw',
    () => ({
      get message(): string {
        throw new Error('getter');
      },
      get name(): string {
        throw new Error('getter');
      },
    }),
  ],
  ['a Proxy that throws on every trap', hostile],
];

describe('a tool that throws something other than a ToolError (F1, R10)', () => {
  describe.each(THROWN)('when it throws %s', (_label, make) => {
    it('gives exactly one execution_failed result with the generic text (sync throw)', async () => {
      const tools = new ToolSet().add(
        testTool('flaky', () => {
          throw make();
        }),
      );
      const result = await tools.call('flaky', '{}');
      expect(errorOf(result).kind).toBe('execution_failed');
      expect(result.content).toEqual([{ type: 'text', text: GENERIC }]);
    });

    it('does the same for a rejection and for a streaming tool', async () => {
      const tools = new ToolSet().add(testTool('flaky', () => Promise.reject(make()))).add(
        testTool('flaky_stream', async function* () {
          yield 'started';
          throw make();
        }),
      );
      expect((await tools.call('flaky', '{}')).content).toEqual([{ type: 'text', text: GENERIC }]);
      const items: ToolStreamItem[] = [];
      for await (const item of tools.execute(
        'flaky_stream',
        '{}',
        createCallContext({ toolName: 'flaky_stream' }),
      ))
        items.push(item);
      expect(items.map((item) => item.type)).toEqual(['progress', 'terminal']);
      const terminal = items[1];
      expect(terminal?.type === 'terminal' && errorOf(terminal.result).kind).toBe('execution_failed');
    });
  });

  it('keeps the original for the host, and the host keeps working', async () => {
    const original = new Error('ECONNRESET while talking to db-7.internal');
    const tools = new ToolSet().add(
      testTool('flaky', () => {
        throw original;
      }),
    );
    const error = errorOf(await tools.call('flaky', '{}'));
    expect(error.cause).toBe(original);
    expect(error.details).toEqual({ thrown: 'Error: ECONNRESET while talking to db-7.internal' });
    expect(error.modelText).not.toContain('db-7');
    expect(errorOf(await tools.call('flaky', '{}')).kind).toBe('execution_failed');
  });

  it('normalizes a decoder that throws something odd too', async () => {
    const tools = new ToolSet().add(
      testTool('flaky', () => 'never runs', {
        decode: () => {
          throw null;
        },
      }),
    );
    expect((await tools.call('flaky', '{}')).content).toEqual([{ type: 'text', text: GENERIC }]);
  });
});
