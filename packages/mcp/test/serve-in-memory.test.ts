import 'reflect-metadata';
import {
  ProtocolErrorCode,
  ProtocolError,
  type CallToolResult,
  type Progress,
  type JSONRPCMessage,
  type TransportSendOptions,
} from '@modelcontextprotocol/client';
import { createToken, Param, Tool, ToolError, type ToolCallContext } from '@toolwright/core';
import { ToolRegistry } from '@toolwright/registry';
import { ERROR_META_KEY, McpSession } from '@toolwright/mcp';
import { connectInMemory, rawTool, REVISIONS, sleep, waitFor } from './helpers';

function text(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n');
}

describe('createMcpServer over an in-memory transport', () => {
  it('lists the registry definitions with explicit annotations, output schemas and the toolwright envelope', async () => {
    class ReadArgs {
      @Param({ description: 'Path to read', minLength: 1 })
      path!: string;
    }
    class Summary {
      @Param({ description: 'Line count', integer: true })
      lines!: number;
    }
    class Files {
      @Tool({ name: 'read_file', description: 'Read a file.', kind: 'read', readOnly: true, output: Summary })
      read(args: ReadArgs): Summary {
        return { lines: args.path.length };
      }
    }
    const handle = new ToolRegistry().tool(Files).finalize();
    const { client, close } = await connectInMemory(handle);
    try {
      const { tools, nextCursor } = await client.listTools();
      expect(nextCursor).toBeUndefined();
      expect(tools).toHaveLength(1);
      const [tool] = tools;
      expect(tool).toMatchObject({
        name: 'read_file',
        description: 'Read a file.',
        inputSchema: { type: 'object', required: ['path'], additionalProperties: false },
        outputSchema: { type: 'object' },
        annotations: {
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        },
      });
      expect(tool!._meta?.['toolwright/tool']).toMatchObject({
        name: 'read_file',
        kind: 'read',
        namespace: 'native',
        readOnly: true,
      });
      const result = (await client.callTool({
        name: 'read_file',
        arguments: { path: 'abc' },
      })) as CallToolResult;
      expect(result.isError).toBeUndefined();
      expect(result.structuredContent).toEqual({ lines: 3 });
    } finally {
      await close();
    }
  });

  it('paginates tools/list with cursors and refuses a forged cursor with -32602', async () => {
    const registry = new ToolRegistry();
    for (const name of ['a', 'b', 'c', 'd', 'e']) registry.tool(rawTool(name, () => name));
    const { client, close } = await connectInMemory(registry.finalize(), { pageSize: 2 });
    try {
      const names: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        // client.listTools() follows cursors itself; one request is one page.
        const page = await client.request({
          method: 'tools/list',
          params: cursor === undefined ? {} : { cursor },
        });
        names.push(...page.tools.map((tool) => tool.name));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor !== undefined);
      expect(names).toEqual(['a', 'b', 'c', 'd', 'e']);
      expect(pages).toBe(3);
      await expect(client.listTools({ cursor: 'not-a-cursor' })).rejects.toMatchObject({
        code: ProtocolErrorCode.InvalidParams,
      });
    } finally {
      await close();
    }
  });

  it('decodes arguments with toolwright: invalid arguments are an isError result naming the field', async () => {
    class AddArgs {
      @Param({ integer: true })
      a!: number;
      @Param({ integer: true })
      b!: number;
    }
    class Arithmetic {
      @Tool({ name: 'add', description: 'Add two integers.', readOnly: true })
      add(args: AddArgs): number {
        return args.a + args.b;
      }
    }
    const { client, close } = await connectInMemory(new ToolRegistry().tool(Arithmetic).finalize());
    try {
      const ok = (await client.callTool({ name: 'add', arguments: { a: 2, b: '40' } })) as CallToolResult;
      expect(text(ok)).toBe('42');
      expect(ok.structuredContent).toBeUndefined();
      const bad = (await client.callTool({
        name: 'add',
        arguments: { a: 2, b: 'ten', c: 1 },
      })) as CallToolResult;
      expect(bad.isError).toBe(true);
      expect(text(bad)).toMatch(/Invalid arguments for add/);
      expect(text(bad)).toMatch(/b: expected an integer/);
      expect(text(bad)).toMatch(/c:/);
      expect(bad._meta?.[ERROR_META_KEY]).toEqual({ kind: 'invalid_arguments', retryable: false });
      expect(bad.structuredContent).toBeUndefined();
    } finally {
      await close();
    }
  });

  it('answers a failing tool with isError and the curated text: no secret, no stack, host values scrubbed', async () => {
    const ApiKey = createToken<string>('ApiKey');
    const handle = new ToolRegistry()
      .tool(
        rawTool('leaky', () => {
          throw new Error('connect failed with password hunter2-secret at /home/me/app.js:12');
        }),
      )
      .tool(
        rawTool('echo_key', (_args, ctx: ToolCallContext) => {
          throw ToolError.permissionDenied(`The key ${ctx.require(ApiKey)} may not do that.`);
        }),
      )
      .tool(
        rawTool('throws_null', () => {
          throw null;
        }),
      )
      .finalize();
    const { client, close } = await connectInMemory(handle, {
      context: () => [[ApiKey, 'sk-live-0123456789']],
    });
    try {
      const leaky = (await client.callTool({ name: 'leaky', arguments: {} })) as CallToolResult;
      expect(leaky.isError).toBe(true);
      expect(text(leaky)).not.toMatch(/hunter2|\/home\/me|app\.js/);
      expect(text(leaky)).toMatch(/leaky/);
      const scrubbed = (await client.callTool({ name: 'echo_key', arguments: {} })) as CallToolResult;
      expect(scrubbed.isError).toBe(true);
      expect(text(scrubbed)).not.toContain('sk-live-0123456789');
      expect(text(scrubbed)).toContain('[redacted]');
      const nullish = (await client.callTool({ name: 'throws_null', arguments: {} })) as CallToolResult;
      expect(nullish.isError).toBe(true);
      expect(nullish._meta?.[ERROR_META_KEY]).toMatchObject({ kind: 'execution_failed' });
    } finally {
      await close();
    }
  });

  it('answers an unknown tool and a malformed call with -32602 protocol errors', async () => {
    const { client, close } = await connectInMemory(
      new ToolRegistry().tool(rawTool('read_file', () => 'x')).finalize(),
    );
    try {
      const unknown = client.callTool({ name: 'raed_file', arguments: {} });
      await expect(unknown).rejects.toBeInstanceOf(ProtocolError);
      await expect(unknown).rejects.toMatchObject({ code: ProtocolErrorCode.InvalidParams });
      await expect(unknown).rejects.toThrow(/Unknown tool 'raed_file'\. Did you mean 'read_file'\?/);
      await expect(client.callTool({ name: 'constructor', arguments: {} })).rejects.toThrow(
        /Unknown tool 'constructor'/,
      );
      await expect(
        client.request({ method: 'tools/call', params: { name: 'read_file', arguments: [1, 2] } } as never),
      ).rejects.toMatchObject({ code: ProtocolErrorCode.InvalidParams });
      await expect(
        client.request({ method: 'tools/call', params: { arguments: {} } } as never),
      ).rejects.toMatchObject({ code: ProtocolErrorCode.InvalidParams });
    } finally {
      await close();
    }
  });

  it('sends progress items as notifications/progress only when the client sent a progress token', async () => {
    const steps = rawTool('steps', async function* () {
      yield { type: 'progress', kind: 'text', text: 'one', current: 1, total: 3 };
      yield { type: 'progress', kind: 'text', text: 'two' };
      yield 'three';
      return 'done';
    });
    const { client, serverTransport, close } = await connectInMemory(
      new ToolRegistry().tool(steps).finalize(),
    );
    try {
      const progress: Progress[] = [];
      const result = await client.request(
        { method: 'tools/call', params: { name: 'steps', arguments: {} } },
        { onprogress: (item) => progress.push(item) },
      );
      expect(text(result)).toBe('done');
      expect(progress.map((item) => item.message)).toEqual(['one', 'two', 'three']);
      expect(progress[0]).toMatchObject({ progress: 1, total: 3 });
      const values = progress.map((item) => item.progress);
      expect(values).toEqual([...values].sort((left, right) => left - right));
      expect(new Set(values).size).toBe(values.length);

      const sent: string[] = [];
      const transport = serverTransport;
      const send = transport.send.bind(transport);
      transport.send = (message: JSONRPCMessage, options?: TransportSendOptions) => {
        if ('method' in message) sent.push(message.method);
        return send(message, options);
      };
      await client.callTool({ name: 'steps', arguments: {} });
      expect(sent).not.toContain('notifications/progress');
    } finally {
      await close();
    }
  });

  it('aborts the tool signal when the client cancels (notifications/cancelled)', async () => {
    let started = false;
    let aborted = false;
    const slow = rawTool('slow', async (_args, ctx: ToolCallContext) => {
      started = true;
      await sleep(10_000, ctx.signal);
      aborted = ctx.signal.aborted;
      return 'finished';
    });
    const { client, close } = await connectInMemory(new ToolRegistry().tool(slow).finalize());
    try {
      const controller = new AbortController();
      const call = client.callTool({ name: 'slow', arguments: {} }, { signal: controller.signal });
      await waitFor(() => started);
      controller.abort('user pressed stop');
      await expect(call).rejects.toThrow(/user pressed stop/);
      await waitFor(() => aborted);
      // The server stays usable after a cancel.
      expect((await client.listTools()).tools).toHaveLength(1);
    } finally {
      await close();
    }
  });

  // Under 2026-07-28 each round gives the tool a signal of its own, and a finished round's may
  // serve a later one: a cancelled round's never does.
  it.each(REVISIONS)(
    'starts every call after a cancelled one with a signal not aborted (%s)',
    async (revision) => {
      let started = 0;
      const slow = rawTool('slow', async (_args, ctx: ToolCallContext) => {
        started += 1;
        await sleep(10_000, ctx.signal);
        return 'finished';
      });
      const quick = rawTool('quick', (_args, ctx: ToolCallContext) =>
        ctx.signal.aborted ? 'aborted' : 'live',
      );
      const handle = new ToolRegistry().tool(slow).tool(quick).finalize();
      const { client, close } = await connectInMemory(handle, {}, {}, revision);
      try {
        for (let round = 1; round <= 3; round++) {
          const controller = new AbortController();
          const call = client.callTool({ name: 'slow', arguments: {} }, { signal: controller.signal });
          await waitFor(() => started === round);
          controller.abort('user pressed stop');
          await expect(call).rejects.toThrow(/user pressed stop/);
          for (let i = 0; i < 3; i++) {
            expect(text((await client.callTool({ name: 'quick', arguments: {} })) as CallToolResult)).toBe(
              'live',
            );
          }
        }
      } finally {
        await close();
      }
    },
  );

  it('gives tools a log channel that honours logging/setLevel', async () => {
    const chatty = rawTool('chatty', async (_args, ctx: ToolCallContext) => {
      const session = ctx.require(McpSession);
      await session.log('debug', 'fine detail');
      await session.log('info', { step: 'working' });
      await session.log('error', 'something broke', 'chatty');
      return 'ok';
    });
    const { client, close } = await connectInMemory(new ToolRegistry().tool(chatty).finalize());
    try {
      const messages: unknown[] = [];
      client.setNotificationHandler('notifications/message', (notification) => {
        messages.push(notification.params);
      });
      await client.callTool({ name: 'chatty', arguments: {} });
      await waitFor(() => messages.length === 3);
      messages.length = 0;
      await client.setLoggingLevel('warning');
      await client.callTool({ name: 'chatty', arguments: {} });
      await sleep(20);
      expect(messages).toEqual([{ level: 'error', logger: 'chatty', data: 'something broke' }]);
    } finally {
      await close();
    }
  });

  it('sends notifications/tools/list_changed once per change batch of the handle', async () => {
    const handle = new ToolRegistry().tool(rawTool('a', () => 'a')).finalize();
    const { client, close } = await connectInMemory(handle);
    try {
      let changes = 0;
      client.setNotificationHandler('notifications/tools/list_changed', () => {
        changes += 1;
      });
      handle.batch((edit) => edit.add([rawTool('b', () => 'b'), rawTool('c', () => 'c')]).remove('a'));
      await waitFor(() => changes === 1);
      await sleep(30);
      expect(changes).toBe(1);
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['b', 'c']);
      handle.add(rawTool('d', () => 'd'));
      await waitFor(() => changes === 2);
    } finally {
      await close();
    }
  });

  it('lets tools ask the client for sampling and elicitation, and fails cleanly when the client cannot', async () => {
    const ask = rawTool('ask', async (_args, ctx: ToolCallContext) => {
      const session = ctx.require(McpSession);
      const completion = await session.createMessage({
        messages: [{ role: 'user', content: { type: 'text', text: 'capital of France?' } }],
        maxTokens: 10,
      });
      const answer = await session.elicit({
        message: 'Confirm?',
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
      });
      return `${(completion.content as { text: string }).text} / ${answer.action} ${JSON.stringify(answer.content)}`;
    });
    const handle = new ToolRegistry().tool(ask).finalize();
    const capable = await connectInMemory(handle, {}, { sampling: {}, elicitation: {} });
    try {
      capable.client.setRequestHandler('sampling/createMessage', async () => ({
        role: 'assistant',
        content: { type: 'text', text: 'Paris' },
        model: 'test-model',
      }));
      capable.client.setRequestHandler('elicitation/create', async () => ({
        action: 'accept',
        content: { ok: true },
      }));
      const result = (await capable.client.callTool({ name: 'ask', arguments: {} })) as CallToolResult;
      expect(text(result)).toBe('Paris / accept {"ok":true}');
    } finally {
      await capable.close();
    }
    const plain = await connectInMemory(handle);
    try {
      const result = (await plain.client.callTool({ name: 'ask', arguments: {} })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/did not declare sampling/);
      expect(result._meta?.[ERROR_META_KEY]).toMatchObject({ kind: 'not_implemented' });
    } finally {
      await plain.close();
    }
  });

  // Under 2026-07-28 the connection's server is built per request: the bound is the connection's.
  it.each(REVISIONS)(
    'answers calls beyond the in-flight and queue bounds at once with concurrency_limited (%s)',
    async (revision) => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const held = rawTool('held', async () => {
        await gate;
        return 'released';
      });
      const { client, close } = await connectInMemory(
        new ToolRegistry().tool(held).finalize(),
        { maxInFlight: 1, maxQueued: 1 },
        {},
        revision,
      );
      try {
        const first = client.callTool({ name: 'held', arguments: {} });
        const second = client.callTool({ name: 'held', arguments: {} });
        await sleep(20);
        const startedAt = Date.now();
        const third = (await client.callTool({ name: 'held', arguments: {} })) as CallToolResult;
        expect(Date.now() - startedAt).toBeLessThan(5000);
        expect(third.isError).toBe(true);
        expect(third._meta?.[ERROR_META_KEY]).toMatchObject({ kind: 'concurrency_limited', retryable: true });
        expect(text(third)).toMatch(/Retry held/);
        release();
        expect(text((await first) as CallToolResult)).toBe('released');
        expect(text((await second) as CallToolResult)).toBe('released');
      } finally {
        await close();
      }
    },
  );
});
