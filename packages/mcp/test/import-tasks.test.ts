import { InputRequester, ToolError, type ProgressItem, type ToolCallContext } from '@toolwright/core';
import { ToolRegistry, type ToolServerHandle } from '@toolwright/registry';
import type { McpImport } from '@toolwright/mcp';
import { importMcpTools, serveMcp, type McpServing } from '@toolwright/mcp/node';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { rawTool, sleep, waitFor } from './helpers';

// An import of a server that runs its tools as MCP tasks (2026-07-28, the tasks extension): the
// imported tool follows each task to its result — progress, input, cancellation, failure — and
// its caller sees an ordinary call.

type Wire = Record<string, any>;

function text(result: { content: readonly { type: string; text?: string }[] }): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n');
}

function asTask<T extends { definition: object }>(tool: T): T {
  return { ...tool, definition: { ...tool.definition, task: 'required' } } as T;
}

let hangAborted = false;
let hangStarted = false;

function remoteTools(): ToolServerHandle {
  return new ToolRegistry()
    .tool(
      asTask(
        rawTool('build', async function* () {
          yield { type: 'progress', kind: 'text', text: 'compiling' };
          await sleep(60);
          yield { type: 'progress', kind: 'text', text: 'linking' };
          await sleep(60);
          return 'built';
        }),
      ),
    )
    .tool(
      asTask(
        rawTool('ask', async (_args, ctx: ToolCallContext) => {
          const answer = await ctx.elicit({
            key: 'color',
            message: 'Which colour?',
            schema: { type: 'object', properties: { color: { type: 'string' } } },
          });
          return answer.action === 'accept' ? `colour ${String((answer.content as Wire)['color'])}` : 'none';
        }),
      ),
    )
    .tool(
      asTask(
        rawTool('hang', async (_args, ctx: ToolCallContext) => {
          hangStarted = true;
          await new Promise<void>((resolve) =>
            ctx.signal.addEventListener(
              'abort',
              () => {
                hangAborted = true;
                resolve();
              },
              { once: true },
            ),
          );
          return 'stopped';
        }),
      ),
    )
    .tool(
      asTask(
        rawTool('broken', () => {
          throw ToolError.executionFailed('the data is inconsistent');
        }),
      ),
    )
    .finalize();
}

// The import's own client declares no input capability; a client of the caller's that declares
// elicitation lets the task's input request reach the caller's context.
describe.each([
  ['2026-07-28', 'url'],
  ['2026-07-28', 'client'],
  ['2025-11-25', 'url'],
] as const)('importMcpTools of task tools (%s, from a %s)', (revision, source) => {
  let serving: McpServing;
  let handle: ToolServerHandle;
  let imported: McpImport;

  beforeAll(async () => {
    serving = await serveMcp(remoteTools(), {
      transport: { http: { port: 0 } },
      tasks: { pollIntervalMs: 20 },
    });
    handle = new ToolRegistry().finalize();
    if (source === 'url') {
      imported = await importMcpTools(serving.url!, handle, {
        prefix: 'remote__',
        protocolVersion: revision,
      });
      return;
    }
    const client = new Client(
      { name: 'caller', version: '1' },
      {
        capabilities: { elicitation: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } },
        versionNegotiation: { mode: { pin: revision } },
      },
    );
    await client.connect(new StreamableHTTPClientTransport(new URL(serving.url!)));
    imported = await importMcpTools(client, handle, { prefix: 'remote__' });
  });

  afterAll(async () => {
    await imported.close();
    await serving.close();
  });

  it('returns the result of a task, with its status messages as progress', async () => {
    const progress: ProgressItem[] = [];
    const result = await handle.call('remote__build', {}, { onProgress: (item) => progress.push(item) });
    expect(result.ok).toBe(true);
    expect(text(result)).toBe('built');
    if (revision === '2026-07-28')
      expect(progress.map((item) => (item.kind === 'text' ? item.text : item.kind))).toContain('linking');
  });

  it("answers the task's input request through the caller's own context", async () => {
    const asked: unknown[] = [];
    const requester: InputRequester = {
      supports: { elicitation: true, sampling: false, roots: false },
      elicit: (form) => {
        asked.push(form);
        return Promise.resolve({ action: 'accept', content: { color: 'teal' } });
      },
      sample: () => Promise.reject(new Error('no sampling')),
      listRoots: () => Promise.reject(new Error('no roots')),
    };
    const result = await handle.call('remote__ask', {}, { extensions: [[InputRequester, requester]] });
    if (source === 'url') {
      // The import's client declares no elicitation capability: the remote tool says so, clearly.
      expect(!result.ok && result.error.kind).toBe('not_implemented');
      expect(text(result)).toContain('the client did not declare the elicitation capability');
      return;
    }
    expect(text(result)).toBe('colour teal');
    expect(asked).toEqual([expect.objectContaining({ key: 'color', message: 'Which colour?' })]);
  });

  it('cancels the task on its server when the call is aborted', async () => {
    hangAborted = false;
    hangStarted = false;
    const controller = new AbortController();
    const call = handle.call('remote__hang', {}, { signal: controller.signal });
    await waitFor(() => hangStarted);
    // The task's answer reaches the import just after the tool starts: abort once it follows it
    // (an abort before the answer is remote-task.test.ts's case).
    await sleep(100);
    controller.abort();
    const result = await call;
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.kind).toBe('cancelled');
    await waitFor(() => hangAborted);
  });

  it("reports a task's tool error as the tool's error", async () => {
    const result = await handle.call('remote__broken', {});
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.kind).toBe('execution_failed');
    expect(text(result)).toContain('the data is inconsistent');
  });
});
