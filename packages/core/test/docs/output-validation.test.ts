import 'reflect-metadata';
import { Param, Tool, ToolSet, eraseTool, type OutputMismatch } from '@toolwright/core';

describe('output validation (docs/output-validation.md)', () => {
  it('fails a call whose output does not match its declared output', async () => {
    // #region strict
    class CountOutput {
      @Param({ integer: true, minimum: 0 }) count!: number;
      @Param() label!: string;
    }

    @Tool({ name: 'count_files', description: 'Count files.', output: CountOutput })
    class CountFiles {
      run(): CountOutput {
        return { count: -5, label: 'files' }; // a bug: counts are never negative
      }
    }

    const tools = new ToolSet().add(eraseTool(new CountFiles()));
    const result = await tools.call('count_files', '{}');
    // result.ok === false, result.error.kind === 'invalid_output', no structured content, and the model reads:
    // count_files returned output that does not match its declared output:
    //   - count: expected an integer >= 0, received -5
    // This is a fault in count_files, not in the arguments; the same call returns the same output. …
    // #endregion
    expect(!result.ok && result.error.kind).toBe('invalid_output');
    expect(!result.ok && result.error.modelText.split('\n').slice(0, 2)).toEqual([
      'count_files returned output that does not match its declared output:',
      '  - count: expected an integer >= 0, received -5',
    ]);

    // #region warn
    const mismatches: OutputMismatch[] = [];
    const lenient = new ToolSet({
      outputValidation: 'warn', // or 'off'; the default is 'strict'
      onOutputMismatch: (mismatch) => mismatches.push(mismatch), // { tool, callId, issues, mode }
    }).add(eraseTool(new CountFiles()));
    const served = await lenient.call('count_files', '{}');
    // served.ok === true (the output as it was), and mismatches[0].issues[0].path === 'count'
    // #endregion
    expect(served.ok).toBe(true);
    expect(mismatches[0]?.issues[0]?.path).toBe('count');
    expect(mismatches[0]?.mode).toBe('warn');
  });
});
