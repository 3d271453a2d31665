import { defineTool, createErasedTool, readToolDescriptors, Tool, ToolDefinitionError } from '../index';
import { toolNameProblem } from './tool-name-rule';

const MESSAGE =
  'the tool name "read file" does not match ^[a-zA-Z0-9_-]{1,64}$ (the limit providers enforce).';
const FIX = 'use letters, digits, _ and -, at most 64 characters, e.g. read_file.';

describe('toolNameProblem', () => {
  it.each([['read_file'], ['a'], ['A-b_9'], ['x'.repeat(64)]])('accepts %s', (name) => {
    expect(toolNameProblem(name)).toBeUndefined();
  });

  it.each([[''], ['read file'], ['x'.repeat(65)], ['read.file'], ['naïve'], [42], [undefined]])(
    'refuses %p',
    (name) => {
      expect(toolNameProblem(name)).toEqual({ message: expect.stringContaining('does not match'), fix: FIX });
    },
  );

  it('is the wording of a decorated tool, a function tool and a hand-written erased tool', () => {
    class Bad {
      @Tool({ name: 'read file', description: 'Read.' })
      run(): string {
        return '';
      }
    }
    const decorated = (() => {
      try {
        readToolDescriptors(Bad);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(ToolDefinitionError.is(decorated)).toBe(true);
    expect((decorated as ToolDefinitionError).problems).toEqual([
      expect.objectContaining({ code: 'invalid_name', message: MESSAGE, fix: FIX }),
    ]);
    expect(() => defineTool({ name: 'read file', description: 'Read.' }, () => '')).toThrow(MESSAGE);
    expect(() =>
      createErasedTool({
        definition: { name: 'read file', description: 'Read.' },
        decode: (raw) => raw,
        invoke: () => 1,
      }),
    ).toThrow(`${MESSAGE} Fix: ${FIX}`);
  });
});
