/** One reason a value does not fit its class. */
export interface ValueIssue {
  /** Where, relative to the value: `maxLines`, `limits.depth`, `paths[0]`; `''` for the value as a whole. */
  readonly path: string;
  /** What is wrong there, without the path: `must be an integer number (got "ten")`. */
  readonly message: string;
}

/** The issue as a sentence about `subject` (`Params<EditConfig>`): `Params<EditConfig>.maxLines must be …`. */
export function describeIssue(subject: string, issue: ValueIssue): string {
  const where =
    issue.path === ''
      ? subject
      : issue.path.startsWith('[')
        ? `${subject}${issue.path}`
        : `${subject}.${issue.path}`;
  return issue.message.startsWith(':') ? `${where}${issue.message}` : `${where} ${issue.message}`;
}
