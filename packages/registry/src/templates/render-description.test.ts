import { renderDescription, type TemplateWorld } from './render-description';

const world: TemplateWorld = {
  hasTool: (name) => name === 'read_file' || name === 'edit',
  exposes: (tool, param) =>
    (tool === 'edit' && ['old_string', 'new_string'].includes(param)) ||
    (tool === 'read_file' && param === 'path'),
  firstOfKind: (kind) => (kind === 'read' ? 'read_file' : undefined),
};

describe('renderDescription', () => {
  it('renders tool names and parameter names that resolve', () => {
    const rendered = renderDescription(
      'Call ${{ tools.read_file }} first, then pass ${{params.edit.old_string}} and ${{ params.edit.new_string }}.',
      world,
    );
    expect(rendered.text).toBe('Call read_file first, then pass old_string and new_string.');
    expect(rendered.references.every((reference) => reference.value !== undefined)).toBe(true);
  });

  it('resolves a kind to the first registered tool of that kind', () => {
    expect(renderDescription('Read with ${{ tools.read }}.', world).text).toBe('Read with read_file.');
  });

  it('leaves what does not resolve as written, and reports it', () => {
    const rendered = renderDescription(
      '${{ tools.grep }} ${{ params.edit.replace_all }} ${{ params.write.path }} ${{ nonsense }}',
      world,
    );
    expect(rendered.text).toBe(
      '${{ tools.grep }} ${{ params.edit.replace_all }} ${{ params.write.path }} ${{ nonsense }}',
    );
    expect(rendered.references.map(({ type, tool, param, value }) => ({ type, tool, param, value }))).toEqual(
      [
        { type: 'tool', tool: 'grep', param: undefined, value: undefined },
        { type: 'param', tool: 'edit', param: 'replace_all', value: undefined },
        { type: 'param', tool: 'write', param: 'path', value: undefined },
        { type: 'unknown', tool: 'nonsense', param: undefined, value: undefined },
      ],
    );
  });

  it('returns a description without templates unchanged', () => {
    expect(renderDescription('Plain ${ text } and {{ braces }}.', world)).toEqual({
      text: 'Plain ${ text } and {{ braces }}.',
      references: [],
    });
  });
});
