/** A text block: what most tools return. */
export interface TextBlock {
  readonly type: 'text';
  readonly text: string;
}

/** An image, base64-encoded. */
export interface ImageBlock {
  readonly type: 'image';
  /** Base64 data. */
  readonly data: string;
  readonly mimeType: string;
}

/** An audio clip, base64-encoded. */
export interface AudioBlock {
  readonly type: 'audio';
  /** Base64 data. */
  readonly data: string;
  readonly mimeType: string;
}

/** The contents of an embedded resource: text or a base64 blob. */
export type ResourceContents =
  | { readonly uri: string; readonly mimeType?: string; readonly text: string }
  | { readonly uri: string; readonly mimeType?: string; readonly blob: string };

/** An embedded resource (a file, a document) with its contents. */
export interface ResourceBlock {
  readonly type: 'resource';
  readonly resource: ResourceContents;
}

/** A model-visible block of a tool result, shaped like an MCP content block. */
export type ContentBlock = TextBlock | ImageBlock | AudioBlock | ResourceBlock;

/**
 * Whether a value is a well-formed content block. Strict on the fields each type requires, so a
 * tool's ordinary data (`{ type: 'text' }` without `text`, say) is not mistaken for a block.
 * Never throws.
 */
export function isContentBlock(value: unknown): value is ContentBlock {
  try {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const block = value as Record<string, unknown>;
    switch (block['type']) {
      case 'text':
        return typeof block['text'] === 'string';
      case 'image':
      case 'audio':
        return typeof block['data'] === 'string' && typeof block['mimeType'] === 'string';
      case 'resource':
        return isResourceContents(block['resource']);
      default:
        return false;
    }
  } catch {
    return false;
  }
}

/** Whether a value is a non-empty array of well-formed content blocks. Never throws. */
export function isContentBlockList(value: unknown): value is readonly ContentBlock[] {
  try {
    return Array.isArray(value) && value.length > 0 && value.every(isContentBlock);
  } catch {
    return false;
  }
}

function isResourceContents(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const resource = value as Record<string, unknown>;
  if (typeof resource['uri'] !== 'string') return false;
  if (resource['mimeType'] !== undefined && typeof resource['mimeType'] !== 'string') return false;
  return typeof resource['text'] === 'string' || typeof resource['blob'] === 'string';
}
