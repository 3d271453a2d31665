import { ToolError } from '../errors/tool-error';
import { isContentBlock, isContentBlockList, type ContentBlock, type TextBlock } from './content-block';
import { resultFromError } from './result-from-error';
import { toJsonValue } from './to-json-value';
import type { ToolResult, ToolResultMeta } from './tool-result';
import { DEFAULT_MAX_TEXT_BYTES, truncateText } from './truncate-text';

/** The text the model sees when a tool returns nothing (providers reject empty content). */
export const NO_OUTPUT_TEXT = '(no output)';

/** A tool's own rendering of its output into model-visible content. */
export type ContentRenderer<T = any> = (output: T) => string | ContentBlock | readonly ContentBlock[];

/** How `resultFromOutput` renders an output. */
export interface OutputRenderOptions<T = any> {
  /** The tool's own rendering; an empty list falls back to the default rendering. */
  readonly toContent?: ContentRenderer<T>;
  /** Cap per text block, in UTF-8 bytes (default 256 KiB); longer text is cut with a visible marker. */
  readonly maxTextBytes?: number;
  /** The tool declares an output schema: an object output is also `structuredContent`. */
  readonly structured?: boolean;
}

/**
 * The result of a tool's output. `content` is never empty: a string is one text block, a content
 * block or a list of blocks is used as is, `undefined` is `(no output)`, anything else is its JSON
 * as text; `toContent` overrides that. An output that cannot be converted to JSON (a cycle, a
 * bigint, a throwing getter, …) or a `toContent` that returns no content blocks gives an
 * `invalid_output` failure, never a throw.
 */
export function resultFromOutput<T>(
  output: T,
  meta: ToolResultMeta,
  options: OutputRenderOptions<T> = {},
): ToolResult<T> {
  const maxTextBytes = options.maxTextBytes ?? DEFAULT_MAX_TEXT_BYTES;
  if (typeof output === 'string' && options.toContent === undefined) {
    return { ok: true, value: output, json: output, content: [textBlock(output, maxTextBytes)], meta };
  }
  const conversion = toJsonValue(output);
  if (!conversion.ok) {
    const tool = meta.toolName;
    return resultFromError(
      ToolError.invalidOutput(
        `${tool} produced output that could not be converted to JSON: at ${conversion.path}, ${conversion.reason}. Try different arguments or another approach.`,
        { toolName: tool, details: { path: conversion.path, reason: conversion.reason } },
      ),
      meta,
    );
  }
  const json = conversion.value;
  let content: readonly ContentBlock[];
  try {
    content =
      options.toContent === undefined
        ? defaultContent(output, json)
        : renderedContent(options.toContent(output), output, json);
  } catch (thrown) {
    return resultFromError(thrown, meta);
  }
  content = capText(content, maxTextBytes);
  if (options.structured === true && typeof json === 'object' && json !== null && !Array.isArray(json)) {
    return {
      ok: true,
      value: output,
      json,
      content,
      structuredContent: json as Record<string, unknown>,
      meta,
    };
  }
  return { ok: true, value: output, json, content, meta };
}

function defaultContent(output: unknown, json: unknown): readonly ContentBlock[] {
  if (typeof output === 'string') return [{ type: 'text', text: output === '' ? NO_OUTPUT_TEXT : output }];
  if (output === undefined) return [{ type: 'text', text: NO_OUTPUT_TEXT }];
  if (isContentBlock(output)) return [output];
  if (isContentBlockList(output)) return output;
  return [{ type: 'text', text: JSON.stringify(json) }];
}

function renderedContent(rendered: unknown, output: unknown, json: unknown): readonly ContentBlock[] {
  if (typeof rendered === 'string')
    return [{ type: 'text', text: rendered === '' ? NO_OUTPUT_TEXT : rendered }];
  if (isContentBlock(rendered)) return [rendered];
  if (Array.isArray(rendered) && rendered.length === 0) return defaultContent(output, json);
  if (isContentBlockList(rendered)) return [...rendered];
  throw ToolError.invalidOutput(undefined, {
    details: {
      reason: 'toContent returned something other than a string, a content block or a list of them',
    },
  });
}

function textBlock(text: string, maxTextBytes: number): TextBlock {
  return { type: 'text', text: text === '' ? NO_OUTPUT_TEXT : truncateText(text, maxTextBytes) };
}

function capText(content: readonly ContentBlock[], maxTextBytes: number): readonly ContentBlock[] {
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
