import type { IncomingMessage } from 'node:http';
import { captureRawArguments } from '../server/raw-arguments';

/** The outcome of reading a request body: the parsed JSON, or the HTTP answer to give instead. */
export type BodyOutcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly status: number; readonly code: number; readonly message: string };

/**
 * Reads and parses a JSON request body of at most `maxBytes` (R13): a declared or actual size over
 * the limit is 413 without reading further, malformed JSON is a JSON-RPC parse error (400). The
 * arguments text of each `tools/call` is kept beside the parsed value (R16).
 */
export function readJsonBody(request: IncomingMessage, maxBytes: number): Promise<BodyOutcome> {
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
      request.off('data', onData);
      resolve(outcome);
    };
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
        const text = Buffer.concat(chunks, size).toString('utf8');
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
