import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client, type CallToolResult } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { clientOptions, REVISIONS, sleep, type Revision } from './helpers';

// A cancellation of the very first request of a stdio connection reaches the call, under both
// revisions: under 2026-07-28 that request is also the one the SDK's stdio entry classifies the
// connection by (and, on a fresh child, it and its cancel may reach the server in one read).
const FIXTURE = join(__dirname, 'fixtures', 'cancel-log-server.js');
const BUILT = join(__dirname, '..', 'dist', 'node.js');

function text(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n');
}

beforeAll(() => {
  if (!existsSync(BUILT))
    throw new Error('packages/mcp is not built: run `npm run build` before these tests.');
});

describe.each(REVISIONS)(
  'cancelling the first request of a stdio connection under %s',
  (revision: Revision) => {
    let client: Client;

    beforeEach(async () => {
      const wire = new StdioClientTransport({ command: process.execPath, args: [FIXTURE], stderr: 'ignore' });
      client = new Client({ name: 'first-cancel-test', version: '1.0.0' }, clientOptions(revision));
      await client.connect(wire);
    }, 30_000);

    afterEach(async () => {
      await client.close();
    });

    // Not 0 ms: the SDK client does not send a request aborted before it went out.
    it.each([100, 300])(
      'aborts the call (cancel sent %i ms after the request)',
      async (delayMs) => {
        const controller = new AbortController();
        const started = Date.now();
        const call = client.callTool({ name: 'slow', arguments: {} }, { signal: controller.signal });
        await sleep(delayMs);
        controller.abort('user pressed stop');
        await expect(call).rejects.toThrow();
        const reported = text(
          (await client.callTool({ name: 'aborted_count', arguments: {} })) as CallToolResult,
        );
        expect(reported).toBe('aborted 1');
        // slow finishes on its own after 10 s: an abort that did not reach it shows as a late answer.
        expect(Date.now() - started).toBeLessThan(8_000);
      },
      20_000,
    );
  },
);
