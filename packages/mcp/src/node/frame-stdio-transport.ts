import type { Readable, Writable } from 'node:stream';
import {
  parseJSONRPCMessage,
  serializeMessage,
  type JSONRPCMessage,
  type Transport,
} from '@modelcontextprotocol/server';
import { captureRawArguments } from '../server/raw-arguments';
import { LINE_EDGE_BYTES, malformedLineError, oversizedLineError } from './stdio-line-errors';

/** The longest stdio line read by default (R20, F22); a longer one is dropped, not buffered. */
export const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;

/**
 * The server side of MCP over stdio: one JSON-RPC message per line. Unlike the SDK's stdio
 * transport it keeps each `tools/call`'s arguments text (R16), and answers a line over the cap
 * (F22), or one that is not a JSON-RPC message, with a JSON-RPC error and goes on reading, instead
 * of closing the connection or dropping it unanswered. Ends when stdin does.
 */
export class FrameStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #input: Readable;
  readonly #output: Writable;
  readonly #maxLineBytes: number;
  #chunks: Buffer[] = [];
  #buffered = 0;
  #skipping = false;
  // The first and the latest bytes of a line being skipped, to find its request id.
  #head = '';
  #tail: Buffer = Buffer.alloc(0);
  #started = false;
  #closed = false;

  constructor(input: Readable, output: Writable, maxLineBytes: number = DEFAULT_MAX_LINE_BYTES) {
    this.#input = input;
    this.#output = output;
    this.#maxLineBytes = maxLineBytes;
  }

  async start(): Promise<void> {
    if (this.#started) throw new Error('FrameStdioTransport already started.');
    this.#started = true;
    this.#input.on('data', this.#onData);
    this.#input.on('error', this.#onError);
    this.#input.on('end', this.#onEnd);
    this.#input.on('close', this.#onEnd);
    this.#output.on('error', this.#onOutputError);
    if (this.#input.readableEnded || this.#input.destroyed) setImmediate(this.#onEnd);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#input.off('data', this.#onData);
    this.#input.off('error', this.#onError);
    this.#input.off('end', this.#onEnd);
    this.#input.off('close', this.#onEnd);
    if (this.#input.listenerCount('data') === 0) this.#input.pause();
    this.#chunks = [];
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('The stdio transport is closed.'));
    return new Promise((resolve, reject) => {
      const written = this.#output.write(serializeMessage(message), (error) => {
        if (error) reject(error);
      });
      if (written) resolve();
      else this.#output.once('drain', () => resolve());
    });
  }

  readonly #onData = (chunk: Buffer | string): void => {
    let data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (;;) {
      const newline = data.indexOf(0x0a);
      if (newline === -1) {
        this.#keep(data);
        return;
      }
      this.#keep(data.subarray(0, newline));
      data = data.subarray(newline + 1);
      this.#endLine();
    }
  };

  #keep(part: Buffer): void {
    if (part.length === 0) return;
    if (!this.#skipping) this.#buffered += part.length;
    if (this.#buffered > this.#maxLineBytes) {
      const first = this.#chunks.length === 0 ? part : this.#chunks[0]!;
      this.#head = first.subarray(0, LINE_EDGE_BYTES).toString('utf8');
      this.#chunks = [];
      this.#buffered = 0;
      this.#skipping = true;
      this.#tail = Buffer.alloc(0);
    }
    if (this.#skipping) {
      this.#tail = Buffer.concat([this.#tail, part.subarray(-LINE_EDGE_BYTES)]).subarray(-LINE_EDGE_BYTES);
      return;
    }
    this.#chunks.push(part);
  }

  #endLine(): void {
    const chunks = this.#chunks;
    const skipped = this.#skipping;
    this.#chunks = [];
    this.#buffered = 0;
    this.#skipping = false;
    if (skipped) {
      this.#answer(oversizedLineError(this.#head, this.#tail.toString('utf8'), this.#maxLineBytes));
      this.onerror?.(
        new Error(
          `A stdio line longer than ${this.#maxLineBytes} bytes was dropped and answered with an error.`,
        ),
      );
      return;
    }
    if (chunks.length === 0) return;
    const line = (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks))
      .toString('utf8')
      .replace(/\r$/, '');
    if (line.trim() === '') return;
    let message: JSONRPCMessage;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
      message = parseJSONRPCMessage(parsed);
      captureRawArguments(message, line);
    } catch (error) {
      // JSON-RPC answers what it cannot read; the SDK's transport dropped it, leaving the client waiting.
      const notJson = error instanceof SyntaxError && parsed === undefined;
      this.#answer(malformedLineError(parsed, notJson));
      this.onerror?.(
        new Error(
          `A stdio line that is not a JSON-RPC message was answered with an error: ${line.slice(0, 80)}`,
        ),
      );
      return;
    }
    this.onmessage?.(message);
  }

  #answer(message: JSONRPCMessage): void {
    if (this.#closed) return;
    this.#output.write(serializeMessage(message));
  }

  readonly #onError = (error: Error): void => {
    this.onerror?.(error);
  };

  readonly #onOutputError = (error: Error): void => {
    if (this.#closed) return;
    this.onerror?.(error);
    void this.close();
  };

  readonly #onEnd = (): void => {
    void this.close();
  };
}
