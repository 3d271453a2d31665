// The decode folder's one dependency on errors/: the issue type, the received-value wording and
// the ToolError constructors, kept here so a change there is a change in one place.
import type { ArgumentIssue } from '../errors/argument-issue';
import { describeReceived } from '../errors/describe-received';
import { formatArgumentIssues } from '../errors/format-argument-issues';
import { ToolError } from '../errors/tool-error';

export type { ArgumentIssue };
export { describeReceived, ToolError };

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
    return withoutStack(() => ToolError.invalidArguments(issues, { toolName, cause }));
  }
  const lines = formatArgumentIssues(issues, toolName).split('\n');
  lines.splice(lines.length - 1, 0, `  - … and ${omitted} more ${omitted === 1 ? 'problem' : 'problems'}`);
  return withoutStack(
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
  return withoutStack(() =>
    ToolError.payloadTooLarge(text, {
      ...(toolName === undefined ? {} : { toolName }),
      details: { maxBytes },
    }),
  );
}

/**
 * Builds an error without capturing a stack trace. A decoding error is about the data, not about
 * where the decoder was called from, and capturing even an empty trace is most of the cost of a
 * rejected call. A limit that is not a number makes V8 skip the capture altogether (a limit of 0
 * still walks the stack); the stack is then set to what a limit of 0 gives, the header alone.
 */
function withoutStack(build: () => ToolError): ToolError {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = undefined as unknown as number;
  let error: ToolError;
  try {
    error = build();
  } finally {
    Error.stackTraceLimit = limit;
  }
  // What Error.prototype.toString gives for a named error with a message, without its C++ call.
  error.stack = `${error.name}: ${error.message}`;
  return error;
}
