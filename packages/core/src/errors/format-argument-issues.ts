import type { ArgumentIssue } from './argument-issue';

// Past this many the model gains little; it fixes the first ones and gets the rest next call.
const MAX_LISTED_ISSUES = 20;

/**
 * The model text of an `invalid_arguments` error: one `  - path: expected …, received …` line per
 * issue between a header naming the tool and a line saying what to do.
 */
export function formatArgumentIssues(issues: readonly ArgumentIssue[], toolName?: string): string {
  const lines = [toolName === undefined ? 'Invalid arguments:' : `Invalid arguments for ${toolName}:`];
  for (const issue of issues.slice(0, MAX_LISTED_ISSUES)) lines.push(`  - ${formatIssue(issue)}`);
  if (issues.length > MAX_LISTED_ISSUES) {
    const more = issues.length - MAX_LISTED_ISSUES;
    lines.push(`  - … and ${more} more ${more === 1 ? 'problem' : 'problems'}`);
  }
  lines.push(`Fix these and call ${toolName ?? 'the tool'} again.`);
  return lines.join('\n');
}

function formatIssue(issue: ArgumentIssue): string {
  const path = oneLine(issue.path) || '(arguments)';
  const line = `${path}: expected ${oneLine(issue.expected)}, received ${oneLine(issue.received)}`;
  return issue.message === undefined || issue.message === '' ? line : `${line}; ${oneLine(issue.message)}`;
}

// Each issue is one line: a newline inside a field would let it impersonate other lines.
function oneLine(text: unknown): string {
  return String(text).replace(/\s*[\r\n]+\s*/g, ' ');
}
