import { ToolSet } from '../../src/toolset/tool-set';
import { errorOf, testTool } from './test-tool';

describe('tool lookup (R8)', () => {
  it.each([['constructor'], ['__proto__'], ['toString'], ['hasOwnProperty'], ['valueOf']])(
    'resolves %s as not found unless it was registered',
    async (name) => {
      const tools = new ToolSet().add(testTool('read_file', () => 'x'));
      const result = await tools.call(name, '{}');
      expect(errorOf(result).kind).toBe('not_found');
      expect(tools.has(name)).toBe(false);
      expect(tools.get(name)).toBeUndefined();
    },
  );

  it('resolves a tool really named constructor or __proto__', async () => {
    const tools = new ToolSet()
      .add(testTool('constructor', () => 'built'))
      .add(testTool('__proto__', () => 'proto'));
    expect(await tools.call('constructor', '{}')).toMatchObject({ ok: true, value: 'built' });
    expect(await tools.call('__proto__', '{}')).toMatchObject({ ok: true, value: 'proto' });
    expect(tools.names()).toEqual(['constructor', '__proto__']);
  });

  it('tells the model the closest tool when the name has a typo', async () => {
    const tools = new ToolSet().add(testTool('read_file', () => 'x')).add(testTool('edit_file', () => 'y'));
    expect((await tools.call('raed_file', '{}')).content).toEqual([
      {
        type: 'text',
        text: "Unknown tool 'raed_file'. Did you mean 'read_file'? Available: read_file, edit_file.",
      },
    ]);
  });
});
