import 'reflect-metadata';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { eraseTools, Param, Tool, ToolSet } from '@toolwright/core';
import { ToolRegistry } from '@toolwright/registry';
import { connectMcpServer } from '@toolwright/mcp';
import { Agent } from '@toolwright/agent';
import { ScriptedModelClient } from '@toolwright/agent/testing';
import { CliFailure } from '../src/cli-failure';
import { requireTool } from '../src/program/require-handle';

// One mistake, one wording: a model (or a user) that calls `raed_file` reads the same sentence
// whichever package answered.
const EXPECTED = "Unknown tool 'raed_file'. Did you mean 'read_file'? Available: read_file, write_file.";

function textOf(content: readonly { type: string; text?: string }[]): string {
  return content.map((block) => block.text ?? `[${block.type}]`).join('\n');
}

describe('the unknown-tool message', () => {
  class PathArgs {
    @Param({ description: 'A path' })
    path!: string;
  }
  class Files {
    @Tool({ name: 'read_file', description: 'Read a file.', readOnly: true })
    read(args: PathArgs): string {
      return args.path;
    }
    @Tool({ name: 'write_file', description: 'Write a file.' })
    write(args: PathArgs): string {
      return args.path;
    }
  }
  const handle = (): ReturnType<ToolRegistry['finalize']> => new ToolRegistry().tool(Files).finalize();

  it('is the same from the ToolSet and the registry handle', async () => {
    const set = new ToolSet();
    for (const tool of eraseTools(new Files())) set.add(tool);
    const fromSet = await set.call('raed_file', '{}');
    const fromHandle = await handle().call('raed_file', '{}');
    expect(fromSet.ok).toBe(false);
    expect(fromHandle.ok).toBe(false);
    expect(textOf(fromSet.content)).toBe(EXPECTED);
    expect(textOf(fromHandle.content)).toBe(EXPECTED);
    expect(fromHandle.ok ? undefined : fromHandle.error.kind).toBe('not_found');
  });

  it('is the same from the agent', async () => {
    const model = new ScriptedModelClient([
      { toolCalls: [{ name: 'raed_file', arguments: { path: 'a' } }] },
      { text: 'done' },
    ]);
    const result = await new Agent({ model, tools: handle() }).run('read a');
    expect(result.toolResults).toHaveLength(1);
    expect(textOf(result.toolResults[0]!.content)).toBe(EXPECTED);
  });

  it('is the same from MCP (as the protocol error of tools/call)', async () => {
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    const connection = connectMcpServer(handle(), serverSide);
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(clientSide);
    try {
      await expect(client.callTool({ name: 'raed_file', arguments: {} })).rejects.toThrow(EXPECTED);
    } finally {
      await client.close();
      await connection.close();
    }
  });

  it('is the same from the CLI (`call` and `schema --tool`), as a usage error', () => {
    let thrown: unknown;
    try {
      requireTool(handle(), 'raed_file');
    } catch (error) {
      thrown = error;
    }
    expect(CliFailure.is(thrown)).toBe(true);
    expect((thrown as CliFailure).message).toBe(EXPECTED);
    expect((thrown as CliFailure).exitCode).toBe(2);
  });
});
