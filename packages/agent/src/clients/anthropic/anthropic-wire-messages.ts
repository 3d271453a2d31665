import type { ContentBlock } from '@toolwright/core';
import type { AgentMessage } from '../../messages/agent-message';
import type { ToolChoice } from '../../model/model-client';
import { readJsonObject } from '../read-json-object';
import { blockText } from '../tool-content-text';

interface WireMessage {
  role: 'user' | 'assistant';
  content: unknown[];
}

/**
 * The transcript as Messages API `messages`: tool calls become `tool_use` blocks, tool results
 * `tool_result` blocks in a user message, and consecutive user-side entries merge into one
 * message (the API wants the roles to alternate).
 */
export function toAnthropicMessages(messages: readonly AgentMessage[]): unknown[] {
  const wire: WireMessage[] = [];
  const add = (role: WireMessage['role'], blocks: unknown[]): void => {
    const last = wire[wire.length - 1];
    if (last !== undefined && last.role === role) last.content.push(...blocks);
    else wire.push({ role, content: blocks });
  };
  for (const message of messages) {
    switch (message.role) {
      case 'user':
        add('user', [{ type: 'text', text: message.content }]);
        break;
      case 'assistant': {
        const blocks: unknown[] = [];
        if (message.content !== '') blocks.push({ type: 'text', text: message.content });
        for (const call of message.toolCalls ?? []) {
          blocks.push({
            type: 'tool_use',
            id: call.id,
            name: call.name,
            input: readJsonObject(call.arguments) ?? {},
          });
        }
        // The API refuses empty content; a silent turn carries nothing worth sending.
        if (blocks.length > 0) add('assistant', blocks);
        break;
      }
      case 'tool':
        add('user', [
          {
            type: 'tool_result',
            tool_use_id: message.toolCallId,
            content: message.content.map(toAnthropicBlock),
            ...(message.isError ? { is_error: true } : {}),
          },
        ]);
        break;
    }
  }
  return wire;
}

/** A `ToolChoice` (and the parallel-calls switch) as Messages API `tool_choice`. */
export function toAnthropicToolChoice(
  choice: ToolChoice | undefined,
  parallelToolCalls: boolean | undefined,
): Record<string, unknown> | undefined {
  let wire: Record<string, unknown> | undefined;
  if (choice === 'auto') wire = { type: 'auto' };
  else if (choice === 'required') wire = { type: 'any' };
  else if (choice === 'none') return { type: 'none' };
  else if (choice !== undefined) wire = { type: 'tool', name: choice.name };
  if (parallelToolCalls === false) wire = { ...(wire ?? { type: 'auto' }), disable_parallel_tool_use: true };
  return wire;
}

function toAnthropicBlock(block: ContentBlock): unknown {
  if (block.type === 'image') {
    return { type: 'image', source: { type: 'base64', media_type: block.mimeType, data: block.data } };
  }
  return { type: 'text', text: blockText(block) };
}
