/** One problem with a tool's arguments, located by its JSON path. */
export interface ArgumentIssue {
  /** Where: `offset`, `edits[0].old_string`; `''` for the arguments as a whole. */
  readonly path: string;
  /** What the schema wanted, in words: `an integer >= 1`. */
  readonly expected: string;
  /** What arrived, short (see `describeReceived`): `"ten"`, `an array of 3 items`. */
  readonly received: string;
  /** An optional hint appended to the line. */
  readonly message?: string;
}
