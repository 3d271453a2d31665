import { createErasedTool } from '@toolwright/core';
import { ToolRegistry } from '@toolwright/registry';
import { ToolPages } from './tool-pages';

function handleOf(count: number) {
  const registry = new ToolRegistry();
  for (let index = 0; index < count; index++) {
    registry.tool(
      createErasedTool({
        definition: { name: `t${index}`, description: 'A tool.' },
        decode: () => ({}),
        invoke: () => 'ok',
      }),
    );
  }
  return registry.finalize();
}

describe('ToolPages', () => {
  it('serves the same cached page object for the same snapshot, and a new one after a change', () => {
    const handle = handleOf(3);
    const pages = new ToolPages(10);
    const first = pages.page(handle.snapshot(), undefined);
    expect(pages.page(handle.snapshot(), undefined)).toBe(first);
    expect(first.tools).toBe(handle.definitions('mcp'));
    handle.remove('t0');
    const second = pages.page(handle.snapshot(), undefined);
    expect(second).not.toBe(first);
    expect(second.tools.map((tool) => tool.name)).toEqual(['t1', 't2']);
  });

  it('pages by cursor and reports the last page without one', () => {
    const handle = handleOf(5);
    const pages = new ToolPages(2);
    const first = pages.page(handle.snapshot(), undefined);
    expect(first.nextCursor).toBe('1.2');
    const last = pages.page(handle.snapshot(), '1.4');
    expect(last.tools.map((tool) => tool.name)).toEqual(['t4']);
    expect(last.nextCursor).toBeUndefined();
    expect(pages.page(handle.snapshot(), '1.40').tools).toEqual([]);
    expect(() => pages.page(handle.snapshot(), 'abc')).toThrow(/Invalid cursor/);
  });
});
