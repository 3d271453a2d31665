import { promises as fs } from 'node:fs';
import { ToolError } from '@toolwright/core';
import { binaryReason, strictUtf8Decoder } from '../text/binary-content';
import { LineSplitter } from '../text/line-splitter';
import type { Workspace } from '../workspace/workspace';
import { fileError, notRegularFile } from './file-errors';

/** Lines read when the caller gives no limit. */
export const DEFAULT_READ_LIMIT = 2000;
/** The most lines one read may ask for. */
export const MAX_READ_LIMIT = 10000;
/** Characters shown of one line; the rest is cut with a marker. */
export const MAX_LINE_CHARACTERS = 2000;
/** Characters of line text one read returns at most; then it stops with a marker saying how to continue. */
export const MAX_READ_CHARACTERS = 100_000;
// Past this size the file is not read to its end just to count its lines.
const COUNT_LINES_UP_TO_BYTES = 64 * 1024 * 1024;

/** One line of a file slice. */
export interface FileLine {
  /** 1-based. */
  readonly number: number;
  readonly text: string;
  /** The hash of the line's whole content (`lineHash`), in a hashline read only. */
  readonly hash?: string;
}

/** A window of a text file's lines. */
export interface TextSlice {
  readonly type: 'text';
  readonly path: string;
  readonly lines: readonly FileLine[];
  /** Lines in the file (a lower bound when `totalKnown` is false: huge files are not read to the end). */
  readonly totalLines: number;
  readonly totalKnown: boolean;
  /** Why the slice ends: the end of the file, the line limit, or the output cap. */
  readonly end: 'eof' | 'limit' | 'cap';
  readonly bytes: number;
}

/** A file that is not text: only described. */
export interface BinaryFile {
  readonly type: 'binary';
  readonly path: string;
  readonly bytes: number;
  /** Why it counts as binary, e.g. `it contains NUL bytes`. */
  readonly reason: string;
}

/** What reading a file gives. */
export type FileSlice = TextSlice | BinaryFile;

/** Where to start and how much to read. */
export interface ReadWindow {
  /** First line, 1-based (default 1). */
  readonly offset?: number;
  /** Lines to read (default `DEFAULT_READ_LIMIT`). */
  readonly limit?: number;
  readonly signal?: AbortSignal;
}

/**
 * Reads a window of lines of a workspace file, streaming (a huge file is never held in memory),
 * with long lines cut and the total output capped; a binary file (NUL bytes, a known binary format,
 * invalid UTF-8) is described instead of shown.
 */
export async function readFileSlice(
  workspace: Workspace,
  requested: string,
  window: ReadWindow = {},
): Promise<FileSlice> {
  const target = await workspace.resolve(requested);
  const first = window.offset ?? 1;
  const limit = window.limit ?? DEFAULT_READ_LIMIT;
  const last = first + limit - 1;
  let bytes: number;
  let handle: fs.FileHandle;
  try {
    const stat = await fs.stat(target.absolute);
    if (stat.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    // Opening a named pipe would block until something writes to it.
    if (!stat.isFile()) throw notRegularFile(target.display);
    bytes = stat.size;
    handle = await fs.open(target.absolute, 'r');
  } catch (error) {
    throw ToolError.is(error) ? error : await fileError(error, target, workspace);
  }

  const lines: FileLine[] = [];
  let characters = 0;
  let lineCount = 0;
  let end: TextSlice['end'] = 'eof';
  let windowDone = false;
  let stoppedEarly = false;
  const splitter = new LineSplitter(MAX_LINE_CHARACTERS);
  const decoder = strictUtf8Decoder();
  const onLine = (text: string, length: number): void => {
    lineCount += 1;
    if (windowDone || lineCount < first) return;
    if (lineCount > last) {
      end = 'limit';
      windowDone = true;
      return;
    }
    const shown = length > MAX_LINE_CHARACTERS ? marked(text, length) : text;
    if (characters + shown.length > MAX_READ_CHARACTERS && lines.length > 0) {
      end = 'cap';
      windowDone = true;
      return;
    }
    characters += shown.length;
    lines.push({ number: lineCount, text: shown });
  };

  try {
    let sniffed = false;
    for await (const chunk of handle.createReadStream({
      highWaterMark: 64 * 1024,
    }) as AsyncIterable<Buffer>) {
      if (window.signal?.aborted) throw ToolError.cancelled('The read was cancelled.');
      if (!sniffed) {
        sniffed = true;
        const reason = binaryReason(chunk);
        if (reason !== undefined) return { type: 'binary', path: target.display, bytes, reason };
      }
      let text: string;
      try {
        text = decoder.decode(chunk, { stream: true });
      } catch {
        return { type: 'binary', path: target.display, bytes, reason: 'it is not valid UTF-8 text' };
      }
      splitter.push(text, onLine);
      if (windowDone && bytes > COUNT_LINES_UP_TO_BYTES) {
        stoppedEarly = true;
        break;
      }
    }
    if (!stoppedEarly) {
      try {
        splitter.push(decoder.decode(), onLine);
      } catch {
        return { type: 'binary', path: target.display, bytes, reason: 'it is not valid UTF-8 text' };
      }
      splitter.end(onLine);
    }
  } catch (error) {
    throw ToolError.is(error) ? error : await fileError(error, target, workspace);
  } finally {
    await handle.close().catch(() => undefined);
  }

  if (lineCount > 0 && first > lineCount) {
    throw ToolError.invalidArguments(
      `offset ${first} is past the end of "${target.display}", which has ${lineCount} line${lineCount === 1 ? '' : 's'}.`,
    );
  }
  return {
    type: 'text',
    path: target.display,
    lines,
    totalLines: lineCount,
    totalKnown: !stoppedEarly,
    end,
    bytes,
  };
}

function marked(text: string, length: number): string {
  return `${text.slice(0, MAX_LINE_CHARACTERS)} … [line truncated: ${length - MAX_LINE_CHARACTERS} more characters]`;
}
