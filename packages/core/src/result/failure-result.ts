import { ArgumentRejection } from '../errors/argument-rejection';
import { scrubText } from '../errors/scrub-text';
import type { ToolError } from '../errors/tool-error';
import type { ToolErrorKind } from '../errors/tool-error-kind';
import type { ContentBlock } from './content-block';
import type { ToolFailure, ToolResultMeta } from './tool-result';

/** A failure's kind, whether it may be retried, and when. */
export interface ErrorSummary {
  readonly kind: ToolErrorKind;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
}

/**
 * The runtime's `ToolFailure`. Its one text block is built from the error's model text on first
 * read, so a failure whose text is never shown (a host retrying on `error.kind`) does not format
 * it; a decoder's rejection makes its `ToolError` only when `error` is read, so a host that only
 * forwards the text never pays for a native error. Like `SuccessResult`, `content` and `error` are
 * on the prototype; `toJSON()` gives a plain copy.
 */
export class FailureResult implements ToolFailure {
  readonly ok: false;
  readonly meta: ToolResultMeta;
  #error: ToolError | ArgumentRejection;
  // Scrubbed from a rejection's text and error when they are made (a ToolError comes scrubbed).
  readonly #secrets: Iterable<string> | undefined;
  #content: readonly ContentBlock[] | undefined;

  constructor(error: ToolError | ArgumentRejection, meta: ToolResultMeta, secrets?: Iterable<string>) {
    this.ok = false;
    this.meta = meta;
    this.#error = error;
    this.#secrets = error instanceof ArgumentRejection ? secrets : undefined;
    this.#content = undefined;
  }

  /** Why the call failed. */
  get error(): ToolError {
    const error = this.#error;
    if (!(error instanceof ArgumentRejection)) return error;
    const secrets = this.#secrets;
    const made = secrets === undefined ? error.toError() : error.toError().scrubbed(secrets);
    this.#error = made;
    return made;
  }

  /**
   * What a transport says about the failure beside its text (MCP's `_meta`), read without making
   * a rejection's error: a rejection is `invalid_arguments`, never retryable. Internal
   * (`errorSummaryOf` in `@toolwright/core/internal`).
   */
  errorSummary(): ErrorSummary {
    const error = this.#error;
    if (error instanceof ArgumentRejection) return { kind: 'invalid_arguments', retryable: false };
    return summaryOfError(error);
  }

  /** The error's model text, as the one block the model sees. */
  get content(): readonly ContentBlock[] {
    return (this.#content ??= [{ type: 'text', text: this.#modelText() }]);
  }

  /** A plain copy, `content` included. */
  toJSON(): ToolFailure {
    return { ok: false, error: this.error, content: this.content, meta: this.meta };
  }

  #modelText(): string {
    const error = this.#error;
    if (!(error instanceof ArgumentRejection)) return error.modelText;
    const secrets = this.#secrets;
    return secrets === undefined ? error.modelText() : scrubText(error.modelText(), secrets);
  }
}

/** `result.errorSummary()` for the runtime's failures; any other `ToolFailure` from its error. */
export function errorSummaryOf(result: ToolFailure): ErrorSummary {
  return result instanceof FailureResult ? result.errorSummary() : summaryOfError(result.error);
}

/** The summary of `error`: its kind, its retryability, and its retry hint when it has one. */
export function summaryOfError(error: ToolError): ErrorSummary {
  return error.retryAfterMs === undefined
    ? { kind: error.kind, retryable: error.retryable }
    : { kind: error.kind, retryable: error.retryable, retryAfterMs: error.retryAfterMs };
}
