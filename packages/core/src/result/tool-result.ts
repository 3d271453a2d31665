import type { ToolError } from '../errors/tool-error';
import type { ContentBlock } from './content-block';
import type { TokenMap } from '../context/extension-entry';

/** Host-only facts about a call, carried beside the result and never shown to the model. */
export interface ToolResultMeta {
  readonly toolName: string;
  readonly callId: string;
  /**
   * Wall time from dispatch to result, in milliseconds; only on calls made with `timing: true`
   * (`ToolSet` or call option, `createCallContext`). Reading the clock twice costs about a quarter
   * of a whole fast call, so untimed calls do not.
   */
  readonly durationMs?: number;
  /** What the tool recorded with `ctx.setResult(token, value)`. */
  readonly hostResults: TokenMap;
  /** The call ended (timeout, cancel) while the tool was still running; its late outcome is dropped. */
  readonly detached?: boolean;
}

/**
 * Where one of the runtime's results reads its meta the first time it is asked: the call's
 * context. A call whose meta nobody reads builds none (nor the text of its call id). Internal.
 */
export interface MetaSource {
  resultMeta(): ToolResultMeta;
}

/**
 * The meta of one call, keys always in this order: `durationMs` only on a timed call, `detached`
 * only on a call that ended while its tool still ran.
 */
export function callMeta(
  toolName: string,
  callId: string,
  hostResults: TokenMap,
  durationMs?: number,
  detached?: boolean,
): ToolResultMeta {
  const meta = { toolName, callId, hostResults };
  if (durationMs === undefined) return detached === true ? { ...meta, detached } : meta;
  return detached === true ? { ...meta, durationMs, detached } : { ...meta, durationMs };
}

/** Whether `meta` is a `MetaSource` rather than the meta itself. */
export function isMetaSource(meta: ToolResultMeta | MetaSource): meta is MetaSource {
  return typeof (meta as Partial<MetaSource>).resultMeta === 'function';
}

/** The meta itself, asking the source for it if need be. */
export function metaOf(meta: ToolResultMeta | MetaSource): ToolResultMeta {
  return isMetaSource(meta) ? meta.resultMeta() : meta;
}

/** A successful call: the output, its JSON form and the model-visible content. */
export interface ToolSuccess<T = unknown> {
  readonly ok: true;
  /** The output exactly as the tool returned it. */
  readonly value: T;
  /** The output's JSON-safe form (class instances become plain objects, dates strings). */
  readonly json: unknown;
  /** What the model sees; never empty. */
  readonly content: readonly ContentBlock[];
  /** `json`, when the tool declares an output schema and the output is an object (MCP structured content). */
  readonly structuredContent?: Record<string, unknown>;
  readonly meta: ToolResultMeta;
}

/** A failed call: the error and the one text block the model sees (its scrubbed model text). */
export interface ToolFailure {
  readonly ok: false;
  readonly error: ToolError;
  readonly content: readonly ContentBlock[];
  readonly meta: ToolResultMeta;
}

/** The outcome of one tool call. Exactly one per call, always. */
export type ToolResult<T = unknown> = ToolSuccess<T> | ToolFailure;

/** The shared, empty host-result map of calls that recorded nothing (saves a Map per call). */
export const NO_HOST_RESULTS: TokenMap = new Map();
