import type { ArgumentIssue } from './argument-issue';

// Past this many the model gains little; it fixes the first ones and gets the rest next call.
const MAX_LISTED_ISSUES = 20;

/**
 * The model text of an `invalid_arguments` error: one `  - path: expected …, received …` line per
 * issue between a header naming the tool and a line saying what to do.
 */
export function formatArgumentIssues(issues: readonly ArgumentIssue[], toolName?: string): string {
  const lines = [toolName === undefined ? 'Invalid arguments:' : `Invalid arguments for ${toolName}:`];
  // An index loop, not slice: slicing a frozen array takes a slow path.
  const listed = Math.min(issues.length, MAX_LISTED_ISSUES);
  for (let index = 0; index < listed; index++) lines.push(`  - ${formatIssue(issues[index]!)}`);
  if (issues.length > MAX_LISTED_ISSUES) {
    const more = issues.length - MAX_LISTED_ISSUES;
    lines.push(`  - … and ${more} more ${more === 1 ? 'problem' : 'problems'}`);
  }
  lines.push(`Fix these and call ${toolName ?? 'the tool'} again.`);
  return lines.join('\n');
}

/**
 * The model text of an `invalid_output` error for an output that does not match the tool's declared
 * output: one line per issue, as for arguments, with what the model can do about a tool's fault.
 */
export function formatOutputIssues(issues: readonly ArgumentIssue[], toolName?: string): string {
  const tool = toolName ?? 'the tool';
  const lines = [`${toolName ?? 'The tool'} returned output that does not match its declared output:`];
  const listed = Math.min(issues.length, MAX_LISTED_ISSUES);
  for (let index = 0; index < listed; index++) lines.push(`  - ${formatIssue(issues[index]!, '(output)')}`);
  if (issues.length > MAX_LISTED_ISSUES) {
    const more = issues.length - MAX_LISTED_ISSUES;
    lines.push(`  - … and ${more} more ${more === 1 ? 'problem' : 'problems'}`);
  }
  lines.push(
    `This is a fault in ${tool}, not in the arguments; the same call returns the same output. Try different arguments or another approach.`,
  );
  return lines.join('\n');
}

function formatIssue(issue: ArgumentIssue, root = '(arguments)'): string {
  return `${oneLine(issue.path) || root}: ${describeArgumentIssue(issue)}`;
}

/** One issue without its path, on one line: `expected an integer >= 1, received "ten"; hint`. */
export function describeArgumentIssue(issue: ArgumentIssue): string {
  const line = `expected ${oneLine(issue.expected)}, received ${oneLine(issue.received)}`;
  return issue.message === undefined || issue.message === '' ? line : `${line}; ${oneLine(issue.message)}`;
}

// Each issue is one line: a newline inside a field would let it impersonate other lines.
function oneLine(text: unknown): string {
  const line = String(text);
  // The replacement only ever matches at a line break; most fields have none.
  return line.includes('\n') || line.includes('\r') ? line.replace(/\s*[\r\n]+\s*/g, ' ') : line;
}
