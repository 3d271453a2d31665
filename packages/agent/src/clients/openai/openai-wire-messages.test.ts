import { toOpenAiMessages, toOpenAiToolChoice } from './openai-wire-messages';

describe('toOpenAiMessages', () => {
  it('renders tool calls with null content and tool results as text, media as placeholders', () => {
    expect(
      toOpenAiMessages('sys', [
        { role: 'user', content: 'u' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c', name: 'n', arguments: '{' }] },
        {
          role: 'tool',
          toolCallId: 'c',
          toolName: 'n',
          content: [
            { type: 'text', text: 'a' },
            { type: 'image', data: 'AAAA', mimeType: 'image/png' },
          ],
          isError: true,
        },
        { role: 'assistant', content: 'done' },
      ]),
    ).toEqual([
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'u' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c', type: 'function', function: { name: 'n', arguments: '{' } }],
      },
      {
        role: 'tool',
        tool_call_id: 'c',
        content: 'a\n[image (image/png) omitted: this model API takes no images in tool results]',
      },
      { role: 'assistant', content: 'done' },
    ]);
  });

  it('maps tool choices', () => {
    expect(toOpenAiToolChoice('required')).toBe('required');
    expect(toOpenAiToolChoice({ name: 'grep' })).toEqual({ type: 'function', function: { name: 'grep' } });
  });
});
