import type { ProgressItem } from '@toolwright/core';
import { describeContent } from './describe-content';

const MAX_CUSTOM = 200;

/** A progress item's text: the text, a content block's text, or `subkind: payload` for custom progress. */
export function describeProgress(item: ProgressItem): string {
  switch (item.kind) {
    case 'text':
      return item.text;
    case 'content':
      return describeContent(item.content);
    case 'custom': {
      let payload: string;
      try {
        payload = JSON.stringify(item.payload) ?? String(item.payload);
      } catch {
        payload = String(item.payload);
      }
      if (payload.length > MAX_CUSTOM) payload = `${payload.slice(0, MAX_CUSTOM)}…`;
      return `${item.subkind}: ${payload}`;
    }
  }
}

/** `current/total` (or `current`) when the item says where the task stands; `undefined` otherwise. */
export function describePosition(item: ProgressItem): string | undefined {
  if (item.current === undefined) return undefined;
  return item.total === undefined ? `${item.current}` : `${item.current}/${item.total}`;
}
