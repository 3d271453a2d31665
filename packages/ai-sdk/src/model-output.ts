import type { ContentBlock } from '@toolwright/core';
import type { Tool } from 'ai' with { 'resolution-mode': 'import' };
import type { AiSdkToolOutput } from './ai-sdk-tool-output';

/** What the AI SDK sends the model for a tool result (its `ToolResultOutput`, not exported by `ai`). */
export type ToolResultOutput = Awaited<ReturnType<NonNullable<Tool['toModelOutput']>>>;

type ContentPart = Extract<ToolResultOutput, { type: 'content' }>['value'][number];

/**
 * The model-facing form of a toolwright result (the AI SDK's `toModelOutput`): text blocks as one
 * text, anything else (images, audio, resources) as AI SDK content parts.
 */
export function toModelOutput({ output }: { readonly output: unknown }): ToolResultOutput {
  const result = output as AiSdkToolOutput | undefined;
  if (result?.type !== 'result') return { type: 'json', value: null };
  const content = result.content;
  if (content.every((block) => block.type === 'text')) {
    return { type: 'text', value: content.map((block) => (block as { text: string }).text).join('\n') };
  }
  return { type: 'content', value: content.map(toPart) };
}

function toPart(block: ContentBlock): ContentPart {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image':
    case 'audio':
      return { type: 'file-data', data: block.data, mediaType: block.mimeType };
    case 'resource':
      return 'text' in block.resource
        ? { type: 'text', text: block.resource.text }
        : {
            type: 'file-data',
            data: block.resource.blob,
            mediaType: block.resource.mimeType ?? 'application/octet-stream',
          };
  }
}
