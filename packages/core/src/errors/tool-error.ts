import type { ArgumentIssue } from './argument-issue';
import { defaultModelText } from './default-model-text';
import { describeThrown } from './describe-thrown';
import { formatArgumentIssues, formatOutputIssues } from './format-argument-issues';
import { scrubText } from './scrub-text';
import { toLogValue } from './to-log-value';
import { isToolErrorKind, TOOL_ERROR_KIND_TRAITS, type ToolErrorKind } from './tool-error-kind';
import { brandErrorClass, hasErrorBrand } from './error-brand';

/** What a `ToolError` carries besides its kind and model text. */
export interface ToolErrorOptions {
  /** The tool that failed; filled in by the runtime when absent. */
  readonly toolName?: string;
  /**
   * For `invalid_arguments` (and `invalid_output` for an output that does not match the declared
   * output): one entry per problem; the default model text lists them.
   */
  readonly issues?: readonly ArgumentIssue[];
  /** The original failure. Host-only: never part of model text. */
  readonly cause?: unknown;
  /** Anything the host wants to log with the error. Host-only. */
  readonly details?: Readonly<Record<string, unknown>>;
  /** A hint for retryable kinds: how long to wait before trying again. */
  readonly retryAfterMs?: number;
}

/** Options of `ToolError.from`. */
export interface ToolErrorFromOptions {
  /** The tool whose code threw; used in the generic model text. */
  readonly toolName?: string;
}

/** Options of the per-kind constructors that build the issue list themselves. */
export type ToolErrorIssueOptions = Omit<ToolErrorOptions, 'issues'>;

// Set by ToolError's static block: the one way to give an error a deferred issue source.
let deferIssues: (error: ToolError, source: () => readonly ArgumentIssue[]) => void;

/**
 * The one error type of toolwright. `kind` is from a closed list; `modelText` is the curated
 * text the model sees (short, names the problem and the next step, never a stack, host path or
 * secret); everything else (`cause`, `details`) is for the host. `message` equals `modelText`,
 * so code that forwards `error.message` cannot leak either.
 */
export class ToolError extends Error {
  /** The kind, from `TOOL_ERROR_KINDS`. */
  readonly kind: ToolErrorKind;
  /** The tool that failed, when known. */
  readonly toolName?: string;
  /** Host-only diagnostics. */
  readonly details?: Readonly<Record<string, unknown>>;
  /** For retryable kinds: a suggested wait before retrying. */
  readonly retryAfterMs?: number;
  /** The original failure, host-only. */
  declare readonly cause?: unknown;
  // The model text: given, or generated on first read (an issue list is formatted only when
  // someone reads it, so a host that retries on `kind` never pays for the text).
  #text: string | undefined;
  // The issues, or (for a decoding failure) where to build them from on first read.
  #issues: readonly ArgumentIssue[] | undefined;
  #issueSource: (() => readonly ArgumentIssue[]) | undefined;
  // A generated text may be regenerated once the tool name is known; a given text is kept as is.
  readonly #generated: boolean;

