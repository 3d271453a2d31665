import { ToolError } from '../errors/tool-error';
import { isContentBlock, type ContentBlock } from '../result/content-block';
import type { PromptMessage, PromptResult } from './catalog-entries';

/**
 * What a prompt method returned, as a prompt result: a string is one user message; a message
 * (`{ role, content }`, where `content` is a string or a content block — text, image, audio, an
 * embedded resource) or a list of them; or `{ description?, messages }`. Anything else, or no
 * message at all, is an `invalid_output` error naming what was wrong.
 */
export function toPromptResult(output: unknown, name: string): PromptResult {
  if (typeof output === 'string') return Object.freeze({ messages: Object.freeze([userText(output)]) });
  let description: string | undefined;
  let messages: unknown = output;
  if (typeof output === 'object' && output !== null && !Array.isArray(output) && 'messages' in output) {
    const record = output as { description?: unknown; messages?: unknown };
    if (record.description !== undefined && typeof record.description !== 'string')
      throw invalid(name, 'its description is not a string');
    description = record.description;
    messages = record.messages;
  }
  const list = Array.isArray(messages) ? messages : [messages];
  if (list.length === 0) throw invalid(name, 'it has no messages');
  const built = list.map((message, index) => toMessage(message, index, name));
  return Object.freeze(
    description === undefined
      ? { messages: Object.freeze(built) }
      : { description, messages: Object.freeze(built) },
  );
}

function toMessage(message: unknown, index: number, name: string): PromptMessage {
  if (typeof message === 'string') return userText(message);
  if (typeof message !== 'object' || message === null)
    throw invalid(name, `message ${index} is ${message === null ? 'null' : typeof message}`);
  const { role, content } = message as { role?: unknown; content?: unknown };
  if (role !== 'user' && role !== 'assistant')
    throw invalid(
      name,
      `message ${index} has the role ${JSON.stringify(role)}; MCP knows user and assistant`,
    );
  const block: ContentBlock | undefined =
    typeof content === 'string'
      ? { type: 'text', text: content }
      : isContentBlock(content)
        ? content
        : undefined;
  if (block === undefined)
    throw invalid(name, `message ${index}'s content is not text, an image, audio or an embedded resource`);
  return Object.freeze({ role, content: block });
}

function userText(text: string): PromptMessage {
  return Object.freeze({ role: 'user', content: Object.freeze({ type: 'text', text }) });
}

function invalid(name: string, what: string): ToolError {
  return ToolError.invalidOutput(`the prompt ${name} built no valid result: ${what}.`, { toolName: name });
}
