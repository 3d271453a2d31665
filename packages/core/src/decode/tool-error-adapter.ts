// The decode folder's one dependency on errors/: the issue type, the received-value wording and
// the ToolError constructors, kept here so a change there is a change in one place.
import type { ArgumentIssue } from '../errors/argument-issue';
import { describeReceived } from '../errors/describe-received';
import { formatArgumentIssues } from '../errors/format-argument-issues';
// Decoding errors are about the data, not where the decoder was called from: they are built
// without a stack capture, most of the cost of a rejected call.
import { withoutStackTrace } from '../errors/without-stack-trace';
import { ToolError } from '../errors/tool-error';
import { ArgumentRejection } from '../errors/argument-rejection';

export type { ArgumentIssue };
export { ArgumentRejection, describeReceived, ToolError };

/**
 * An `invalid_arguments` error listing `issues`. When more issues were found than kept
 * (`omitted` > 0), the text says how many more, which the issue list alone cannot. `cause` is host-only.
 */
export function invalidArgumentsError(
  issues: readonly ArgumentIssue[],
  omitted: number,
  toolName: string | undefined,
  cause?: unknown,
): ToolError {
  if (omitted === 0) {
    return withoutStackTrace(() => ToolError.invalidArguments(issues, { toolName, cause }));
  }
  const lines = formatArgumentIssues(issues, toolName).split('\n');
  lines.splice(lines.length - 1, 0, `  - … and ${omitted} more ${omitted === 1 ? 'problem' : 'problems'}`);
  return withoutStackTrace(
    () => new ToolError('invalid_arguments', lines.join('\n'), { toolName, cause, issues }),
  );
}

/** A `payload_too_large` error for raw arguments over the byte limit. */
export function payloadTooLargeError(
  size: string,
  maxBytes: number,
  toolName: string | undefined,
): ToolError {
  const tool = toolName ?? 'the tool';
  const text =
    `The arguments for ${tool} are ${size} bytes of JSON; the limit is ${maxBytes.toLocaleString('en-US')} bytes. ` +
    `Send less data in one call (for example, split the work into several calls).`;
  return withoutStackTrace(() =>
    ToolError.payloadTooLarge(text, {
      ...(toolName === undefined ? {} : { toolName }),
      details: { maxBytes },
    }),
  );
}
