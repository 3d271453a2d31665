import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createToken, createErasedTool, type ProgressItem } from '@toolwright/core';
import { ToolRegistry, type ToolServerHandle } from '@toolwright/registry';
import type { McpImport, McpImportChange } from '@toolwright/mcp';
import { importMcpTools } from '@toolwright/mcp/node';
import { sleep, waitFor } from './helpers';

const BARE_SERVER = join(__dirname, 'fixtures', 'bare-sdk-server.js');

function text(result: { content: readonly { type: string; text?: string }[] }): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n');
}

function localHandle(): ToolServerHandle {
  const local = createErasedTool({
    definition: { name: 'bare__echo_local', description: 'A local tool.', readOnly: true },
    decode: () => ({}),
    invoke: () => 'local',
  });
  return new ToolRegistry().tool(local).finalize();
}

describe('importMcpTools from a bare-SDK server over stdio (a command line source)', () => {
  let handle: ToolServerHandle;
  let imported: McpImport;
  const changes: McpImportChange[] = [];
  const cancelledCount = async (): Promise<number> =>
    (JSON.parse(text(await handle.call('bare__stats', {}))) as { cancelled: number }).cancelled;

  beforeAll(async () => {
    handle = localHandle();
    imported = await importMcpTools({ command: process.execPath, args: [BARE_SERVER] }, handle, {
      timeoutMs: 2000,
    });
    imported.onChange((change) => changes.push(change));
  });

  afterAll(async () => {
    await imported.close();
  });

  it('imports the remote tools under a sanitized prefix, skipping those whose schemas are refused', () => {
    expect(imported.serverInfo?.name).toBe('bare');
    expect(imported.names()).toEqual([
      'bare__echo',
      'bare__params',
      'bare__progress',
      'bare__sleepy',
      'bare__stats',
      'bare__mutate',
      'bare__structured',
      'bare__fails',
      expect.stringMatching(/^bare__dotted_name_with_spaces_[0-9a-z]{7}$/),
    ]);
    expect(imported.remoteName(imported.names()[8]!)).toBe('dotted.name/with spaces');
    const echo = handle.get('bare__echo')!;
    expect(echo.namespace).toBe('mcp');
    expect(echo.readOnly).toBe(true);
    expect(echo.inputSchema).toMatchObject({ required: ['text'] });
    const problems = imported.problems();
    expect(problems.map((problem) => [problem.code, problem.remoteName])).toEqual([
      ['schema_rejected', 'deep'],
      ['schema_rejected', 'no_schema'],
    ]);
    expect(problems[0]!.message).toMatch(/deeper than 32 levels/);
    expect(imported.fingerprints().get('echo')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('calls remote tools with arguments validated against their own schema', async () => {
    const ok = await handle.call('bare__echo', { text: 'hi' });
    expect(ok.ok).toBe(true);
    expect(text(ok)).toBe('echo: hi');
    const bad = await handle.call('bare__echo', { text: '', extra: 1 });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error.kind).toBe('invalid_arguments');
      expect(bad.error.modelText).toMatch(/extra: expected no such property/);
      expect(bad.error.modelText).toMatch(
        /text: expected a value that must NOT have fewer than 1 characters/,
      );
    }
    const polluted = await handle.call('bare__params', '{"__proto__":{"admin":true}}');
    expect(polluted.ok).toBe(false);
    const structured = await handle.call('bare__structured', { n: 21 });
    expect(structured.ok && structured.structuredContent).toEqual({ doubled: 42 });
    expect(text(structured)).toBe('42');
    const failed = await handle.call('bare__fails', {});
    expect(failed.ok).toBe(false);
    if (!failed.ok) {
      expect(failed.error.kind).toBe('execution_failed');
      expect(failed.error.modelText).toBe('The remote tool failed on purpose.');
    }
    const sanitized = imported.names()[8]!;
    expect(text(await handle.call(sanitized, {}))).toBe('sanitized ok');
  });

  it('never forwards host-only context values, and always sends a progress token', async () => {
    const ApiKey = createToken<string>('ApiKey');
    const result = await handle.call(
      'bare__params',
      { text: 'x' },
      { extensions: [[ApiKey, 'sk-host-only-123456']] },
    );
    const received = JSON.parse(text(result)) as Record<string, unknown>;
    expect(JSON.stringify(received)).not.toContain('sk-host-only');
    expect(Object.keys(received).sort()).toEqual(['_meta', 'arguments', 'name']);
    expect(received['arguments']).toEqual({ text: 'x' });
    expect(Object.keys(received['_meta'] as object)).toEqual(['progressToken']);
  });

  it('turns remote progress into progress items and keeps a long call alive past its idle timeout', async () => {
    const items: ProgressItem[] = [];
    // 6 steps 600 ms apart take 3.6 s, beyond the 2 s idle timeout: progress resets it.
    const result = await handle.call(
      'bare__progress',
      { steps: 6, pauseMs: 600 },
      { onProgress: (item) => items.push(item) },
    );
    expect(result.ok).toBe(true);
    expect(text(result)).toBe('progressed 6');
    expect(
      items.map((item) => (item.kind === 'text' ? [item.text, item.current, item.total] : item.kind)),
    ).toEqual([
      ['step 1', 1, 6],
      ['step 2', 2, 6],
      ['step 3', 3, 6],
      ['step 4', 4, 6],
      ['step 5', 5, 6],
      ['step 6', 6, 6],
    ]);
    const cancelledBefore = await cancelledCount();
    const silent = await handle.call('bare__sleepy', { ms: 5000 });
    expect(silent.ok).toBe(false);
    if (!silent.ok) expect(silent.error.kind).toBe('timeout');
    // The call that timed out is cancelled on the server too; wait for that, so that its late
    // notifications/cancelled is not counted by the next test.
    for (let attempt = 0; attempt < 100 && (await cancelledCount()) === cancelledBefore; attempt++)
      await sleep(20);
    expect(await cancelledCount()).toBe(cancelledBefore + 1);
  }, 20_000);

  it('sends notifications/cancelled when our call is cancelled', async () => {
    const before = { cancelled: await cancelledCount() };
    const controller = new AbortController();
    const call = handle.call('bare__sleepy', { ms: 10_000 }, { signal: controller.signal });
    await sleep(200);
    controller.abort();
    const result = await call;
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.kind).toBe('cancelled');
    let cancelled = before.cancelled;
    for (let attempt = 0; attempt < 50 && cancelled === before.cancelled; attempt++) {
      cancelled = (JSON.parse(text(await handle.call('bare__stats', {}))) as { cancelled: number }).cancelled;
      if (cancelled === before.cancelled) await sleep(20);
    }
    expect(cancelled).toBe(before.cancelled + 1);
  });

  it('flags a definition that changes after import, and follows list_changed', async () => {
    const before = imported.fingerprints().get('echo');
    expect(text(await handle.call('bare__mutate', {}))).toBe('mutated');
    await waitFor(() => changes.some((change) => change.changed.length > 0));
    const change = changes.find((candidate) => candidate.changed.length > 0)!;
    expect(change.changed).toEqual([
      {
        remoteName: 'echo',
        localName: 'bare__echo',
        previousFingerprint: before,
        fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
        action: 'held',
      },
    ]);
    expect(change.problems).toContainEqual(
      expect.objectContaining({ code: 'definition_changed', remoteName: 'echo' }),
    );
    // Pinned by default: the changed description reaches the handle only once the host accepts it.
    expect(imported.fingerprints().get('echo')).toBe(before);
    expect(handle.get('bare__echo')!.description).not.toMatch(/ignore previous instructions/);
    await imported.acceptChange('echo');
    expect(imported.fingerprints().get('echo')).not.toBe(before);
    expect(handle.get('bare__echo')!.description).toMatch(/ignore previous instructions/);
  });

  it('fails a pending call fast with unavailable when the server process dies (F14)', async () => {
    const transport = imported.client.transport as StdioClientTransport;
    const pid = transport.pid!;
    const call = handle.call('bare__sleepy', { ms: 30_000 });
    await sleep(200);
    const killedAt = Date.now();
    process.kill(pid, 'SIGKILL');
    const result = await call;
    expect(Date.now() - killedAt).toBeLessThan(2000);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.kind).toBe('unavailable');
      expect(result.error.retryable).toBe(true);
    }
    const startedAt = Date.now();
    const after = await handle.call('bare__echo', { text: 'again' });
    expect(after.ok).toBe(false);
    if (!after.ok) expect(after.error.kind).toBe('unavailable');
    expect(Date.now() - startedAt).toBeLessThan(500);
  });

  it('removes the imported tools from the handle on close, leaving local tools', async () => {
    const extra = await importMcpTools({ command: process.execPath, args: [BARE_SERVER] }, handle, {
      prefix: 'second_',
      include: ['echo'],
    });
    expect(extra.names()).toEqual(['second_echo']);
    await extra.close();
    expect(handle.has('second_echo')).toBe(false);
    expect(handle.has('bare__echo_local')).toBe(true);
  });
});

