import { ToolError } from '../errors/tool-error';
import { isContentBlock, isContentBlockList, type ContentBlock } from './content-block';
import { capText, defaultContent, NO_OUTPUT_TEXT, textBlock } from './default-content';
import { isPlainJson } from './is-plain-json';
import { resultFromError } from './result-from-error';
import { SuccessResult } from './success-result';
import { toJsonValue } from './to-json-value';
import { metaOf, type MetaSource, type ToolResult, type ToolResultMeta } from './tool-result';
import { DEFAULT_MAX_TEXT_BYTES } from './truncate-text';

export { NO_OUTPUT_TEXT };

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
 *
 * `json` is the output itself when the output is already plain JSON data (see `isPlainJson`),
 * a converted copy otherwise. The default rendering is done when `content` is first read (it
 * cannot fail once the output converted); a `toContent` runs here.
 */
export function resultFromOutput<T>(
  output: T,
  meta: ToolResultMeta,
  options: OutputRenderOptions<T> = {},
): ToolResult<T> {
  return outputResult(output, meta, options);
}

/** `resultFromOutput` for the engine, whose success results read their meta from the call on first use. */
export function outputResult<T>(
  output: T,
  meta: ToolResultMeta | MetaSource,
  options: OutputRenderOptions<T>,
): ToolResult<T> {
  const maxTextBytes = options.maxTextBytes ?? DEFAULT_MAX_TEXT_BYTES;
  if (typeof output === 'string' && options.toContent === undefined) {
    return new SuccessResult(output, output, undefined, maxTextBytes, meta);
  }
  let json: unknown;
  if (isPlainJson(output)) {
    json = output;
  } else {
    const conversion = toJsonValue(output);
    if (!conversion.ok) {
      const known = metaOf(meta);
      const tool = known.toolName;
      return resultFromError(
        ToolError.invalidOutput(
          `${tool} produced output that could not be converted to JSON: at ${conversion.path}, ${conversion.reason}. Try different arguments or another approach.`,
          { toolName: tool, details: { path: conversion.path, reason: conversion.reason } },
        ),
        known,
      );
    }
    json = conversion.value;
  }
  let content: readonly ContentBlock[] | undefined;
  if (options.toContent !== undefined) {
    try {
      content = capText(renderedContent(options.toContent(output), output, json, maxTextBytes), maxTextBytes);
    } catch (thrown) {
      return resultFromError(thrown, metaOf(meta));
    }
  }
  const structured =
    options.structured === true && typeof json === 'object' && json !== null && !Array.isArray(json)
      ? (json as Record<string, unknown>)
      : undefined;
  return new SuccessResult(output, json, content, maxTextBytes, meta, structured);
}

function renderedContent(
  rendered: unknown,
  output: unknown,
  json: unknown,
  maxTextBytes: number,
): readonly ContentBlock[] {
  if (typeof rendered === 'string') return [textBlock(rendered, maxTextBytes)];
  if (isContentBlock(rendered)) return [rendered];
  if (Array.isArray(rendered) && rendered.length === 0) return defaultContent(output, json, maxTextBytes);
  if (isContentBlockList(rendered)) return [...rendered];
  throw ToolError.invalidOutput(undefined, {
    details: {
      reason: 'toContent returned something other than a string, a content block or a list of them',
    },
  });
}
