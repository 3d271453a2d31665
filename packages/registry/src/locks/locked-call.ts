import { NO_HOST_RESULTS, resultFromError, ToolError, type ToolResult } from '@toolwright/core';
import { waitForSlot } from '@toolwright/core/internal';
import type { RegisteredTool } from '../finalize/registered-tool';
import type { HandleCallOptions } from './handle-call-options';
import { resourceClaimOf } from './resource-claim-of';
import type { ResourceLocks } from './resource-locks';

/**
 * Runs `run` once the call's claim on `locks` is granted, and releases it when the result is in.
 * A table with `maxWaiting` claims waiting refuses the call as `concurrency_limited`; a call
 * aborted while it waits ends `cancelled` without running.
 */
export async function lockedCall(
  locks: ResourceLocks,
  tool: RegisteredTool,
  raw: unknown,
  options: HandleCallOptions,
  run: () => Promise<ToolResult>,
): Promise<ToolResult> {
  const grant = locks.acquire(resourceClaimOf(tool, raw));
  let release: (() => void) | undefined;
  if (grant.status === 'granted') release = grant.release;
  else if (grant.status === 'full') {
    const error = ToolError.concurrencyLimited(
      `${tool.name} is busy: ${grant.waiting} calls are already waiting for the files or resources they work on. Try again shortly.`,
      { toolName: tool.name, details: { scope: 'resource locks', waiting: grant.waiting } },
    );
    return failure(error, tool.name, options.callId);
  } else {
    release = options.signal === undefined ? await grant.granted : await waitForSlot(grant, options.signal);
    if (release === undefined)
      return failure(ToolError.cancelled(undefined, { toolName: tool.name }), tool.name, options.callId);
  }
  try {
    return await run();
  } finally {
    release();
  }
}

function failure(error: ToolError, toolName: string, callId: string | undefined): ToolResult {
  return resultFromError(error, { toolName, callId: callId ?? '', hostResults: NO_HOST_RESULTS });
}
