import 'reflect-metadata';
import { Param, Tool, type ToolCallContext } from '@toolwright/core';
import { ToolRegistry } from '@toolwright/registry';
import { InMemoryTaskStore } from '@toolwright/mcp';
import { serveMcp } from '@toolwright/mcp/node';

// The snippets of docs/tasks.md, compiled and run here.

// #region declare
class BuildArgs {
  @Param({ description: 'The target to build', minLength: 1 })
  target!: string;
}

@Tool({ name: 'build', description: 'Build a target.', args: BuildArgs, task: 'optional' })
class Build {
  async *execute(args: BuildArgs, ctx: ToolCallContext): AsyncGenerator<string, string> {
    for (const step of ['compile', 'link', 'package']) {
      if (ctx.signal.aborted) throw ctx.signal.reason; // tasks/cancel aborts it
      yield `${step} ${args.target}`; // becomes the task's statusMessage
    }
    return `built ${args.target}`; // becomes the task's result
  }
}
// #endregion

describe('docs/tasks.md', () => {
  it('declares a task tool and serves it with a bounded store', async () => {
    // #region serve
    const handle = new ToolRegistry().tool(Build).finalize();
    const serving = await serveMcp(handle, {
      transport: { http: { port: 0 } },
      tasks: { store: new InMemoryTaskStore({ maxTasks: 200 }), ttlMs: 10 * 60_000, pollIntervalMs: 500 },
    });
    // #endregion
    try {
      expect(handle.snapshot().get('build')?.erased.definition.task).toBe('optional');
      expect(serving.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    } finally {
      await serving.close();
    }
  });
});
