import type { ContentBlock } from '@toolwright/core';

// A remote error text is shown to the model, but a hostile server must not flood it.
const MAX_ERROR_TEXT = 4000;

/** A remote server's content blocks as toolwright blocks; blocks toolwright has no form for become text. */
export function toContentBlocks(content: unknown): ContentBlock[] {
  if (!Array.isArray(content)) return [];
  const blocks: ContentBlock[] = [];
  for (const item of content) {
    if (typeof item !== 'object' || item === null) continue;
    const block = item as Record<string, unknown>;
    switch (block['type']) {
      case 'text':
        if (typeof block['text'] === 'string') blocks.push({ type: 'text', text: block['text'] });
        break;
      case 'image':
      case 'audio':
        if (typeof block['data'] === 'string' && typeof block['mimeType'] === 'string') {
          blocks.push({ type: block['type'], data: block['data'], mimeType: block['mimeType'] });
        }
        break;
      case 'resource': {
        const resource = block['resource'] as Record<string, unknown> | undefined;
        if (typeof resource !== 'object' || resource === null || typeof resource['uri'] !== 'string') break;
        const mimeType = typeof resource['mimeType'] === 'string' ? { mimeType: resource['mimeType'] } : {};
        if (typeof resource['text'] === 'string') {
          blocks.push({
            type: 'resource',
            resource: { uri: resource['uri'], ...mimeType, text: resource['text'] },
          });
        } else if (typeof resource['blob'] === 'string') {
          blocks.push({
            type: 'resource',
            resource: { uri: resource['uri'], ...mimeType, blob: resource['blob'] },
          });
        }
        break;
      }
      case 'resource_link':
        if (typeof block['uri'] === 'string') {
          const name = typeof block['name'] === 'string' ? `${block['name']}: ` : '';
          blocks.push({ type: 'text', text: `[resource link] ${name}${block['uri']}` });
        }
        break;
      default:
        blocks.push({
          type: 'text',
          text: `[content of type ${String(block['type']).slice(0, 40)} omitted]`,
        });
    }
  }
  return blocks;
}

/** The text of an error result, for the model: its text blocks joined, capped. */
export function errorText(content: unknown): string {
  const text = toContentBlocks(content)
    .map((block) => (block.type === 'text' ? block.text : `[${block.type}]`))
    .join('\n')
    .trim();
  if (text === '') return '';
  return text.length > MAX_ERROR_TEXT ? `${text.slice(0, MAX_ERROR_TEXT)}… [truncated]` : text;
}

/** A description capped to `max` characters, control characters other than newlines and tabs removed. */
export function capDescription(description: unknown, max: number, fallback: string): string {
  const text =
    typeof description === 'string'
      ? description.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim()
      : '';
  if (text === '') return fallback;
  return text.length > max ? `${text.slice(0, max)}… [description truncated]` : text;
}
