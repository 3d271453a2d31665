import type { ProgressItem } from '@toolwright/core';
import type { CliOutput } from '../io/cli-io';
import type { Styler } from '../io/styler';
import { describePosition, describeProgress } from './describe-progress';

/** Shows a call's progress while it runs. */
export interface ProgressDisplay {
  update(item: ProgressItem): void;
  /** A one-line status (e.g. "cancelling…"), shown like progress. */
  status(text: string): void;
  /** Clears what is on screen; call before printing the result. */
  stop(): void;
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const BAR_WIDTH = 20;

/**
 * A live display on a terminal (a spinner, a bar when the tool reports `current/total`, the latest
 * line), or plain `… line` lines otherwise (CI logs, pipes).
 */
export function createProgressDisplay(output: CliOutput, style: Styler, toolName: string): ProgressDisplay {
  return output.isTTY ? new TerminalProgress(output, style, toolName) : new LineProgress(output);
}

class LineProgress implements ProgressDisplay {
  constructor(private readonly output: CliOutput) {}

  update(item: ProgressItem): void {
    const position = describePosition(item);
    const text = describeProgress(item);
    for (const line of text.split('\n'))
      this.output.write(`… ${position === undefined ? '' : `[${position}] `}${line}\n`);
  }

  status(text: string): void {
    this.output.write(`… ${text}\n`);
  }

  stop(): void {}
}

class TerminalProgress implements ProgressDisplay {
  #frame = 0;
  #text = '';
  #fraction: number | undefined;
  #position: string | undefined;
  readonly #timer: NodeJS.Timeout;
  readonly #startedAt = Date.now();

  constructor(
    private readonly output: CliOutput,
    private readonly style: Styler,
    private readonly toolName: string,
  ) {
    this.#timer = setInterval(() => this.#draw(), 80);
    this.#timer.unref();
    this.#draw();
  }

  update(item: ProgressItem): void {
    // Control characters (carriage returns, colours of the tool's own output) would break the one-line display.
    const lines = describeProgress(item)
      .split('\n')
      .map((line) => line.replace(/\u001b\[[0-9;?]*[A-Za-z]|[\u0000-\u001f\u007f]/g, ''))
      .filter((line) => line.trim() !== '');
    this.#text = lines[lines.length - 1] ?? this.#text;
    this.#position = describePosition(item);
    this.#fraction =
      item.current !== undefined && item.total !== undefined && item.total > 0
        ? Math.min(1, Math.max(0, item.current / item.total))
        : undefined;
    this.#draw();
  }

  status(text: string): void {
    this.#text = text;
    this.#draw();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.output.write('\r\u001b[K');
  }

  #draw(): void {
    const frame = FRAMES[this.#frame++ % FRAMES.length]!;
    const seconds = `${Math.floor((Date.now() - this.#startedAt) / 1000)}s`;
    const bar =
      this.#fraction === undefined
        ? ''
        : `[${'█'.repeat(Math.round(this.#fraction * BAR_WIDTH))}${'░'.repeat(BAR_WIDTH - Math.round(this.#fraction * BAR_WIDTH))}] `;
    const position = this.#position === undefined ? '' : `${this.#position} `;
    const head = `${this.style.cyan(frame)} ${this.style.bold(this.toolName)} ${this.style.dim(seconds)} ${bar}${position}`;
    const width = Math.max(20, (this.output.columns ?? 80) - visibleLength(head) - 1);
    const text = this.#text.length > width ? `${this.#text.slice(0, width - 1)}…` : this.#text;
    this.output.write(`\r\u001b[K${head}${text}`);
  }
}

function visibleLength(text: string): number {
  return text.replace(/\u001b\[[0-9;]*m/g, '').length;
}
