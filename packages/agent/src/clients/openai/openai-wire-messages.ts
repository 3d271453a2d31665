import type { AgentMessage } from '../../messages/agent-message';
import type { ToolChoice } from '../../model/model-client';
import { toolContentText } from '../tool-content-text';

/** The transcript as Chat Completions `messages`. */
export function toOpenAiMessages(system: string | undefined, messages: readonly AgentMessage[]): unknown[] {
  const wire: unknown[] = [];
  if (system !== undefined && system !== '') wire.push({ role: 'system', content: system });
  for (const message of messages) {
    switch (message.role) {
      case 'user':
        wire.push({ role: 'user', content: message.content });
        break;
      case 'assistant': {
        const calls = message.toolCalls;
        if (calls === undefined || calls.length === 0) {
          wire.push({ role: 'assistant', content: message.content });
          break;
        }
        wire.push({
          role: 'assistant',
          content: message.content === '' ? null : message.content,
          tool_calls: calls.map((call) => ({
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: call.arguments },
          })),
        });
        break;
      }
      case 'tool':
        wire.push({
          role: 'tool',
          tool_call_id: message.toolCallId,
          content: toolContentText(message.content),
        });
        break;
    }
  }
  return wire;
}

/** A `ToolChoice` as Chat Completions `tool_choice`. */
export function toOpenAiToolChoice(choice: ToolChoice): unknown {
  return typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } };
}
