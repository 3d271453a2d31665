import { isContentBlock, type ContentBlock } from '../result/content-block';

/** Where a long task stands, when the tool knows (`current` of `total`). */
export interface ProgressPosition {
  readonly current?: number;
  readonly total?: number;
}

/** Progress as a line of text ("Indexed 120 of 400 files"). */
export interface TextProgress extends ProgressPosition {
  readonly type: 'progress';
  readonly kind: 'text';
  readonly text: string;
}

/** Progress as a content block (a partial image, a chunk of output). */
export interface ContentProgress extends ProgressPosition {
  readonly type: 'progress';
  readonly kind: 'content';
  readonly content: ContentBlock;
}

/** Progress in a host-defined shape, named by `subkind`. */
export interface CustomProgress extends ProgressPosition {
  readonly type: 'progress';
  readonly kind: 'custom';
  readonly subkind: string;
  readonly payload: unknown;
}

/** One progress item of a tool stream. */
export type ProgressItem = TextProgress | ContentProgress | CustomProgress;

/** Whether a value is a well-formed progress item (hand-written and remote streams may send anything). Never throws. */
export function isProgressItem(value: unknown): value is ProgressItem {
  try {
    if (typeof value !== 'object' || value === null) return false;
    const item = value as Record<string, unknown>;
    if (item['type'] !== 'progress') return false;
    if (!isOptionalNumber(item['current']) || !isOptionalNumber(item['total'])) return false;
    switch (item['kind']) {
      case 'text':
        return typeof item['text'] === 'string';
      case 'content':
        return isContentBlock(item['content']);
      case 'custom':
        return typeof item['subkind'] === 'string';
      default:
        return false;
    }
  } catch {
    return false;
  }
}

/**
 * The progress item for a value a streaming tool yielded: a string is text progress, a content
 * block content progress, a well-formed progress item passes through, and anything else is
 * custom progress of subkind `value` carrying it.
 */
export function toProgressItem(value: unknown): ProgressItem {
  if (typeof value === 'string') return { type: 'progress', kind: 'text', text: value };
  if (isContentBlock(value)) return { type: 'progress', kind: 'content', content: value };
  if (isProgressItem(value)) return value;
  return { type: 'progress', kind: 'custom', subkind: 'value', payload: value };
}

function isOptionalNumber(value: unknown): boolean {
  return value === undefined || (typeof value === 'number' && Number.isFinite(value));
}
