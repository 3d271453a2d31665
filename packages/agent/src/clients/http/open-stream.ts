import { ModelError } from '../../model/model-error';
import type { HttpSettings } from './http-settings';
import { RequestWatchdog } from './request-watchdog';
import { retryAfterMs } from './retry-after';
import {
  parseServerSentEvents,
  readServerSentEvents,
  responseTooLarge,
  type ServerSentEvent,
} from './server-sent-events';

/** An HTTP response whose body is still to be read, with the watchdog guarding it. */
export interface OpenedStream {
  readonly response: Response;
  readonly watchdog: RequestWatchdog;
  readonly attempts: number;
}

// The most of an error body worth keeping: enough for the provider's message.
const MAX_ERROR_BODY = 8_192;

/**
 * POSTs a JSON body and waits for a successful response, retrying 408/409/429/5xx answers,
 * timeouts and connection failures with exponential backoff, or after the `retry-after` the
 * server gave. Once the headers arrive nothing is retried: the caller has started reading.
 */
export async function openStream(
  settings: HttpSettings,
  url: string,
  headers: Readonly<Record<string, string>>,
  body: string,
  signal: AbortSignal | undefined,
): Promise<OpenedStream> {
  for (let attempt = 1; ; attempt++) {
    const watchdog = new RequestWatchdog(settings.timeoutMs, signal, settings.responseTimeoutMs);
    let failure: ModelError;
    try {
      // redirect: 'manual': a redirect would resend the body and the API key header to wherever it points.
      const response = await settings.fetch(url, {
        method: 'POST',
        headers,
        body,
        signal: watchdog.signal,
        redirect: 'manual',
      });
      if (response.ok) return { response, watchdog, attempts: attempt };
      failure = await httpFailure(settings, response, attempt);
    } catch (thrown) {
      failure = ModelError.is(thrown) ? thrown : watchdog.failure(settings.provider, thrown, 'connect');
    }
    // Only a failed attempt ends here; on success the watchdog lives on with the body.
    watchdog.dispose();
    if (failure.kind === 'cancelled' || signal?.aborted === true) throw cancelled(settings, failure);
    if (!failure.retryable || attempt > settings.maxRetries) throw withAttempts(failure, attempt);
    const hinted = failure.retryAfterMs;
    if (hinted !== undefined && hinted > settings.maxRetryAfterMs) {
      throw new ModelError(
        failure.kind,
        `${failure.message} The server asked to wait ${Math.ceil(hinted / 1000)} s before retrying, longer than maxRetryAfterMs (${settings.maxRetryAfterMs} ms).`,
        { ...optionsOf(failure), attempts: attempt },
      );
    }
    await sleep(hinted ?? backoff(settings, attempt), signal, settings);
  }
}

/**
 * The events of a streaming response; a failure while reading becomes a `ModelError` (dropped
 * connection, idle timeout, overall deadline, cancel, a limit crossed). A body that ends without a
 * single event was not an event stream at all: that fails as `protocol`, naming its content type.
 */
export async function* streamEvents(
  settings: HttpSettings,
  opened: OpenedStream,
): AsyncGenerator<ServerSentEvent, void, undefined> {
  const { response, watchdog } = opened;
  let events = 0;
  let head = '';
  try {
    if (response.body === null)
      throw new ModelError('protocol', `${settings.provider} sent an empty response.`);
    for await (const event of readServerSentEvents(response.body, {
      onChunk: () => watchdog.arm(),
      onHead: (text) => (head = text),
      provider: settings.provider,
      limits: settings.limits,
    })) {
      events++;
      yield event;
    }
    if (events === 0) throw notAnEventStream(settings, response, head);
  } catch (thrown) {
    if (ModelError.is(thrown)) throw thrown;
    throw watchdog.failure(settings.provider, thrown, 'stream');
  } finally {
    // Whatever stopped the reading, the connection goes with it.
    watchdog.close();
    watchdog.dispose();
  }
}

/**
 * Reads a whole (non-streaming) body as text under the same watchdog: idle gaps, the overall
 * deadline and `maxResponseBytes` bound it (a decompression bomb is cut off at the cap).
 */
