import type { ArgumentIssue } from './argument-issue';
import { formatArgumentIssues } from './format-argument-issues';
import { invalidArgumentsFrom, type ToolError } from './tool-error';
import { withoutStackTrace } from './without-stack-trace';

/**
 * Arguments the decoder refused, before anyone asked for the error: what the engine's decoders
 * return for a rejected call. Making the `ToolError` — a native error — is most of what a rejected
 * call costs, and a host that forwards the failure's text to the model never reads the error
 * itself, so the engine's failure result makes it on first read (`FailureResult`). The text and
 * the error are the ones `ToolError.invalidArguments(issues, { toolName })` gives. Internal: every
 * public decoder hands out the `ToolError` (`toError()`).
 */
export class ArgumentRejection {
  #issues: readonly ArgumentIssue[] | undefined;
  #error: ToolError | undefined;

  /** `source` gives a non-empty list and does not throw; it is read at most once. */
  constructor(
    readonly source: () => readonly ArgumentIssue[],
    readonly toolName: string | undefined,
  ) {}

  /** This rejection attributed to `toolName` when it names no tool yet (as `ToolError.from` does). */
  attributedTo(toolName: string): ArgumentRejection {
    return this.toolName === undefined ? new ArgumentRejection(this.source, toolName) : this;
  }

  /** The model text of the error, without making it. */
  modelText(): string {
    return this.#error?.modelText ?? formatArgumentIssues(this.#readIssues(), this.toolName);
  }

  /** The `invalid_arguments` error, made once (without a stack: it is about the data). */
  toError(): ToolError {
    return (this.#error ??= withoutStackTrace(() =>
      invalidArgumentsFrom(() => this.#readIssues(), { toolName: this.toolName }),
    ));
  }

  #readIssues(): readonly ArgumentIssue[] {
    return (this.#issues ??= this.source());
  }
}

/** Whether `value` is an `ArgumentRejection`; never throws (a thrown Proxy can make `instanceof` throw). */
export function isArgumentRejection(value: unknown): value is ArgumentRejection {
  try {
    return value instanceof ArgumentRejection;
  } catch {
    return false;
  }
}
