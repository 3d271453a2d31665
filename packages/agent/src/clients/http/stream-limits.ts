/**
 * What one model response may hold before the client stops reading it. The server is not
 * trusted: each limit crossed fails the request as a `protocol` `ModelError` that names it.
 */
export interface StreamLimits {
  /** Bytes of one response body, after decompression (default 32 MiB). */
  readonly maxResponseBytes: number;
  /** Characters of one line of an event stream (default 8 Mi). */
  readonly maxLineCharacters: number;
  /** Characters of the data of one event (default 8 Mi). */
  readonly maxEventCharacters: number;
  /** Tool calls in one response (default 128). */
  readonly maxToolCalls: number;
  /** Characters of one tool call's argument text (default 4 Mi, above the registry's own 1 MiB default cap). */
  readonly maxToolCallArgumentCharacters: number;
}

/** The defaults of `StreamLimits`. */
export const DEFAULT_STREAM_LIMITS: StreamLimits = Object.freeze({
  maxResponseBytes: 32 * 1024 * 1024,
  maxLineCharacters: 8 * 1024 * 1024,
  maxEventCharacters: 8 * 1024 * 1024,
  maxToolCalls: 128,
  maxToolCallArgumentCharacters: 4 * 1024 * 1024,
});

/**
 * The largest tool-call or content-block index a response may use. Indexes count the calls (or
 * blocks) of one response from 0; they are map keys, never array positions, and one this far out
 * is a broken server, not a long answer.
 */
export const MAX_STREAM_INDEX = 9_999;
