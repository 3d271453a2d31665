import type { ArgsModel } from '../model/args-model';
import { DEFAULT_DECODE_LIMITS, type DecodeLimits } from './decode-limits';
import { DecodeFailure, type IssueRecord } from './decode-failure';
import type { PathNode } from './json-path';
import type { ArgumentIssue } from './tool-error-adapter';

/** Returned by a value decoder that reported an issue: never a decoded value. */
export const INVALID: unique symbol = Symbol('toolwright.decode.invalid');

/**
 * Decodes one value found at `key` under `parent` (`key` undefined: the root). Reports problems to
 * `context` and returns `INVALID`, or returns the decoded value.
 */
export type ValueDecoder = (
  value: unknown,
  context: DecodeContext,
  parent: PathNode | undefined,
  key: string | number,
) => unknown;

/** An instance whose class needs class-validator after the structural pass, and where it sits. */
export interface PendingValidation {
  readonly instance: object;
  readonly model: ArgsModel;
  readonly path: PathNode | undefined;
}

/** The most issues kept with their detail; further ones are only counted ("and N more"). */
export const MAX_KEPT_ISSUES = 20;

/** The state of one decode: limits, counters and the issues found so far. */
export class DecodeContext {
  /** Values visited (object keys and array items), against `maxNodes`. */
  nodes = 0;
  /** Array items visited, so that `nodes - items` is the number of object keys. */
  items = 0;
  /** Current nesting depth. */
  depth = 0;
  /** A limit was hit: every decoder stops at once. */
  aborted = false;
  /** How many issues were reported (kept or not). */
  issueCount = 0;
  /** Instances left for class-validator, when some model needs it. */
  pending: PendingValidation[] | undefined = undefined;
  private records: IssueRecord[] | undefined = undefined;

  /** `limits.maxNodes` and `limits.maxDepth`, read once per key on the hot path. */
  readonly maxNodes: number;
  readonly maxDepth: number;

  /**
   * @param fromJson the value is our own `JSON.parse` result: plain objects and arrays with own
   *   enumerable data properties only, so the checks for host-made values are skipped.
   * @param output the value is a tool's output checked against its declared output, not arguments
   *   from a model: nothing is coerced (no `"5"` for an integer, no `"true"` for a boolean, no
   *   `null` for an absent optional property) and strings are taken as JSON carries them (the
   *   hostile-input string rules, R3 in docs/reliability.md, guard the way in, not the way out).
   */
  constructor(
    readonly limits: DecodeLimits,
    readonly fromJson: boolean,
    readonly output = false,
  ) {
    this.maxNodes = limits.maxNodes;
    this.maxDepth = limits.maxDepth;
  }

  /** Object keys visited (for the duplicate-key check on JSON text). */
  get keys(): number {
    return this.nodes - this.items;
  }

  /** Records an issue at `key` under `parent` (`key` undefined: at `parent` itself, or the root). */
  report(
    parent: PathNode | undefined,
    key: string | number | undefined,
    expected: string,
    value: unknown,
    received?: string,
    message?: string | (() => string),
  ): typeof INVALID {
    this.issueCount++;
    const records = (this.records ??= []);
    if (records.length < MAX_KEPT_ISSUES) records.push({ parent, key, expected, value, received, message });
    return INVALID;
  }

  /** Whether a further issue would still be kept with its detail (else it is only counted). */
  get keepsIssues(): boolean {
    return this.records === undefined || this.records.length < MAX_KEPT_ISSUES;
  }

  /** Counts an issue without keeping it (its detail would not be shown). */
  countIssue(): typeof INVALID {
    this.issueCount++;
    return INVALID;
  }

  /** Stops the whole decode after reporting a limit, listed first: it explains the rest. */
  abort(
    parent: PathNode | undefined,
    key: string | number | undefined,
    expected: string,
    received: string,
    message?: string,
  ): typeof INVALID {
    if (this.aborted) return INVALID;
    this.aborted = true;
    this.issueCount++;
    const records = (this.records ??= []);
    records.unshift({ parent, key, expected, value: undefined, received, message });
    if (records.length > MAX_KEPT_ISSUES) records.pop();
    return INVALID;
  }

  /** Adds issues found outside the walk (duplicate keys, class-validator). */
  addIssues(issues: readonly ArgumentIssue[]): void {
    for (const issue of issues) {
      this.issueCount++;
      const records = (this.records ??= []);
      if (records.length < MAX_KEPT_ISSUES) {
        const { path, expected, received, message } = issue;
        records.push({
          parent: undefined,
          key: undefined,
          expected,
          value: undefined,
          received,
          message,
          path,
        });
      }
    }
  }

  /** The failure, when any issue was reported. */
  failure(): DecodeFailure | undefined {
    return this.issueCount === 0 ? undefined : new DecodeFailure(this.records ?? [], this.issueCount);
  }

  // Keeps this class's hidden class alive through full GCs: see CallContext's layout witness.
  static readonly #layoutWitness = new DecodeContext(DEFAULT_DECODE_LIMITS, true);
}
