import { ToolSet } from '../toolset/tool-set';
import { createErasedTool } from './create-erased-tool';
import { redefineTool } from './redefine-tool';

describe('redefineTool', () => {
  const original = createErasedTool({
    definition: { name: 'echo', description: 'Echo.' },
    decode: (raw) => (typeof raw === 'string' ? JSON.parse(raw) : raw),
    invoke: async (args: { text: string }) => args.text,
  });

  it('serves the new definition and runs the original, with and without a progress listener', async () => {
    const definition = Object.freeze({ ...original.definition, description: 'Echo the text back.' });
    const redefined = redefineTool(original, definition);
    expect(redefined.definition).toBe(definition);
    expect(Object.isFrozen(redefined)).toBe(true);
    const tools = new ToolSet().add(redefined);
    const direct = await tools.call('echo', '{"text":"hi"}');
    const streamed = await tools.call('echo', '{"text":"hi"}', { onProgress: () => undefined });
    expect(direct.ok && direct.value).toBe('hi');
    expect(streamed.ok && streamed.value).toBe('hi');
  });

  it('refuses to change the name', () => {
    const renamed = Object.freeze({ ...original.definition, name: 'shout' });
    expect(() => redefineTool(original, renamed)).toThrow(
      'redefineTool keeps a tool\'s name: "echo" cannot become "shout".',
    );
  });
});
