import { ToolError } from '../errors/tool-error';
import { isContentBlockList } from './content-block';
import { NO_OUTPUT_TEXT } from './default-content';
import { FailureResult } from './failure-result';
import { SuccessResult } from './success-result';
import { NO_HOST_RESULTS, type ToolResult, type ToolResultMeta } from './tool-result';

/** What a result is attributed to when its own meta is missing or malformed. */
export interface ResultOrigin {
  readonly toolName: string;
  readonly callId: string;
  readonly durationMs?: number;
}

/**
 * A well-formed `ToolResult` from a value that claims to be one (a hand-written or remote
 * stream's terminal), or `undefined` when it is not one. A valid result is returned as is;
 * repairable gaps (missing meta, empty content, a foreign error) are filled from `origin`
 * (a function is called only then, so the common case allocates nothing). Never throws.
 */
export function normalizeToolResult(
  value: unknown,
  origin: ResultOrigin | (() => ResultOrigin),
): ToolResult | undefined {
  try {
    if (typeof value !== 'object' || value === null) return undefined;
    // The runtime's own results: content is valid by construction and may not be rendered yet.
    if ((value instanceof SuccessResult || value instanceof FailureResult) && isMeta(value.meta))
      return value;
    const candidate = value as Record<string, unknown>;
    if (candidate['ok'] === true) {
      const content = candidate['content'];
      const meta = candidate['meta'];
      if (isContentBlockList(content) && isMeta(meta)) return value as ToolResult;
      if (content !== undefined && !Array.isArray(content)) return undefined;
      if (Array.isArray(content) && content.length > 0 && !isContentBlockList(content)) return undefined;
      return {
        ok: true,
        value: candidate['value'],
        json: candidate['json'] ?? null,
        content: isContentBlockList(content) ? content : [{ type: 'text', text: NO_OUTPUT_TEXT }],
        ...(isRecord(candidate['structuredContent'])
          ? { structuredContent: candidate['structuredContent'] as Record<string, unknown> }
          : {}),
        meta: repairMeta(meta, origin),
      };
    }
    if (candidate['ok'] === false) {
      const meta = repairMeta(candidate['meta'], origin);
      const error = ToolError.from(candidate['error'], { toolName: meta.toolName });
      if (
        error === candidate['error'] &&
        isMeta(candidate['meta']) &&
        isContentBlockList(candidate['content'])
      ) {
        return value as ToolResult;
      }
      return new FailureResult(error, meta);
    }
    return undefined;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isMeta(value: unknown): value is ToolResultMeta {
  if (!isRecord(value)) return false;
  const meta = value as Record<string, unknown>;
  return (
    typeof meta['toolName'] === 'string' &&
    typeof meta['callId'] === 'string' &&
    (meta['durationMs'] === undefined || typeof meta['durationMs'] === 'number') &&
    meta['hostResults'] instanceof Map
  );
}

function repairMeta(value: unknown, originOrThunk: ResultOrigin | (() => ResultOrigin)): ToolResultMeta {
  if (isMeta(value)) return value;
  const origin = typeof originOrThunk === 'function' ? originOrThunk() : originOrThunk;
  const meta = isRecord(value) ? (value as Record<string, unknown>) : {};
  const durationMs = typeof meta['durationMs'] === 'number' ? meta['durationMs'] : origin.durationMs;
  return {
    toolName: typeof meta['toolName'] === 'string' ? meta['toolName'] : origin.toolName,
    callId: typeof meta['callId'] === 'string' ? meta['callId'] : origin.callId,
    ...(durationMs === undefined ? {} : { durationMs }),
    hostResults: meta['hostResults'] instanceof Map ? meta['hostResults'] : NO_HOST_RESULTS,
    ...(meta['detached'] === true ? { detached: true } : {}),
  };
}
