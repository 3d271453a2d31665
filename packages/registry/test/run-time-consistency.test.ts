import 'reflect-metadata';
import { Tool } from '@toolwright/core';
import { State, Params, ResourceValidationError } from '@toolwright/resources';
import { IsBoolean, IsInt } from 'class-validator';
import { inject } from 'inversify';
import { FinalizeError, ToolRegistry } from '../src';

describe('a live handle stays consistent', () => {
  it('refuses to remove a tool another tool’s description names, and changes nothing', () => {
    @Tool({ name: 'read_file', description: 'Read a file.' })
    class ReadFile {
      run(): string {
        return 'read';
      }
    }
    @Tool({ name: 'grep', description: 'Search; then read with ${{ tools.read_file }}.' })
    class Grep {
      run(): string {
        return 'found';
      }
    }
    const tools = new ToolRegistry().tool(ReadFile).tool(Grep).finalize();
    let error: unknown;
    try {
      tools.remove('read_file');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(FinalizeError);
    expect((error as FinalizeError).problems.map((problem) => problem.message)).toEqual([
      "grep's description refers to ${{ tools.read_file }}, but no tool named read_file is registered.",
    ]);
    expect(tools.snapshot().names).toEqual(['read_file', 'grep']);
    expect(tools.get('grep')!.description).toBe('Search; then read with read_file.');
    tools.remove(['grep', 'read_file']);
    expect(tools.snapshot().names).toEqual([]);
  });

  it('refuses restore() of changed Params on a live handle, and restores State', async () => {
    class EditConfig {
      @IsBoolean() skipReadBeforeEdit = false;
    }
    class Counter {
      @IsInt() count = 0;
    }
    @Tool({ name: 'edit', description: 'Edit.' })
    class Edit {
      constructor(
        @inject(Params.of(EditConfig)) readonly config: EditConfig,
        @inject(State.of(Counter)) readonly counter: State<Counter>,
      ) {}
      run(): string {
        return `${this.config.skipReadBeforeEdit} ${this.counter.get().count}`;
      }
    }
    const tools = new ToolRegistry()
      .params(EditConfig, { skipReadBeforeEdit: false })
      .state(Counter, { count: 1 })
      .tool(Edit)
      .finalize();
    const changed = { version: 1, params: { EditConfig: { skipReadBeforeEdit: true } }, state: {} } as const;
    expect(() => tools.resources.restore(changed)).toThrow(ResourceValidationError);
    expect(() => tools.resources.restore(changed)).toThrow('cannot be restored on a live handle');
    // The same Params and new State are fine: tools hold the State cell.
    tools.resources.restore({
      version: 1,
      params: { EditConfig: { skipReadBeforeEdit: false } },
      state: { Counter: { count: 7 } },
    });
    expect(await tools.call('edit', {})).toMatchObject({ ok: true, value: 'false 7' });
    // Before finalize, a registry restores Params.
    const resumed = new ToolRegistry()
      .params(EditConfig, { skipReadBeforeEdit: false })
      .state(Counter, { count: 1 })
      .restore(changed)
      .tool(Edit)
      .finalize();
    expect(await resumed.call('edit', {})).toMatchObject({ ok: true, value: 'true 1' });
  });
});
