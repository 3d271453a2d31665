import { scrubContentBlock } from '../errors/scrub-content-block';
import { scrubText } from '../errors/scrub-text';
import { scrubValue } from '../errors/scrub-value';
import type { ProgressItem } from './progress-item';

/**
 * A progress item with every host-only string removed from what a client or model can read
 * (R22): a text item's text, a content item's text, a custom item's payload. The same item when
 * nothing matched.
 */
export function scrubProgress(item: ProgressItem, secrets: readonly string[]): ProgressItem {
  if (secrets.length === 0) return item;
  switch (item.kind) {
    case 'text': {
      const text = scrubText(item.text, secrets);
      return text === item.text ? item : { ...item, text };
    }
    case 'content': {
      const content = scrubContentBlock(item.content, secrets);
      return content === item.content ? item : { ...item, content };
    }
    case 'custom': {
      const payload = scrubValue(item.payload, secrets);
      const subkind = scrubText(item.subkind, secrets);
      return payload === item.payload && subkind === item.subkind ? item : { ...item, subkind, payload };
    }
    default:
      return item;
  }
}