  /** Builds an error; without `modelText`, the kind's curated default (or the issue list) is used. */
  constructor(kind: ToolErrorKind, modelText?: string, options: ToolErrorOptions = {}) {
    // No message for Error itself: `message` is the model text, read through the prototype.
    super(undefined, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = isToolErrorKind(kind) ? kind : 'internal';
    this.#generated = typeof modelText !== 'string' || modelText === '';
    this.#text = this.#generated ? undefined : modelText;
    if (options.toolName !== undefined) this.toolName = options.toolName;
    this.#issues = options.issues === undefined ? undefined : Object.freeze([...options.issues]);
    this.#issueSource = undefined;
    if (options.details !== undefined) this.details = options.details;
    if (options.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
  }

  /** For `invalid_arguments` and a mismatching `invalid_output`: the problems, by JSON path. */
  get issues(): readonly ArgumentIssue[] | undefined {
    if (this.#issues === undefined && this.#issueSource !== undefined) {
      const issues = this.#issueSource();
      this.#issues = Object.isFrozen(issues) ? issues : Object.freeze([...issues]);
      this.#issueSource = undefined;
    }
    return this.#issues;
  }

  /** The text the model sees (also `message`). */
  get modelText(): string {
    return (this.#text ??= generatedText(this.kind, this));
  }

  /** Trying the same call again later may succeed (see `TOOL_ERROR_KIND_TRAITS`). */
  get retryable(): boolean {
    return TOOL_ERROR_KIND_TRAITS[this.kind].retryable;
  }

  /** Repeating the identical call, with nothing else changed, fails the same way (see `TOOL_ERROR_KIND_TRAITS`). */
  get deterministic(): boolean {
    return TOOL_ERROR_KIND_TRAITS[this.kind].deterministic;
  }

  /** This error attributed to `toolName`; a generated model text is regenerated to name the tool. */
  withToolName(toolName: string): ToolError {
    if (this.toolName === toolName) return this;
    return this.#copy(toolName, this.#generated ? undefined : this.modelText);
  }

  /** This error with every host-only string in `secrets` removed from its model text (see `scrubText`). */
  scrubbed(secrets: Iterable<string>): ToolError {
    if (Array.isArray(secrets) && secrets.length === 0) return this;
    const text = scrubText(this.modelText, secrets);
    return text === this.modelText ? this : this.#copy(this.toolName, text);
  }

  /** Everything the host should log, JSON-safe whatever `cause` and `details` hold. */
  toJSON(): Record<string, unknown> {
    return {
      name: 'ToolError',
      kind: this.kind,
      toolName: this.toolName,
      modelText: this.modelText,
      retryable: this.retryable,
      deterministic: this.deterministic,
      retryAfterMs: this.retryAfterMs,
      issues: this.issues,
      details: toLogValue(this.details),
      cause: toLogValue(this.cause),
      stack: this.stack,
    };
  }

  // Options listed rather than spread: a copy is made on every failed call, and the spread form
  // measured slower on the invalid-call bench rows.
  #copy(toolName: string | undefined, modelText: string | undefined): ToolError {
    const copy = new ToolError(this.kind, modelText, {
      toolName,
      issues: this.issues,
      cause: this.cause,
      details: this.details,
      retryAfterMs: this.retryAfterMs,
    });
    // The original stack says where the tool threw, which is what a host wants to see.
    copy.stack = this.stack;
    return copy;
  }

  static {
    deferIssues = (error, source) => {
      error.#issueSource = source;
    };
  }

  /** Whether a value is a `ToolError`, from this or any other installed copy of core. Never throws. */
  static is(value: unknown): value is ToolError {
    return hasErrorBrand(value, BRAND);
  }

  /**
   * Normalizes anything thrown into a `ToolError` and never throws itself. A `ToolError` passes
   * through (attributed to `toolName` when it names no tool); anything else (an `Error`, `null`,
   * a string, an object whose getters throw, a hostile Proxy) becomes `execution_failed` with a
   * generic model text: the raw message goes to `cause` and `details.thrown`, never to the model.
   */
  static from(thrown: unknown, options: ToolErrorFromOptions = {}): ToolError {
    const { toolName } = options;
    try {
      let error: ToolError | undefined;
      if (isLocalToolError(thrown)) error = thrown;
      else if (ToolError.is(thrown)) error = adoptForeign(thrown);
      if (error !== undefined) {
        return toolName !== undefined && error.toolName === undefined ? error.withToolName(toolName) : error;
      }
      return new ToolError('execution_failed', undefined, {
        toolName,
        cause: thrown,
        details: { thrown: describeThrown(thrown) },
      });
    } catch {
      return new ToolError('internal', undefined, toolName === undefined ? {} : { toolName });
    }
  }

  /** `invalid_arguments` from a list of issues (the model text lists them) or a ready text. */
  static invalidArguments(
    issuesOrText: readonly ArgumentIssue[] | string,
    options: ToolErrorIssueOptions = {},
  ): ToolError {
    return typeof issuesOrText === 'string'
      ? new ToolError('invalid_arguments', issuesOrText, options)
      : new ToolError('invalid_arguments', undefined, {
          toolName: options.toolName,
          cause: options.cause,
          details: options.details,
          retryAfterMs: options.retryAfterMs,
          issues: issuesOrText,
        });
  }

  /** `not_found`: the named thing (file, record, tool) does not exist. */
  static notFound(modelText?: string, options?: ToolErrorOptions): ToolError {
    return new ToolError('not_found', modelText, options);
  }

  /** `not_implemented`: the capability does not exist in this environment. */
  static notImplemented(modelText?: string, options?: ToolErrorOptions): ToolError {
    return new ToolError('not_implemented', modelText, options);
  }

  /** `permission_denied`: policy forbids the action. */
  static permissionDenied(modelText?: string, options?: ToolErrorOptions): ToolError {
    return new ToolError('permission_denied', modelText, options);
  }

  /** `rate_limited`: a quota is exhausted; pass `retryAfterMs` when known. */
  static rateLimited(modelText?: string, options?: ToolErrorOptions): ToolError {
    return new ToolError('rate_limited', modelText, options);
  }

  /** `concurrency_limited`: too many calls are running or queued. */
  static concurrencyLimited(modelText?: string, options?: ToolErrorOptions): ToolError {
    return new ToolError('concurrency_limited', modelText, options);
  }

  /** `network`: a transport failure. */
  static network(modelText?: string, options?: ToolErrorOptions): ToolError {
    return new ToolError('network', modelText, options);
  }

  /** `timeout`: the call passed its deadline and was stopped. */
  static timeout(modelText?: string, options?: ToolErrorOptions): ToolError {
    return new ToolError('timeout', modelText, options);
  }

  /** `cancelled`: the caller cancelled the call. */
  static cancelled(modelText?: string, options?: ToolErrorOptions): ToolError {
    return new ToolError('cancelled', modelText, options);
  }

  /** `missing_resource`: a dependency or context value is not provided by the host. */
  static missingResource(modelText?: string, options?: ToolErrorOptions): ToolError {
    return new ToolError('missing_resource', modelText, options);
  }

  /** `stream_no_terminal`: a tool stream ended without its terminal item. */
  static streamNoTerminal(modelText?: string, options?: ToolErrorOptions): ToolError {
    return new ToolError('stream_no_terminal', modelText, options);
  }

  /**
   * `invalid_output`: the tool's output cannot be serialized or rendered, or does not match its
   * declared output (pass `issues`: the model text lists them).
   */
  static invalidOutput(modelText?: string, options?: ToolErrorOptions): ToolError {
    return new ToolError('invalid_output', modelText, options);
  }

  /** `payload_too_large`: the arguments exceed the size limit. */
  static payloadTooLarge(modelText?: string, options?: ToolErrorOptions): ToolError {
    return new ToolError('payload_too_large', modelText, options);
  }

  /** `unavailable`: the tool or its backend is down for now. */
  static unavailable(modelText?: string, options?: ToolErrorOptions): ToolError {
    return new ToolError('unavailable', modelText, options);
  }

  /** `conflict`: the current state differs from what the call assumed. */
  static conflict(modelText?: string, options?: ToolErrorOptions): ToolError {
    return new ToolError('conflict', modelText, options);
  }

  /** `execution_failed`: the tool failed for a reason it did not classify. */
  static executionFailed(modelText?: string, options?: ToolErrorOptions): ToolError {
    return new ToolError('execution_failed', modelText, options);
  }

  /** `internal`: a bug in the runtime rather than in the tool or the call. */
  static internal(modelText?: string, options?: ToolErrorOptions): ToolError {
    return new ToolError('internal', modelText, options);
  }
}

const BRAND = brandErrorClass(ToolError, 'ToolError');

/**
 * An `invalid_arguments` error whose issues (and so its text) are built from `source` when first
 * read: the decoder's rejections, which a host that only looks at `kind` never formats. `source`
 * must give a non-empty list and must not throw. Internal.
 */
export function invalidArgumentsFrom(
  source: () => readonly ArgumentIssue[],
  options: Pick<ToolErrorOptions, 'toolName' | 'cause'>,
): ToolError {
  const error = new ToolError('invalid_arguments', undefined, options);
  deferIssues(error, source);
  return error;
}

// `message` is the model text. An assignment (as some loggers and test tools do) is kept as an own
// property, as it would be on any Error.
Object.defineProperty(ToolError.prototype, 'message', {
  get(this: ToolError): string {
    return this.modelText;
  },
  set(this: ToolError, value: unknown) {
    Object.defineProperty(this, 'message', { value, writable: true, configurable: true });
  },
  configurable: true,
});

function generatedText(
  kind: ToolErrorKind,
  options: Pick<ToolErrorOptions, 'issues' | 'toolName' | 'retryAfterMs'>,
): string {
  if (kind === 'invalid_arguments' && options.issues !== undefined && options.issues.length > 0) {
    return formatArgumentIssues(options.issues, options.toolName);
  }
  if (kind === 'invalid_output' && options.issues !== undefined && options.issues.length > 0) {
    return formatOutputIssues(options.issues, options.toolName);
  }
  return defaultModelText(kind, options);
}

function isLocalToolError(value: unknown): value is ToolError {
  try {
    return value instanceof ToolError;
  } catch {
    // `instanceof` walks the prototype chain, which a Proxy can make throw.
    return false;
  }
}

// A ToolError from another installed copy: rebuilt locally so its getters and methods exist.
function adoptForeign(foreign: object): ToolError {
  const field = (key: string): unknown => {
    try {
      return (foreign as Record<string, unknown>)[key];
    } catch {
      return undefined;
    }
  };
  const kind = field('kind');
  const modelText = field('modelText');
  const toolName = field('toolName');
  const issues = field('issues');
  const details = field('details');
  const retryAfterMs = field('retryAfterMs');
  return new ToolError(
    isToolErrorKind(kind) ? kind : 'internal',
    typeof modelText === 'string' ? modelText : undefined,
    {
      toolName: typeof toolName === 'string' ? toolName : undefined,
      issues: Array.isArray(issues) ? (issues as ArgumentIssue[]) : undefined,
      details:
        typeof details === 'object' && details !== null ? (details as Record<string, unknown>) : undefined,
      retryAfterMs: typeof retryAfterMs === 'number' ? retryAfterMs : undefined,
      cause: foreign,
    },
  );
}
