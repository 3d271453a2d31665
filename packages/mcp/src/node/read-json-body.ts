import type { IncomingMessage } from 'node:http';
import { captureRawArguments } from '../server/raw-arguments';
import type { PendingBodies } from './pending-bodies';

/** The outcome of reading a request body: the parsed JSON, or the HTTP answer to give instead. */
export type BodyOutcome =
  | { readonly ok: true; readonly value: unknown }
  | {
      readonly ok: false;
      readonly status: number;
      readonly code: number;
      readonly message: string;
      /** The body was not read to its end: the connection cannot be reused and is closed. */
      readonly closeConnection?: boolean;
    };

/** How long a body may take, and the set of unfinished bodies it joins while it arrives. */
export interface BodyLimits {
  readonly maxBytes: number;
  /** The body must arrive whole within this many milliseconds of the headers (R17); 408 otherwise. */
  readonly timeoutMs: number;
  readonly pending: PendingBodies;
}

/**
 * Reads and parses a JSON request body of at most `maxBytes` (R13): a declared or actual size over
 * the limit is 413 without reading further, malformed JSON is a JSON-RPC parse error (400). The
 * arguments text of each `tools/call` is kept beside the parsed value (R16). While it arrives the
 * request holds a place among the unfinished bodies; a body not whole by the deadline, or pushed
 * out by newer requests, is 408 and its connection is closed (F20).
 */
export function readJsonBody(request: IncomingMessage, limits: BodyLimits): Promise<BodyOutcome> {
  const { maxBytes, timeoutMs, pending } = limits;
  const tooLarge: BodyOutcome = {
    ok: false,
    status: 413,
    code: -32000,
    message: `Payload too large: the request body exceeds ${maxBytes} bytes.`,
  };
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    request.resume();
    return Promise.resolve(tooLarge);
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (outcome: BodyOutcome): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      leave();
      request.off('data', onData);
      resolve(outcome);
    };
    const timer = setTimeout(
      () =>
        finish({
          ok: false,
          status: 408,
          code: -32000,
          message: `Request timeout: the request body did not arrive within ${timeoutMs} ms.`,
          closeConnection: true,
        }),
      timeoutMs,
    );
    const leave = pending.enter(() =>
      finish({
        ok: false,
        status: 408,
        code: -32000,
        message: `Request timeout: the request body was still incomplete when newer requests needed its place (the server reads at most ${pending.max} bodies at once).`,
        closeConnection: true,
      }),
    );
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) {
        request.resume();
        finish(tooLarge);
        return;
      }
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.once('end', () => {
      try {
        // A small body is one chunk: decoded where it lies, not copied first.
        const text = (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)).toString('utf8');
        const value = JSON.parse(text) as unknown;
        captureRawArguments(value, text);
        finish({ ok: true, value });
      } catch {
        finish({ ok: false, status: 400, code: -32700, message: 'Parse error: the body is not valid JSON.' });
      }
    });
    request.once('error', () =>
      finish({ ok: false, status: 400, code: -32000, message: 'The request body could not be read.' }),
    );
    request.once('close', () =>
      finish({ ok: false, status: 400, code: -32000, message: 'The request was aborted.' }),
    );
  });
}
