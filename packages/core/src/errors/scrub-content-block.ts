import type { ContentBlock } from '../result/content-block';
import { scrubText } from './scrub-text';

/**
 * A content block with every host-only string in `secrets` removed from its text (a text block's
 * text, a text resource's text); the same block when nothing matched. Binary blocks are kept.
 */
export function scrubContentBlock(block: ContentBlock, secrets: readonly string[]): ContentBlock {
  if (secrets.length === 0) return block;
  if (block.type === 'text') {
    const text = scrubText(block.text, secrets);
    return text === block.text ? block : { ...block, text };
  }
  if (block.type === 'resource' && 'text' in block.resource) {
    const text = scrubText(block.resource.text, secrets);
    return text === block.resource.text ? block : { ...block, resource: { ...block.resource, text } };
  }
  return block;
}
