import { createCallId } from '../context/call-id';
import { callMeta, NO_HOST_RESULTS, type ToolResultMeta } from '../result/tool-result';

/** The call a stream belongs to, for results the stream machinery has to make up itself. */
export interface StreamOrigin {
  readonly toolName?: string;
  readonly callId?: string;
  /** The call is timed (`ToolCallContext` timing): made-up results carry `durationMs` too. */
  readonly timed?: boolean;
}

// Used when a broken stream says nothing about itself.
const UNKNOWN_TOOL = 'unknown_tool';

/**
 * Meta for a result synthesized on behalf of `origin` (a missing terminal, a throwing stream).
 * Without `startedAt` there is no duration: the fast paths do not read the clock just in case.
 */
export function originMeta(origin: StreamOrigin, startedAt?: number): ToolResultMeta {
  return callMeta(
    origin.toolName ?? UNKNOWN_TOOL,
    origin.callId ?? createCallId(),
    NO_HOST_RESULTS,
    startedAt === undefined ? undefined : performance.now() - startedAt,
  );
}

/** The clock at the start of a call `origin` says is timed; `undefined` (no clock read) otherwise. */
export function originStart(origin: StreamOrigin): number | undefined {
  return origin.timed === true ? performance.now() : undefined;
}
