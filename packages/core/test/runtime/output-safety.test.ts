import { ToolSet } from '../../src/toolset/tool-set';
import { errorOf, testTool } from './test-tool';

describe('unserializable or huge results (F12)', () => {
  const cyclic: Record<string, unknown> = { id: 1 };
  cyclic['parent'] = cyclic;
  let deep: Record<string, unknown> = {};
  const root = deep;
  for (let level = 0; level < 100; level++) deep = (deep['child'] = {}) as Record<string, unknown>;

  it.each([
    ['a cycle', cyclic],
    ['a bigint', { size: 2n ** 70n }],
    ['a function', { callback: () => 1 }],
    [
      'a throwing getter',
      {
        get size(): number {
          throw new Error('stat failed for /etc/shadow');
        },
      },
    ],
    ['nesting 100 levels deep', root],
    [
      'a Proxy that throws on every trap',
      new Proxy(
        {},
        {
          get: () => {
            throw new Error('trap');
          },
          ownKeys: () => {
            throw new Error('trap');
          },
        },
      ),
    ],
  ])('returns a typed invalid_output for %s, never a crash', async (_label, output) => {
    const tools = new ToolSet().add(testTool('report', () => output));
    const result = await tools.call('report', '{}');
    expect(errorOf(result).kind).toBe('invalid_output');
    expect(() => JSON.stringify(result.content)).not.toThrow();
    expect(JSON.stringify(result.content)).not.toContain('shadow');
  });

  it('truncates a huge text output with a visible marker', async () => {
    const tools = new ToolSet().add(testTool('cat', () => 'x'.repeat(1024 * 1024 + 512)));
    const result = await tools.call('cat', '{}');
    const block = result.content[0];
    expect(block?.type === 'text' && block.text.length).toBeLessThan(300 * 1024);
    expect(
      block?.type === 'text' && block.text.endsWith('\n…[truncated: 1 MiB total, showing the first 256 KiB]'),
    ).toBe(true);
    expect(result.ok && (result.value as string).length).toBe(1024 * 1024 + 512);
  });

  it('respects a configured cap', async () => {
    const tools = new ToolSet().add(
      testTool('cat', () => 'y'.repeat(100), { limits: { maxOutputBytes: 10 } }),
    );
    expect((await tools.call('cat', '{}')).content).toEqual([
      { type: 'text', text: 'yyyyyyyyyy\n…[truncated: 100 bytes total, showing the first 10 bytes]' },
    ]);
  });
});
