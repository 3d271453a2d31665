import type { ProgressItem } from '@toolwright/core';
import type { ProgressToken } from '@modelcontextprotocol/server';

// A progress message is a status line, not a payload.
const MAX_MESSAGE_LENGTH = 1000;

/** Sends one notification related to the current request (it rides that request's stream). */
export type NotifyRelated = (notification: {
  method: string;
  params: Record<string, unknown>;
}) => Promise<void>;

/**
 * How long the response waits after the last progress notification. The SDK client handles
 * notifications a microtask late but responses at once, so a notification read in the same chunk
 * as its response is dropped as "unknown token" (typescript-sdk#2580, still so in 2.x). A short gap
 * puts the response in a later read.
 */
export const PROGRESS_RESPONSE_GAP_MS = 15;

/**
 * Turns a call's progress items into `notifications/progress` for the client's progress token.
 * `progress` never decreases (the spec wants it to increase): an item's `current` is used when it
 * moves forward, otherwise the count of items so far. Notifications are sent in order, and
 * `settled()` lets the call wait for them so none arrives after the response.
 */
export class ProgressReporter {
  readonly #token: ProgressToken;
  readonly #notify: NotifyRelated;
  #progress: number | undefined = undefined;
  #count = 0;
  #pending: Promise<void> = Promise.resolve();
  #lastSentAt = 0;

  constructor(token: ProgressToken, notify: NotifyRelated) {
    this.#token = token;
    this.#notify = notify;
  }

  /** The listener to give `drainToTerminal`. */
  readonly report = (item: ProgressItem): void => {
    this.#count += 1;
    const current = item.current;
    const previous = this.#progress;
    let progress: number;
    if (current !== undefined && (previous === undefined || current > previous)) progress = current;
    else progress = previous === undefined ? this.#count : Math.max(previous, this.#count);
    this.#progress = progress;
    const params: { progressToken: ProgressToken; progress: number; total?: number; message?: string } = {
      progressToken: this.#token,
      progress,
    };
    if (item.total !== undefined) params.total = item.total;
    const message = messageOf(item);
    if (message !== undefined) params.message = message;
    const send = (): Promise<void> =>
      this.#notify({ method: 'notifications/progress', params })
        .catch(() => undefined)
        .finally(() => {
          this.#lastSentAt = performance.now();
        });
    this.#pending = this.#pending.then(send);
  };

  /**
   * Resolves once every notification reported so far has been handed to the transport, and at
   * least `PROGRESS_RESPONSE_GAP_MS` after the last one (see there).
   */
  async settled(): Promise<void> {
    await this.#pending;
    if (this.#count === 0) return;
    const wait = PROGRESS_RESPONSE_GAP_MS - (performance.now() - this.#lastSentAt);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** The status line of a progress item, capped; `undefined` when it has none. */
export function messageOf(item: ProgressItem): string | undefined {
  let text: string | undefined;
  switch (item.kind) {
    case 'text':
      text = item.text;
      break;
    case 'content':
      text = item.content.type === 'text' ? item.content.text : `[${item.content.type}]`;
      break;
    case 'custom':
      text = typeof item.payload === 'string' ? item.payload : undefined;
      break;
  }
  if (text === undefined || text === '') return undefined;
  return text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH)}…` : text;
}
