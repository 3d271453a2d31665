import { type ContentBlock } from '@toolwright/core';
import { scrubContentBlock } from '@toolwright/core/internal';

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
    const next = scrubContentBlock(block, secrets);
    if (next !== block) (scrubbed ??= content.slice())[index] = next;
  }
  return scrubbed ?? content;
}
