import { formatDuration } from './format-duration';
import type { ToolErrorKind } from './tool-error-kind';

/** What a default text may mention beyond the kind. */
export interface ModelTextSubject {
  readonly toolName?: string;
  readonly retryAfterMs?: number;
}

type TextBuilder = (tool: string, Tool: string, retryAfterMs: number | undefined) => string;

// Each text names the problem and the model's next step; none mentions hosts, paths or causes.
const TEXTS: Readonly<Record<ToolErrorKind, TextBuilder>> = {
  invalid_arguments: (tool) =>
    `Invalid arguments for ${tool}. Check them against the tool's parameters and call ${tool} again.`,
  not_found: (_tool, Tool) =>
    `${Tool} could not find what it was asked for. Check the name or path and try again.`,
  not_implemented: (_tool, Tool) => `${Tool} is not implemented in this environment. Use another tool.`,
  permission_denied: (_tool, Tool) =>
    `${Tool} is not permitted to do that. Do not repeat the call; choose an action that is allowed.`,
  rate_limited: (_tool, Tool, retryAfterMs) =>
    `${Tool} is rate limited. Wait${retryAfterMs === undefined ? '' : ` about ${formatDuration(retryAfterMs)}`} before calling it again.`,
  concurrency_limited: (_tool, Tool, retryAfterMs) =>
    `${Tool} is busy: too many calls are running. Try again ${retryAfterMs === undefined ? 'shortly' : `in about ${formatDuration(retryAfterMs)}`}.`,
  network: (_tool, Tool) => `${Tool} failed because of a network error. Try again shortly.`,
  timeout: (_tool, Tool) =>
    `${Tool} did not finish in time and was stopped. Try again, or ask for less work in one call.`,
  cancelled: (tool) => `The call to ${tool} was cancelled before it finished.`,
  missing_resource: (_tool, Tool) =>
    `${Tool} cannot run: a resource it needs is not configured on the host. Use another tool.`,
  stream_no_terminal: (_tool, Tool) =>
    `${Tool} stopped without returning a result. Try again or use another approach.`,
  invalid_output: (_tool, Tool) =>
    `${Tool} produced output that could not be returned. Try different arguments or another approach.`,
  payload_too_large: (tool) => `The arguments for ${tool} are too large. Send less data in one call.`,
  unavailable: (_tool, Tool) => `${Tool} is temporarily unavailable. Try again later.`,
  conflict: (_tool, Tool) =>
    `${Tool} could not proceed because the current state differs from what it expected. Refresh the state (for example, read the file again) and retry with updated arguments.`,
  execution_failed: (_tool, Tool) =>
    `${Tool} failed while running; the host has the details. Try another approach or different arguments.`,
  internal: (tool) =>
    `An internal error occurred while running ${tool}; the host has the details. Try again or use another tool.`,
};

/** The curated model text a `ToolError` of `kind` gets when its creator gives none. */
export function defaultModelText(kind: ToolErrorKind, subject: ModelTextSubject = {}): string {
  const { toolName, retryAfterMs } = subject;
  return TEXTS[kind](toolName ?? 'the tool', toolName ?? 'The tool', retryAfterMs);
}