export async function readBody(settings: HttpSettings, opened: OpenedStream): Promise<string> {
  const { response, watchdog } = opened;
  const body = response.body;
  if (body === null) {
    watchdog.dispose();
    return '';
  }
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const limit = settings.limits.maxResponseBytes;
  const parts: string[] = [];
  let received = 0;
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      watchdog.arm();
      received += value.byteLength;
      if (received > limit) throw responseTooLarge(settings.provider, limit);
      parts.push(decoder.decode(value, { stream: true }));
    }
    parts.push(decoder.decode());
    finished = true;
    return parts.join('');
  } catch (thrown) {
    if (ModelError.is(thrown)) throw thrown;
    throw watchdog.failure(settings.provider, thrown, 'stream');
  } finally {
    if (!finished) reader.cancel().catch(() => undefined);
    reader.releaseLock();
    watchdog.close();
    watchdog.dispose();
  }
}

/**
 * A body that said it was JSON but reads as an event stream (a server with the wrong content
 * type): its events, under the same limits; `undefined` when it does not look like one.
 */
export function eventsInBody(settings: HttpSettings, text: string): ServerSentEvent[] | undefined {
  if (!/^\s*(data|event|id|retry)\s*:/.test(text.slice(0, 64))) return undefined;
  return parseServerSentEvents(text, settings.provider, settings.limits);
}

/** Events already parsed, as the async iterable a stream reader takes. */
export async function* fromArray(
  events: readonly ServerSentEvent[],
): AsyncGenerator<ServerSentEvent, void, undefined> {
  yield* events;
}

function notAnEventStream(settings: HttpSettings, response: Response, head: string): ModelError {
  const type = response.headers.get('content-type') ?? 'none';
  const shown = head.trim().replace(/\s+/g, ' ');
  return new ModelError(
    'protocol',
    `${settings.provider} answered with no events (content-type ${type}), not an event stream${shown === '' ? ' (an empty body).' : `: ${shown}`}`,
  );
}

async function httpFailure(settings: HttpSettings, response: Response, attempt: number): Promise<ModelError> {
  let text = '';
  try {
    text = (await response.text()).slice(0, MAX_ERROR_BODY);
  } catch {
    // The body broke off: the status alone still says what happened.
  }
  const status = response.status;
  const { message, code } = settings.describeError(text);
  const forced = response.headers.get('x-should-retry');
  const retryable =
    forced === 'true'
      ? true
      : forced === 'false'
        ? false
        : status === 408 || status === 409 || status === 429 || status >= 500;
  const location = status >= 300 && status < 400 ? response.headers.get('location') : null;
  const detail =
    location !== null
      ? `a redirect to ${location.slice(0, 300)}, which is not followed (it would carry the request and its key there); set the base URL to the address to use`
      : (message ?? (text.trim() === '' ? response.statusText : text.trim().slice(0, 300)));
  return new ModelError('http', `${settings.provider} answered ${status}${detail ? `: ${detail}` : ''}`, {
    status,
    retryable,
    retryAfterMs: retryAfterMs(response.headers),
    code,
    attempts: attempt,
  });
}

function backoff(settings: HttpSettings, attempt: number): number {
  const delay = Math.min(settings.retryBaseDelayMs * 2 ** (attempt - 1), settings.retryMaxDelayMs);
  return delay * (1 - Math.random() * 0.25);
}

function sleep(ms: number, signal: AbortSignal | undefined, settings: HttpSettings): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(new ModelError('cancelled', `The request to ${settings.provider} was cancelled.`));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new ModelError('cancelled', `The request to ${settings.provider} was cancelled.`));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function cancelled(settings: HttpSettings, failure: ModelError): ModelError {
  return failure.kind === 'cancelled'
    ? failure
    : new ModelError('cancelled', `The request to ${settings.provider} was cancelled.`, { cause: failure });
}

function withAttempts(failure: ModelError, attempts: number): ModelError {
  if (failure.attempts === attempts) return failure;
  const copy = new ModelError(failure.kind, failure.message, { ...optionsOf(failure), attempts });
  return copy;
}

function optionsOf(error: ModelError) {
  return {
    status: error.status,
    retryable: error.retryable,
    retryAfterMs: error.retryAfterMs,
    code: error.code,
    attempts: error.attempts,
    cause: error.cause,
  };
}
