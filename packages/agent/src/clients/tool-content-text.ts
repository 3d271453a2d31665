import type { ContentBlock } from '@toolwright/core';

/** Tool result blocks as one text, for wire formats whose tool results are text only. */
export function toolContentText(content: readonly ContentBlock[]): string {
  if (content.length === 1 && content[0]!.type === 'text') return content[0]!.text;
  const parts: string[] = [];
  for (const block of content) parts.push(blockText(block));
  return parts.join('\n');
}

/** One block as text: text as is, media as a short placeholder (the model cannot see base64 as an image). */
export function blockText(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
      return `[image (${block.mimeType}) omitted: this model API takes no images in tool results]`;
    case 'audio':
      return `[audio (${block.mimeType}) omitted: this model API takes no audio in tool results]`;
    case 'resource':
      return 'text' in block.resource
        ? block.resource.text
        : `[resource ${block.resource.uri}${block.resource.mimeType ? ` (${block.resource.mimeType})` : ''}]`;
  }
}
