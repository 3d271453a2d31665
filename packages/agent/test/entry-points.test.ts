import 'reflect-metadata';
import { eraseTool, NoArguments, Param, Tool, ToolSet, type ToolResult } from '@toolwright/core';
import { ToolRegistry } from '@toolwright/registry';
import { Agent } from '../src';
import { ScriptedModelClient } from '../src/testing';

// The agent reaches a tool through the same engine as `ToolSet.call` and the registry handle:
// each kind of call gives the model the same content, the same error kind and the same outcome.

class ReadArgs {
  @Param({ description: 'Path', minLength: 1 })
  path!: string;
}

@Tool({ name: 'read', description: 'Reads.', args: ReadArgs })
class Read {
  run(args: ReadArgs): string {
    return `read ${args.path}`;
  }
}

@Tool({ name: 'fail', description: 'Fails.', args: NoArguments })
class Fail {
  run(): never {
    throw new Error('disk on fire');
  }
}

@Tool({ name: 'slow', description: 'Hangs.', args: NoArguments, timeoutMs: 30 })
class Slow {
  run(): Promise<never> {
    return new Promise<never>(() => undefined);
  }
}

// Label, tool, raw arguments, and the error kind the call must end with (none: success).
const CALLS: ReadonlyArray<[string, string, string, string | undefined]> = [
  ['a valid call', 'read', '{"path":"a.ts"}', undefined],
  ['invalid arguments', 'read', '{"path":""}', 'invalid_arguments'],
  ['an unknown tool', 'raed', '{}', 'not_found'],
  ['a tool that throws', 'fail', '{}', 'execution_failed'],
  ['a tool past its deadline', 'slow', '{}', 'timeout'],
];

interface Essence {
  readonly ok: boolean;
  readonly kind: string | undefined;
  readonly content: unknown;
}

const essence = (result: ToolResult): Essence => ({
  ok: result.ok,
  kind: result.ok ? undefined : result.error.kind,
  content: result.content,
});

describe('the agent and the engine', () => {
  it.each(CALLS)(
    'give %s the same result as ToolSet.call and the registry handle',
    async (_label, name, raw, kind) => {
      const set = new ToolSet();
      for (const tool of [new Read(), new Fail(), new Slow()]) set.add(eraseTool(tool));
      const handle = new ToolRegistry().tool(Read).tool(Fail).tool(Slow).finalize();

      const direct = essence(await set.call(name, raw));
      expect(direct.kind).toBe(kind);
      expect(essence(await handle.call(name, raw))).toEqual(direct);

      const model = new ScriptedModelClient([{ toolCalls: [{ name, arguments: raw }] }, { text: 'done' }]);
      const run = await new Agent({ model, tools: handle }).run('go');
      expect(run.toolResults).toHaveLength(1);
      const [call] = run.toolResults;
      expect({ ok: call!.status === 'ok', kind: call!.error?.kind, content: call!.content }).toEqual(direct);
    },
  );
});
