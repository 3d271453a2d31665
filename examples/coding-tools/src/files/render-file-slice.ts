import { formatBytes } from '../text/format-bytes';
import { MAX_READ_CHARACTERS, type FileLine, type FileSlice } from './read-file-slice';

/** How a dialect shows file lines and names the argument that continues a read. */
export interface SliceStyle {
  line(line: FileLine): string;
  /** The argument that makes the next read start at `nextLine` (1-based), e.g. `offset=2001`. */
  continueWith(nextLine: number): string;
}

/** toolwright's style: `cat -n` numbering, `offset` 1-based. */
export const NUMBERED_STYLE: SliceStyle = {
  line: (line) => `${String(line.number).padStart(6)}\t${line.text}`,
  continueWith: (nextLine) => `offset=${nextLine}`,
};

/** The hashline style: `12:a3f|text`, the line number and the hash of its content as an edit anchor. */
export const HASHLINE_STYLE: SliceStyle = {
  line: (line) => `${line.number}:${line.hash ?? ''}|${line.text}`,
  continueWith: (nextLine) => `offset=${nextLine}`,
};

/**
 * A file slice as the model reads it: the lines, then a marker whenever something was left out (the
 * line limit or the output cap was reached) saying which lines were shown and how to go on. A binary
 * file is described in one sentence.
 */
export function renderFileSlice(slice: FileSlice, style: SliceStyle = NUMBERED_STYLE): string {
  if (slice.type === 'binary') {
    return `"${slice.path}" is a binary file (${formatBytes(slice.bytes)}; ${slice.reason}), so its contents are not shown. read_file shows text files only.`;
  }
  if (slice.totalLines === 0) return `(empty file: "${slice.path}")`;
  const body = slice.lines.map((line) => style.line(line)).join('\n');
  if (slice.end === 'eof') return body;
  const from = slice.lines[0]?.number ?? 1;
  const to = slice.lines[slice.lines.length - 1]?.number ?? from;
  const total = slice.totalKnown ? `${slice.totalLines}` : `at least ${slice.totalLines}`;
  const why =
    slice.end === 'cap'
      ? `Output capped at ${formatBytes(MAX_READ_CHARACTERS)}: showing lines ${from}–${to} of ${total}`
      : `Showing lines ${from}–${to} of ${total}`;
  return `${body}\n\n[${why}. Continue with ${style.continueWith(to + 1)}.]`;
}
