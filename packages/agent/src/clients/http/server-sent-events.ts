/** One Server-Sent Event: its `event:` name (`message` when absent) and its `data:` lines joined with newlines. */
export interface ServerSentEvent {
  readonly event: string;
  readonly data: string;
}

/**
 * Parses a `text/event-stream` body into events (WHATWG rules: `\n`, `\r\n` or `\r` line ends,
 * `:` comments, one optional space after the colon, multi-line data). `onChunk` runs on every
 * network chunk (an idle watchdog). The reader is cancelled when the consumer stops early.
 */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
  onChunk?: () => void,
): AsyncGenerator<ServerSentEvent, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new EventParser();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onChunk?.();
      const events = parser.push(decoder.decode(value, { stream: true }));
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

class EventParser {
  #buffer = '';
  #event = '';
  #data: string[] = [];

  push(text: string): ServerSentEvent[] | undefined {
    this.#buffer += text;
    return this.#lines(false);
  }

  end(text: string): ServerSentEvent[] | undefined {
    this.#buffer += text;
    const events = this.#lines(true) ?? [];
    if (this.#buffer !== '') this.#line(this.#buffer, events);
    this.#buffer = '';
    // Lenient at the end of the body: a last event without its blank line is still delivered.
    this.#dispatch(events);
    return events.length === 0 ? undefined : events;
  }

  #lines(atEnd: boolean): ServerSentEvent[] | undefined {
    const buffer = this.#buffer;
    let events: ServerSentEvent[] | undefined;
    let start = 0;
    for (;;) {
      const newline = lineEnd(buffer, start);
      if (newline < 0) break;
      // A `\r` at the end of the chunk may be the first half of `\r\n`.
      if (!atEnd && buffer.charCodeAt(newline) === 13 && newline === buffer.length - 1) break;
      this.#line(buffer.slice(start, newline), (events ??= []));
      start = newline + (buffer.charCodeAt(newline) === 13 && buffer.charCodeAt(newline + 1) === 10 ? 2 : 1);
    }
    this.#buffer = start === 0 ? buffer : buffer.slice(start);
    return events === undefined || events.length === 0 ? undefined : events;
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
    if (field === 'data') this.#data.push(value);
    else if (field === 'event') this.#event = value;
  }

  #dispatch(events: ServerSentEvent[]): void {
    if (this.#data.length > 0) events.push({ event: this.#event || 'message', data: this.#data.join('\n') });
    this.#data = [];
    this.#event = '';
  }
}

function lineEnd(text: string, from: number): number {
  for (let index = from; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 10 || code === 13) return index;
  }
  return -1;
}
