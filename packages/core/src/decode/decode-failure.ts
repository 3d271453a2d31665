import { formatPath, type PathNode } from './json-path';
import { describeReceived, type ArgumentIssue } from './tool-error-adapter';

/** An issue as recorded on the hot path: its path and received text are only built when read. */
export interface IssueRecord {
  readonly parent: PathNode | undefined;
  readonly key: string | number | undefined;
  readonly expected: string;
  readonly value: unknown;
  readonly received: string | undefined;
  readonly message: string | (() => string) | undefined;
  /** A ready path text, for issues found outside the walk. */
  readonly path?: string;
}

/** Why a decode failed: the issues (built on first read) and how many more were only counted. */
export class DecodeFailure {
  #issues: readonly ArgumentIssue[] | undefined;

  constructor(
    private readonly records: readonly IssueRecord[],
    /** Every issue found, including those not kept. */
    readonly total: number,
  ) {}

  /** The kept issues (at most `MAX_KEPT_ISSUES`), in the order found. */
  get issues(): readonly ArgumentIssue[] {
    return (this.#issues ??= Object.freeze(this.records.map(toIssue)));
  }

  /** How many issues were found beyond the kept ones. */
  get omitted(): number {
    return this.total - this.records.length;
  }

  // Keeps this class's hidden class alive through full GCs: see CallContext's layout witness.
  static readonly #layoutWitness = new DecodeFailure([], 0);
}

function toIssue(record: IssueRecord): ArgumentIssue {
  const path = record.path ?? formatPath(record.parent, record.key);
  const received = record.received ?? describeReceived(record.value);
  const message = typeof record.message === 'function' ? record.message() : record.message;
  return message === undefined
    ? { path, expected: record.expected, received }
    : { path, expected: record.expected, received, message };
}
