/** Cuts a line longer than `max` characters, saying how much was left out. */
export function truncateLine(line: string, max: number): string {
  if (line.length <= max) return line;
  return `${line.slice(0, max)} … [line truncated: ${line.length - max} more characters]`;
}
