/**
 * A text split into lines as the hashline tools see them: each line's content without its line
 * break (a CRLF's `\r` dropped too), and whether the text ends with a line break. A last empty
 * piece after a final line break is not a line; an empty text has none.
 */
export interface TextLines {
  readonly contents: readonly string[];
  /** Which lines ended with `\r\n` (index by index). */
  readonly crlf: readonly boolean[];
  readonly finalNewline: boolean;
}

/** Splits a text into its lines (see `TextLines`). */
export function splitLines(text: string): TextLines {
  if (text === '') return { contents: [], crlf: [], finalNewline: false };
  const pieces = text.split('\n');
  const finalNewline = pieces[pieces.length - 1] === '';
  if (finalNewline) pieces.pop();
  const crlf: boolean[] = [];
  const contents = pieces.map((piece, index) => {
    // The last piece of a text without a final newline has no line break of its own.
    const ends = piece.endsWith('\r') && (index < pieces.length - 1 || finalNewline);
    crlf.push(ends);
    return ends ? piece.slice(0, -1) : piece;
  });
  // Should that last line get a break (a line is added after it), it takes the text's style.
  if (!finalNewline) crlf[crlf.length - 1] = crlf.some(Boolean);
  return { contents, crlf, finalNewline };
}

/** Joins lines back into a text, each with its own line break. */
export function joinLines(lines: TextLines): string {
  let text = '';
  for (let i = 0; i < lines.contents.length; i += 1) {
    const last = i === lines.contents.length - 1;
    text += lines.contents[i]!;
    if (!last || lines.finalNewline) text += lines.crlf[i] ? '\r\n' : '\n';
  }
  return text;
}
