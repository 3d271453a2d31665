import 'reflect-metadata';
import { Param, Tool } from '@toolwright/core';
import { FinalizeError, ToolRegistry } from '../src';

describe('finalize with an unterminated description template', () => {
  it('reports ${{ … } as a template problem instead of sending it to the model as written', () => {
    class PathArgs {
      @Param({ description: 'A path' }) path!: string;
    }
    @Tool({ name: 'read_file', description: 'Read a file.', args: PathArgs })
    class ReadFile {
      run(args: PathArgs): string {
        return args.path;
      }
    }
    @Tool({
      name: 'edit',
      description: 'Edit a file; read it with ${{ tools.read_file } first.',
      args: PathArgs,
    })
    class Edit {
      run(args: PathArgs): string {
        return args.path;
      }
    }

    let thrown: unknown;
    try {
      new ToolRegistry().toolset('native', [ReadFile, Edit]).finalize();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(FinalizeError);
    expect((thrown as FinalizeError).problems).toEqual([
      {
        code: 'template',
        tool: 'edit',
        message:
          "edit's description has ${{ tools.read_file }, a template reference that is not closed with }}.",
        fix: 'close it: ${{ tools.<name> }} or ${{ params.<tool>.<param> }}.',
      },
    ]);
  });
});
