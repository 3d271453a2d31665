// Run in a plain Node process (not jest, whose sandbox hides process events): every way a tool
// can reject after its call has ended, with a real `process.on('unhandledRejection')` spy.
// Prints one JSON line: { canarySeen, unhandled, results }.
import { ToolSet } from '../../../src/toolset/tool-set';
import { testTool, never, sleep } from '../test-tool';

async function main(): Promise<void> {
  const unhandled: string[] = [];
  process.on('unhandledRejection', (reason) => {
    unhandled.push(reason instanceof Error ? reason.message : String(reason));
  });

  // The spy must hear a real unhandled rejection, or its silence proves nothing.
  void Promise.reject(new Error('canary'));
  await sleep(20);
  const canarySeen = unhandled.includes('canary');
  unhandled.length = 0;

  const limits = { timeoutMs: 20, graceMs: 20 };
  const controller = new AbortController();
  const tools = new ToolSet()
    .add(
      testTool(
        'late_reject',
        async () => {
          await sleep(60);
          throw new Error('late reject');
        },
        { limits },
      ),
    )
    .add(
      testTool(
        'late_reject_null',
        async () => {
          await sleep(60);
          throw null;
        },
        { limits },
      ),
    )
    .add(
      testTool(
        'late_reject_stream',
        async function* () {
          yield 'x';
          await sleep(60);
          throw new Error('late stream reject');
        },
        { limits },
      ),
    )
    .add(
      testTool(
        'cancelled_then_reject',
        async () => {
          await sleep(60);
          throw new Error('reject after cancel');
        },
        { limits: { graceMs: 20 } },
      ),
    )
    .add(testTool('hang', () => never(), { limits }));

  const pending = tools.call('cancelled_then_reject', '{}', { signal: controller.signal });
  setTimeout(() => controller.abort(), 5);
  const results = await Promise.all([
    tools.call('late_reject', '{}'),
    tools.call('late_reject_null', '{}'),
    tools.call('late_reject_stream', '{}'),
    tools.call('hang', '{}'),
    pending,
  ]);
  await sleep(150);
  process.stdout.write(
    `${JSON.stringify({ canarySeen, unhandled, results: results.map((result) => (result.ok ? 'ok' : result.error.kind)) })}\n`,
  );
}

void main();
