import { isContentBlock, isContentBlockList, type ContentBlock } from './content-block';
import { truncateText } from './truncate-text';

/** The text the model sees when a tool returns nothing (providers reject empty content). */
export const NO_OUTPUT_TEXT = '(no output)';

/**
 * The model-visible content of an output without a `toContent` of its own: a string is one text
 * block, a content block or a list of them is used as is, `undefined` is `(no output)`, anything
 * else is its JSON (`json`, already converted) as text. Text blocks are capped at `maxTextBytes`.
 * Never throws for a `json` produced by the runtime's conversion.
 */
export function defaultContent(
  output: unknown,
  json: unknown,
  maxTextBytes: number,
): readonly ContentBlock[] {
  if (typeof output === 'string') return [textBlock(output, maxTextBytes)];
  if (output === undefined) return [{ type: 'text', text: NO_OUTPUT_TEXT }];
  if (isContentBlock(output)) return capText([output], maxTextBytes);
  if (isContentBlockList(output)) return capText(output, maxTextBytes);
  return [{ type: 'text', text: truncateText(JSON.stringify(json), maxTextBytes) }];
}

/** One text block, `(no output)` for an empty text, capped at `maxTextBytes`. */
export function textBlock(text: string, maxTextBytes: number): ContentBlock {
  return { type: 'text', text: text === '' ? NO_OUTPUT_TEXT : truncateText(text, maxTextBytes) };
}

/** The blocks with every text block cut to `maxTextBytes` (the list itself when none needed it). */
export function capText(content: readonly ContentBlock[], maxTextBytes: number): readonly ContentBlock[] {
  let capped: ContentBlock[] | undefined;
  for (let index = 0; index < content.length; index++) {
    const block = content[index]!;
    if (block.type !== 'text') continue;
    const text = truncateText(block.text, maxTextBytes);
    if (text === block.text) continue;
    capped ??= [...content];
    capped[index] = { ...block, text };
  }
  return capped ?? content;
}
