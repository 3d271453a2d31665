/** Every kind a `ToolError` can have: a closed list, so callers can switch on it exhaustively. */
export const TOOL_ERROR_KINDS = [
  'invalid_arguments',
  'not_found',
  'not_implemented',
  'permission_denied',
  'rate_limited',
  'concurrency_limited',
  'network',
  'timeout',
  'cancelled',
  'missing_resource',
  'stream_no_terminal',
  'invalid_output',
  'payload_too_large',
  'unavailable',
  'conflict',
  'execution_failed',
  'internal',
] as const;

/** The kind of a `ToolError`, one of `TOOL_ERROR_KINDS`. */
export type ToolErrorKind = (typeof TOOL_ERROR_KINDS)[number];

const KIND_SET: ReadonlySet<string> = new Set(TOOL_ERROR_KINDS);

/** Whether a value is one of the `TOOL_ERROR_KINDS`. */
export function isToolErrorKind(value: unknown): value is ToolErrorKind {
  return typeof value === 'string' && KIND_SET.has(value);
}

/** What a kind tells the caller about its next step (see `TOOL_ERROR_KIND_TRAITS`). */
export interface ToolErrorKindTraits {
  /** Trying the same call again later may succeed, with nothing else changed. */
  readonly retryable: boolean;
  /** Repeating the identical call, with nothing else changed, fails the same way. */
  readonly deterministic: boolean;
}

/**
 * The traits of each kind. A kind is at most one of the two; some are neither, because the
 * runtime cannot know (a generic failure, a cancellation, a broken stream).
 *
 * | kind                 | retryable | deterministic | why                                                        |
 * |----------------------|-----------|---------------|------------------------------------------------------------|
 * | invalid_arguments    | no        | yes           | the same arguments decode the same way                     |
 * | not_found            | no        | yes           | the same name or path is still missing                     |
 * | not_implemented      | no        | yes           | the capability does not exist here                         |
 * | permission_denied    | no        | yes           | policy does not change between attempts                    |
 * | rate_limited         | yes       | no            | a quota that refills                                       |
 * | concurrency_limited  | yes       | no            | slots free up when running calls finish                    |
 * | network              | yes       | no            | transient transport failure                                |
 * | timeout              | yes       | no            | may finish in time on a less loaded host                   |
 * | cancelled            | no        | no            | the caller stopped it; says nothing about the input        |
 * | missing_resource     | no        | yes           | host configuration is absent until someone binds it        |
 * | stream_no_terminal   | no        | no            | a broken stream may be a bug or a dropped connection       |
 * | invalid_output       | no        | yes           | the same input gives the same unserializable/wrong output  |
 * | payload_too_large    | no        | yes           | the same payload stays too large                           |
 * | unavailable          | yes       | no            | the service is expected back                               |
 * | conflict             | no        | yes           | the state must change (re-read, refresh) before a retry    |
 * | execution_failed     | no        | no            | an arbitrary throw: the runtime cannot tell                |
 * | internal             | no        | no            | a runtime bug: the runtime cannot tell                     |
 */
export const TOOL_ERROR_KIND_TRAITS: Readonly<Record<ToolErrorKind, ToolErrorKindTraits>> = Object.freeze({
  invalid_arguments: { retryable: false, deterministic: true },
  not_found: { retryable: false, deterministic: true },
  not_implemented: { retryable: false, deterministic: true },
  permission_denied: { retryable: false, deterministic: true },
  rate_limited: { retryable: true, deterministic: false },
  concurrency_limited: { retryable: true, deterministic: false },
  network: { retryable: true, deterministic: false },
  timeout: { retryable: true, deterministic: false },
  cancelled: { retryable: false, deterministic: false },
  missing_resource: { retryable: false, deterministic: true },
  stream_no_terminal: { retryable: false, deterministic: false },
  invalid_output: { retryable: false, deterministic: true },
  payload_too_large: { retryable: false, deterministic: true },
  unavailable: { retryable: true, deterministic: false },
  conflict: { retryable: false, deterministic: true },
  execution_failed: { retryable: false, deterministic: false },
  internal: { retryable: false, deterministic: false },
});
