import 'reflect-metadata';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { eraseTool, NoArguments, Param, Tool, ToolSet, type ToolResult } from '@toolwright/core';
import { ToolRegistry } from '@toolwright/registry';
import { connectInMemory, REVISIONS } from './helpers';

// A tool served over MCP is reached through the same engine as `ToolSet.call` and the registry
// handle: each kind of call gives the client the same content and the same outcome.

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

// Label, tool, arguments, and the error kind the engine ends the call with (none: success).
const CALLS: ReadonlyArray<[string, string, Record<string, unknown>, string | undefined]> = [
  ['a valid call', 'read', { path: 'a.ts' }, undefined],
  ['invalid arguments', 'read', { path: '' }, 'invalid_arguments'],
  ['an unknown tool', 'raed', {}, 'not_found'],
  ['a tool that throws', 'fail', {}, 'execution_failed'],
  ['a tool past its deadline', 'slow', {}, 'timeout'],
];

const essence = (result: ToolResult): { isError: boolean; content: unknown } => ({
  isError: !result.ok,
  content: result.content,
});

describe.each(REVISIONS)('MCP %s and the engine', (revision) => {
  it.each(CALLS)(
    'give %s the same result as ToolSet.call and the registry handle',
    async (_label, name, args, kind) => {
      const set = new ToolSet();
      for (const tool of [new Read(), new Fail(), new Slow()]) set.add(eraseTool(tool));
      const handle = new ToolRegistry().tool(Read).tool(Fail).tool(Slow).finalize();
      const raw = JSON.stringify(args);

      const result = await set.call(name, raw);
      expect(result.ok ? undefined : result.error.kind).toBe(kind);
      const direct = essence(result);
      expect(essence(await handle.call(name, raw))).toEqual(direct);

      const { client, close } = await connectInMemory(handle, {}, {}, revision);
      try {
        const call = client.callTool({ name, arguments: args });
        if (kind === 'not_found') {
          // Over MCP an unknown tool is a JSON-RPC error (-32602) with the engine's text.
          const [text] = direct.content as Array<{ text: string }>;
          await expect(call).rejects.toMatchObject({ code: -32602, message: text!.text });
          return;
        }
        const served = (await call) as CallToolResult;
        expect({ isError: served.isError === true, content: served.content }).toEqual(direct);
        const meta = served._meta as { 'toolwright/error'?: { kind?: string } } | undefined;
        expect(meta?.['toolwright/error']?.kind).toBe(kind);
      } finally {
        await close();
      }
    },
  );
});
