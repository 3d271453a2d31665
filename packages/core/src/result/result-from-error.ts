import { isArgumentRejection } from '../errors/argument-rejection';
import { ToolError } from '../errors/tool-error';
import { FailureResult } from './failure-result';
import type { ToolFailure, ToolResultMeta } from './tool-result';

/**
 * A failure result from anything thrown: normalized by `ToolError.from` (so a raw message never
 * reaches the model), attributed to `meta.toolName`, and with every host-only string in
 * `secrets` scrubbed from the model text. Its content is that one text. A decoder's
 * `ArgumentRejection` stays one until the result's `error` is read.
 */
export function resultFromError(
  thrown: unknown,
  meta: ToolResultMeta,
  secrets?: Iterable<string>,
): ToolFailure {
  if (isArgumentRejection(thrown)) {
    return new FailureResult(thrown.attributedTo(meta.toolName), meta, secrets);
  }
  let error = ToolError.from(thrown, { toolName: meta.toolName });
  if (secrets !== undefined) error = error.scrubbed(secrets);
  return new FailureResult(error, meta);
}
