/** One complete line: its text (at most `keep` characters of it) and its real length. */
export type LineListener = (text: string, length: number) => void;

/**
 * Splits streamed text into lines without holding a whole line in memory: of each line only the
 * first `keep` characters are kept (a 50 MB minified file is one line), while its length is counted.
 * A trailing `\r` is dropped, so CRLF text reads like LF text.
 */
export class LineSplitter {
  #kept = '';
  #length = 0;

  constructor(private readonly keep: number) {}

  /** Feeds decoded text; calls `onLine` for every line it completes. */
  push(text: string, onLine: LineListener): void {
    let from = 0;
    for (;;) {
      const newline = text.indexOf('\n', from);
      this.#append(newline === -1 ? text.slice(from) : text.slice(from, newline));
      if (newline === -1) return;
      this.#emit(onLine);
      from = newline + 1;
    }
  }

  /** Ends the input: an unterminated last line is still a line. */
  end(onLine: LineListener): void {
    if (this.#length > 0) this.#emit(onLine);
  }

  #append(piece: string): void {
    this.#length += piece.length;
    if (this.#kept.length < this.keep + 1) this.#kept += piece.slice(0, this.keep + 1 - this.#kept.length);
  }

  #emit(onLine: LineListener): void {
    let text = this.#kept;
    let length = this.#length;
    if (text.length === length && text.endsWith('\r')) {
      text = text.slice(0, -1);
      length -= 1;
    }
    this.#kept = '';
    this.#length = 0;
    onLine(text, length);
  }
}
