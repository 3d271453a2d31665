import { toAnthropicMessages, toAnthropicToolChoice } from './anthropic-wire-messages';

describe('toAnthropicMessages', () => {
  it('merges tool results and a following user message into one user turn, and sends images as images', () => {
    expect(
      toAnthropicMessages([
        { role: 'user', content: 'look' },
        {
          role: 'assistant',
          content: 'Sure.',
          toolCalls: [{ id: 't1', name: 'shot', arguments: '{"x":1}' }],
        },
        {
          role: 'tool',
          toolCallId: 't1',
          toolName: 'shot',
          content: [
            { type: 'image', data: 'AAAA', mimeType: 'image/png' },
            { type: 'resource', resource: { uri: 'file:///a.txt', text: 'hello' } },
          ],
          isError: false,
        },
        { role: 'user', content: 'and?' },
      ]),
    ).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'look' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Sure.' },
          { type: 'tool_use', id: 't1', name: 'shot', input: { x: 1 } },
        ],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 't1',
            content: [
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
              { type: 'text', text: 'hello' },
            ],
          },
          { type: 'text', text: 'and?' },
        ],
      },
    ]);
  });

  it('drops a silent assistant turn, which the API would refuse', () => {
    expect(
      toAnthropicMessages([
        { role: 'user', content: 'a' },
        { role: 'assistant', content: '' },
      ]),
    ).toEqual([{ role: 'user', content: [{ type: 'text', text: 'a' }] }]);
  });
});

describe('toAnthropicToolChoice', () => {
  it('maps every choice', () => {
    expect(toAnthropicToolChoice(undefined, undefined)).toBeUndefined();
    expect(toAnthropicToolChoice('auto', undefined)).toEqual({ type: 'auto' });
    expect(toAnthropicToolChoice('required', undefined)).toEqual({ type: 'any' });
    expect(toAnthropicToolChoice('none', false)).toEqual({ type: 'none' });
    expect(toAnthropicToolChoice({ name: 'grep' }, undefined)).toEqual({ type: 'tool', name: 'grep' });
    expect(toAnthropicToolChoice(undefined, false)).toEqual({
      type: 'auto',
      disable_parallel_tool_use: true,
    });
  });
});
