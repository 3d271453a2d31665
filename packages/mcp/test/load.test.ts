import type { Client } from '@modelcontextprotocol/client';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/client';
import { ConcurrencyLimiter } from '@toolwright/core';
import { ToolRegistry } from '@toolwright/registry';
import { ERROR_META_KEY } from '@toolwright/mcp';
import { serveMcp, type McpServing } from '@toolwright/mcp/node';
import { rawTool, sleep } from './helpers';
import { httpClient } from './http-helpers';

const CALLS = 1000;
const MAX_IN_FLIGHT = 16;
const MAX_QUEUED = 48;
const HOLD_MS = 1000;

describe('1,000 concurrent tools/call over Streamable HTTP on loopback (F16)', () => {
  let serving: McpServing;
  let client: Client;
  let running = 0;
  let peakRunning = 0;
  const limiter = new ConcurrencyLimiter({ maxConcurrent: MAX_IN_FLIGHT, maxQueue: MAX_QUEUED });

  beforeAll(async () => {
    const work = rawTool('work', async (args: { n: number }) => {
      running += 1;
      peakRunning = Math.max(peakRunning, running);
      // Held long enough that arrivals outpace completions and the bounds are reached.
      await sleep(HOLD_MS);
      running -= 1;
      return `done ${args.n}`;
    });
    serving = await serveMcp(new ToolRegistry().tool(work).finalize(), {
      transport: { http: { port: 0 } },
      limiter,
    });
    client = await httpClient(serving.url!);
  });

  afterAll(async () => {
    await client.close();
    await serving.close();
  });

  it('answers every request exactly once, keeps in-flight and queued calls bounded, and refuses the rest fast', async () => {
    const responses = new Map<string | number, number>();
    const transport = client.transport!;
    const deliver = transport.onmessage!;
    transport.onmessage = (message: JSONRPCMessage, extra) => {
      if ('id' in message && message.id !== undefined && ('result' in message || 'error' in message)) {
        responses.set(message.id, (responses.get(message.id) ?? 0) + 1);
      }
      deliver(message, extra);
    };
    let peakQueued = 0;
    let peakActive = 0;
    const sampler = setInterval(() => {
      peakQueued = Math.max(peakQueued, limiter.queued);
      peakActive = Math.max(peakActive, limiter.active);
    }, 2);
    const heapBefore = process.memoryUsage().heapUsed;
    const startedAt = Date.now();
    let outcomes: CallToolResult[];
    try {
      outcomes = (await Promise.all(
        Array.from({ length: CALLS }, (_, n) =>
          client.callTool({ name: 'work', arguments: { n } }, { timeout: 120_000 }),
        ),
      )) as CallToolResult[];
    } finally {
      clearInterval(sampler);
    }
    const elapsed = Date.now() - startedAt;
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore;

    const ok = outcomes.filter((result) => result.isError !== true);
    const limited = outcomes.filter(
      (result) =>
        result.isError === true &&
        (result._meta?.[ERROR_META_KEY] as { kind?: string } | undefined)?.kind === 'concurrency_limited',
    );
    expect(ok.length + limited.length).toBe(CALLS);
    expect(ok.length).toBeGreaterThanOrEqual(MAX_IN_FLIGHT + MAX_QUEUED);
    expect(limited.length).toBeGreaterThan(0);
    ok.forEach((result) =>
      expect(result.content[0]).toMatchObject({ type: 'text', text: expect.stringMatching(/^done \d+$/) }),
    );

    // Exactly one response per request id, and one per request.
    expect(responses.size).toBe(CALLS);
    expect([...responses.values()].every((count) => count === 1)).toBe(true);

    expect(peakRunning).toBeLessThanOrEqual(MAX_IN_FLIGHT);
    expect(peakActive).toBeLessThanOrEqual(MAX_IN_FLIGHT);
    expect(peakQueued).toBeLessThanOrEqual(MAX_QUEUED);
    // Generous: both the client and the server of 1,000 requests live in this process.
    expect(heapGrowth).toBeLessThan(256 * 1024 * 1024);
    expect(elapsed).toBeLessThan(60_000);
    expect(limiter.active).toBe(0);
    expect(limiter.queued).toBe(0);
  }, 90_000);
});
