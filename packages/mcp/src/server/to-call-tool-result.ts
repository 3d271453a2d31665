import type { ToolError, ToolResult } from '@toolwright/core';
import { errorSummaryOf, summaryOfError } from '@toolwright/core/internal';
import type { CallToolResult } from '@modelcontextprotocol/server';

/** The `_meta` key under which an error result carries its toolwright kind (read back by `importMcpTools`). */
export const ERROR_META_KEY = 'toolwright/error';

/** What an error result says about its failure in `_meta['toolwright/error']`. */
export interface ErrorMeta {
  readonly kind: string;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
}

/**
 * A toolwright result as an MCP `CallToolResult`: the content blocks, `structuredContent` only on
 * success and only when the tool declares an output schema (core sets it then), and failures as
 * `isError: true` with the curated, scrubbed model text — never a protocol error.
 */
export function toCallToolResult(result: ToolResult): CallToolResult {
  if (result.ok) {
    const content = result.content as CallToolResult['content'];
    return result.structuredContent === undefined
      ? { content }
      : { content, structuredContent: result.structuredContent as Record<string, unknown> };
  }
  // The error's summary, not the error: a rejected call's native error is made only if read.
  return {
    content: result.content as CallToolResult['content'],
    isError: true,
    _meta: { [ERROR_META_KEY]: errorSummaryOf(result) satisfies ErrorMeta },
  };
}

/** An `isError` result for `error`, with `content` when given (else its model text). */
export function errorResult(error: ToolError, content?: CallToolResult['content']): CallToolResult {
  return {
    content: content ?? [{ type: 'text', text: error.modelText }],
    isError: true,
    _meta: { [ERROR_META_KEY]: summaryOfError(error) satisfies ErrorMeta },
  };
}
