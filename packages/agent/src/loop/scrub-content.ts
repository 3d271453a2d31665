import { type ContentBlock } from '@toolwright/core';
import { scrubText } from '@toolwright/core/internal';

/**
 * Content with every host-only string removed from its text (R9): a tool that echoes a session
 * token, or a hook that quotes one, does not leak it to the model. The same array when nothing matched.
 */
export function scrubContent(
  content: readonly ContentBlock[],
  secrets: readonly string[],
): readonly ContentBlock[] {
  if (secrets.length === 0) return content;
  let scrubbed: ContentBlock[] | undefined;
  for (let index = 0; index < content.length; index++) {
    const block = content[index]!;
    const next = scrubBlock(block, secrets);
    if (next !== block) (scrubbed ??= content.slice())[index] = next;
  }
  return scrubbed ?? content;
}

function scrubBlock(block: ContentBlock, secrets: readonly string[]): ContentBlock {
  if (block.type === 'text') {
    const text = scrubText(block.text, secrets);
    return text === block.text ? block : { type: 'text', text };
  }
  if (block.type === 'resource' && 'text' in block.resource) {
    const text = scrubText(block.resource.text, secrets);
    return text === block.resource.text ? block : { type: 'resource', resource: { ...block.resource, text } };
  }
  return block;
}