describe('importMcpTools from a bare-SDK server over Streamable HTTP (a URL source)', () => {
  let child: ChildProcess;
  let url: string;
  let handle: ToolServerHandle;
  let imported: McpImport;

  beforeAll(async () => {
    child = spawn(process.execPath, [BARE_SERVER, '--http'], { stdio: ['ignore', 'pipe', 'inherit'] });
    url = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening (\S+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      child.once('exit', () => reject(new Error('the bare server exited')));
    });
    handle = new ToolRegistry().finalize();
    imported = await importMcpTools(url, handle, {
      prefix: 'web_',
      exclude: (name) => name !== 'echo' && name !== 'sleepy',
    });
  });

  afterAll(async () => {
    await imported.close();
    if (child.exitCode === null) child.kill('SIGKILL');
  });

  it('imports and calls over HTTP', async () => {
    expect(imported.names()).toEqual(['web_echo', 'web_sleepy']);
    expect(text(await handle.call('web_echo', { text: 'over http' }))).toBe('echo: over http');
  });

  it('fails a pending call fast with unavailable when the HTTP server dies (F14)', async () => {
    const call = handle.call('web_sleepy', { ms: 30_000 });
    await sleep(200);
    const killedAt = Date.now();
    child.kill('SIGKILL');
    const result = await call;
    expect(Date.now() - killedAt).toBeLessThan(5000);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.kind).toBe('unavailable');
  });
});
