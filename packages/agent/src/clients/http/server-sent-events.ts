import { ModelError } from '../../model/model-error';
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from './stream-limits';

/** One Server-Sent Event: its `event:` name (`message` when absent) and its `data:` lines joined with newlines. */
export interface ServerSentEvent {
  readonly event: string;
  readonly data: string;
}

const HEAD_CHARACTERS = 200;

/** How `readServerSentEvents` reads a body. */
export interface ReadServerSentEventsOptions {
  /** Runs on every network chunk (an idle watchdog). */
  readonly onChunk?: () => void;
  /** Receives the first characters of the body (up to 200), to describe a body that was no event stream. */
  readonly onHead?: (text: string) => void;
  /** Named in the errors (`the OpenAI-compatible server at …`). */
  readonly provider?: string;
  readonly limits?: Pick<StreamLimits, 'maxLineCharacters' | 'maxEventCharacters' | 'maxResponseBytes'>;
}

/**
 * Parses a `text/event-stream` body into events (WHATWG rules: `\n`, `\r\n` or `\r` line ends,
 * `:` comments, one optional space after the colon, multi-line data). The reader is cancelled
 * when the consumer stops early.
 *
 * Linear and capped, because the server is not trusted: every character is looked at once (a
 * line split over many chunks is kept as pieces and joined once, never rescanned), and a line,
 * an event or the whole body over its limit fails as a `protocol` `ModelError` as soon as it
 * crosses the limit, without waiting for the rest.
 */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
  options: ReadServerSentEventsOptions = {},
): AsyncGenerator<ServerSentEvent, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const provider = options.provider ?? 'the server';
  const limits = options.limits ?? DEFAULT_STREAM_LIMITS;
  const parser = new EventParser(provider, limits);
  const onChunk = options.onChunk;
  const onHead = options.onHead;
  let head = '';
  let received = 0;
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onChunk?.();
      received += value.byteLength;
      if (received > limits.maxResponseBytes) throw responseTooLarge(provider, limits.maxResponseBytes);
      const text = decoder.decode(value, { stream: true });
      if (onHead !== undefined && head.length < HEAD_CHARACTERS) {
        head += text.slice(0, HEAD_CHARACTERS);
        onHead(head.slice(0, HEAD_CHARACTERS));
      }
      const events = parser.push(text);
      if (events !== undefined) yield* events;
    }
    const events = parser.end(decoder.decode());
    if (events !== undefined) yield* events;
    finished = true;
  } finally {
    if (!finished) reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/** Parses a whole event-stream text at once (a body already read), under the same limits. */
export function parseServerSentEvents(
  text: string,
  provider: string,
  limits: Pick<StreamLimits, 'maxLineCharacters' | 'maxEventCharacters'>,
): ServerSentEvent[] {
  return new EventParser(provider, limits).end(text) ?? [];
}

/** The error for a body over `maxResponseBytes`. */
export function responseTooLarge(provider: string, limit: number): ModelError {
  return new ModelError(
    'protocol',
    `${provider} sent a response of more than ${limit} bytes, the limit (maxResponseBytes); the rest was not read.`,
  );
}

class EventParser {
  readonly #provider: string;
  readonly #maxLine: number;
  readonly #maxEvent: number;
  // The start of a line that has not ended yet, as the pieces it arrived in.
  #pieces: string[] = [];
  #pending = 0;
  // The last chunk ended with `\r`: a `\n` at the start of the next one belongs to it.
  #afterCr = false;
  #event = '';
  #data: string[] = [];
  #dataLength = 0;

  constructor(provider: string, limits: Pick<StreamLimits, 'maxLineCharacters' | 'maxEventCharacters'>) {
    this.#provider = provider;
    this.#maxLine = limits.maxLineCharacters;
    this.#maxEvent = limits.maxEventCharacters;
  }

  push(text: string): ServerSentEvent[] | undefined {
    let events: ServerSentEvent[] | undefined;
    let start = 0;
    if (this.#afterCr) {
      this.#afterCr = false;
      if (text.charCodeAt(0) === 10) start = 1;
    }
    const length = text.length;
    // The next `\n` and `\r`, each searched for again only once passed: linear in the text.
    let lf = text.indexOf('\n', start);
    let cr = text.indexOf('\r', start);
    for (;;) {
      if (lf >= 0 && lf < start) lf = text.indexOf('\n', start);
      if (cr >= 0 && cr < start) cr = text.indexOf('\r', start);
      const end = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
      if (end < 0) break;
      this.#line(this.#take(text, start, end), (events ??= []));
      if (text.charCodeAt(end) === 13) {
        if (end + 1 === length) {
          this.#afterCr = true;
          start = length;
          break;
        }
        start = text.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
      } else {
        start = end + 1;
      }
    }
    if (start < length) {
      const rest = length - start;
      if (this.#pending + rest > this.#maxLine)
        throw this.#tooLong('a line', this.#maxLine, 'maxLineCharacters');
      this.#pieces.push(start === 0 ? text : text.slice(start));
      this.#pending += rest;
    }
    return events === undefined || events.length === 0 ? undefined : events;
  }

  end(text: string): ServerSentEvent[] | undefined {
    const events = this.push(text) ?? [];
    if (this.#pending > 0) this.#line(this.#take('', 0, 0), events);
    this.#afterCr = false;
    // Lenient at the end of the body: a last event without its blank line is still delivered.
    this.#dispatch(events);
    return events.length === 0 ? undefined : events;
  }

  // The line ending at `end`: the pieces kept so far, joined once, and this chunk's part.
  #take(text: string, start: number, end: number): string {
    if (this.#pending + (end - start) > this.#maxLine)
      throw this.#tooLong('a line', this.#maxLine, 'maxLineCharacters');
    if (this.#pieces.length === 0) return text.slice(start, end);
    this.#pieces.push(text.slice(start, end));
    const line = this.#pieces.join('');
    this.#pieces = [];
    this.#pending = 0;
    return line;
  }

  #line(line: string, events: ServerSentEvent[]): void {
    if (line === '') {
      this.#dispatch(events);
      return;
    }
    if (line.charCodeAt(0) === 58) return; // ':' comment
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (field === 'data') {
      this.#dataLength += value.length + 1;
      if (this.#dataLength > this.#maxEvent)
        throw this.#tooLong('an event', this.#maxEvent, 'maxEventCharacters');
      this.#data.push(value);
    } else if (field === 'event') this.#event = value;
  }

  #dispatch(events: ServerSentEvent[]): void {
    if (this.#data.length > 0) {
      const data = this.#data.length === 1 ? this.#data[0]! : this.#data.join('\n');
      events.push({ event: this.#event || 'message', data });
    }
    this.#data = [];
    this.#dataLength = 0;
    this.#event = '';
  }

  #tooLong(what: string, limit: number, option: string): ModelError {
    return new ModelError(
      'protocol',
      `${this.#provider} sent ${what} of more than ${limit} characters in its event stream, the limit (${option}); the rest was not read.`,
    );
  }
}
