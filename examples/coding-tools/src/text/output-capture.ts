import { formatBytes } from './format-bytes';

/**
 * Keeps a command's output within a budget: the first half and the last half of it, with a visible
 * marker where the middle was dropped (the start says what ran, the end how it ended).
 */
export class OutputCapture {
  #head = '';
  #tail: string[] = [];
  #tailLength = 0;
  #omitted = 0;
  #total = 0;
  readonly #half: number;

  constructor(maxCharacters: number) {
    this.#half = Math.max(1, Math.floor(maxCharacters / 2));
  }

  /** Appends one line (without its newline). */
  add(line: string): void {
    const text = `${line}\n`;
    this.#total += text.length;
    if (this.#head.length < this.#half && this.#tail.length === 0) {
      const room = this.#half - this.#head.length;
      this.#head += text.slice(0, room);
      if (text.length <= room) return;
      this.#push(text.slice(room));
      return;
    }
    this.#push(text);
  }

  /** Whether anything was dropped. */
  get truncated(): boolean {
    return this.#omitted > 0;
  }

  /** How many characters were seen in all. */
  get total(): number {
    return this.#total;
  }

  /** The kept output, with `[… N omitted …]` where the middle was dropped; no trailing newline. */
  text(): string {
    const tail = this.#tail.join('');
    const marker = this.#omitted > 0 ? `[… ${formatBytes(this.#omitted)} of output omitted …]\n` : '';
    return `${this.#head}${marker}${tail}`.replace(/\n$/, '');
  }

  /** The last `max` characters kept, for error texts. */
  last(max: number): string {
    const text = this.text();
    return text.length <= max ? text : `…${text.slice(text.length - max)}`;
  }

  #push(text: string): void {
    this.#tail.push(text);
    this.#tailLength += text.length;
    while (this.#tailLength > this.#half && this.#tail.length > 0) {
      const first = this.#tail[0]!;
      const excess = this.#tailLength - this.#half;
      if (first.length <= excess) {
        this.#tail.shift();
        this.#tailLength -= first.length;
        this.#omitted += first.length;
      } else {
        this.#tail[0] = first.slice(excess);
        this.#tailLength -= excess;
        this.#omitted += excess;
      }
    }
  }
}
