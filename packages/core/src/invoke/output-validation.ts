import type { ArgumentIssue } from '../errors/argument-issue';

/**
 * What happens when a tool's output does not match its declared output: `strict` makes the call an
 * `invalid_output` failure naming every mismatch, `warn` serves the output and tells the
 * `onOutputMismatch` listener, `off` does not check.
 */
export type OutputValidationMode = 'strict' | 'warn' | 'off';

/** The mode of a tool, tool set or registry that sets none. */
export const DEFAULT_OUTPUT_VALIDATION: OutputValidationMode = 'strict';

/** The modes, for checking an option. */
export const OUTPUT_VALIDATION_MODES: readonly OutputValidationMode[] = Object.freeze([
  'strict',
  'warn',
  'off',
]);

/** Whether a value is an `OutputValidationMode`. */
export function isOutputValidationMode(value: unknown): value is OutputValidationMode {
  return value === 'strict' || value === 'warn' || value === 'off';
}

/** One output that did not match its tool's declared output, as `onOutputMismatch` hears of it. */
export interface OutputMismatch {
  /** The tool whose output it was. */
  readonly tool: string;
  readonly callId: string;
  /** What was wrong, by JSON path in the output (`''` for the output as a whole). */
  readonly issues: readonly ArgumentIssue[];
  /** `strict`: the call failed with `invalid_output`; `warn`: the output was served. */
  readonly mode: 'strict' | 'warn';
}

/** Hears of every output that did not match (host-only: logging, metrics); its throws are ignored. */
export type OutputMismatchListener = (mismatch: OutputMismatch) => void;

/** A tool set's output validation, handed to each call through its context. Internal. */
export interface OutputPolicy {
  readonly mode: OutputValidationMode | undefined;
  readonly onMismatch: OutputMismatchListener | undefined;
}

/**
 * The policy of a set's options, `undefined` when they set neither (the common case: a call then
 * reads nothing more). Throws a `TypeError` naming `owner` for a mode or listener of the wrong kind.
 */
export function outputPolicyOf(owner: string, mode: unknown, onMismatch: unknown): OutputPolicy | undefined {
  if (mode === undefined && onMismatch === undefined) return undefined;
  checkOutputValidationMode(owner, mode);
  if (onMismatch !== undefined && typeof onMismatch !== 'function')
    throw new TypeError(`${owner}: onOutputMismatch must be a function.`);
  return Object.freeze({
    mode: mode as OutputValidationMode | undefined,
    onMismatch: onMismatch as OutputMismatchListener | undefined,
  });
}

/** Throws a `TypeError` naming `owner` unless `mode` is absent or an `OutputValidationMode`. */
export function checkOutputValidationMode(owner: string, mode: unknown): void {
  if (mode !== undefined && !isOutputValidationMode(mode))
    throw new TypeError(
      `${owner}: outputValidation must be one of ${OUTPUT_VALIDATION_MODES.map((m) => `'${m}'`).join(', ')}, got ${JSON.stringify(mode) ?? String(mode)}.`,
    );
}
