import { ToolError } from '../errors/tool-error';
import { FailureResult } from './failure-result';
import type { ToolFailure, ToolResultMeta } from './tool-result';

/**
 * A failure result from anything thrown: normalized by `ToolError.from` (so a raw message never
 * reaches the model), attributed to `meta.toolName`, and with every host-only string in
 * `secrets` scrubbed from the model text. Its content is that one text.
 */
export function resultFromError(
  thrown: unknown,
  meta: ToolResultMeta,
  secrets?: Iterable<string>,
): ToolFailure {
  let error = ToolError.from(thrown, { toolName: meta.toolName });
  if (secrets !== undefined) error = error.scrubbed(secrets);
  return new FailureResult(error, meta);
}
