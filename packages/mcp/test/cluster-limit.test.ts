import type { CallToolResult } from '@modelcontextprotocol/client';
import { ToolRegistry } from '@toolwright/registry';
import { ERROR_META_KEY, InMemoryTaskStore, type SharedGrant, type SharedLimit } from '@toolwright/mcp';
import { connectInMemory, rawTool, REVISIONS, waitFor } from './helpers';

/** A cluster-wide limit as a shared store would keep it: one count for every server using it. */
class CountingLimit implements SharedLimit {
  held = 0;
  acquired = 0;
  constructor(readonly maxConcurrent: number) {}
  acquire(): Promise<SharedGrant> {
    if (this.held >= this.maxConcurrent) return Promise.resolve({ granted: false, retryAfterMs: 250 });
    this.held += 1;
    this.acquired += 1;
    let released = false;
    return Promise.resolve({
      granted: true,
      release: () => {
        if (released) return;
        released = true;
        this.held -= 1;
      },
    });
  }
}

const text = (result: CallToolResult): string =>
  result.content.map((block) => (block.type === 'text' ? block.text : '')).join('');

function gatedTools(): { handle: ReturnType<ToolRegistry['finalize']>; open: () => void } {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const handle = new ToolRegistry()
    .tool(
      rawTool('held', async () => {
        await gate;
        return 'released';
      }),
    )
    .tool(rawTool('quick', () => 'quick answer'))
    .finalize();
  return { handle, open };
}

describe.each(REVISIONS)('a cluster-wide concurrency limit (%s)', (revision) => {
  it('refuses a call on one server while another server holds every cluster slot, and frees the slot after', async () => {
    const limit = new CountingLimit(1);
    const one = gatedTools();
    const two = gatedTools();
    // Each server's own bound (64) is far from full: only the shared limit can refuse.
    const first = await connectInMemory(
      one.handle,
      { cluster: { tasks: new InMemoryTaskStore(), limit } },
      {},
      revision,
    );
    const second = await connectInMemory(
      two.handle,
      { cluster: { tasks: new InMemoryTaskStore(), limit } },
      {},
      revision,
    );
    try {
      const holding = first.client.callTool({ name: 'held', arguments: {} });
      await waitFor(() => limit.held > 0);
      const refused = (await second.client.callTool({ name: 'quick', arguments: {} })) as CallToolResult;
      expect(refused.isError).toBe(true);
      expect(refused._meta?.[ERROR_META_KEY]).toMatchObject({
        kind: 'concurrency_limited',
        retryable: true,
        retryAfterMs: 250,
      });
      expect(text(refused)).toMatch(/Retry quick in about 0.3 s/);
      one.open();
      expect(text((await holding) as CallToolResult)).toBe('released');
      expect(limit.held).toBe(0);
      const admitted = (await second.client.callTool({ name: 'quick', arguments: {} })) as CallToolResult;
      expect(text(admitted)).toBe('quick answer');
      expect(limit.held).toBe(0);
    } finally {
      one.open();
      two.open();
      await first.close();
      await second.close();
    }
  });

  it('admits on the server’s own bound when the shared limit cannot be reached, and reports it', async () => {
    const errors: unknown[] = [];
    const down: SharedLimit = { acquire: () => Promise.reject(new Error('store unreachable')) };
    const { handle } = gatedTools();
    const { client, close } = await connectInMemory(
      handle,
      { cluster: { tasks: new InMemoryTaskStore(), limit: down }, onError: (error) => errors.push(error) },
      {},
      revision,
    );
    try {
      const result = (await client.callTool({ name: 'quick', arguments: {} })) as CallToolResult;
      expect(text(result)).toBe('quick answer');
      expect(errors).toEqual([expect.objectContaining({ message: 'store unreachable' })]);
    } finally {
      await close();
    }
  });
});
