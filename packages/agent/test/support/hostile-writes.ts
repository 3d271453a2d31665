import type { ServerResponse } from 'node:http';

/**
 * Writes `total` characters made by `piece(i)` in chunks, honouring backpressure, and stops as
 * soon as the client goes away (the point of most hostile-server tests is that it does).
 * Resolves to the number of characters written.
 */
export async function writeFlood(
  response: ServerResponse,
  piece: (index: number) => string,
  total: number,
): Promise<number> {
  let written = 0;
  for (let index = 0; written < total; index++) {
    if (response.destroyed || response.writableEnded) return written;
    const text = piece(index);
    written += text.length;
    if (!response.write(text)) {
      const gone = await new Promise<boolean>((resolve) => {
        const onDrain = (): void => {
          response.off('close', onClose);
          resolve(false);
        };
        const onClose = (): void => {
          response.off('drain', onDrain);
          resolve(true);
        };
        response.once('drain', onDrain);
        response.once('close', onClose);
      });
      if (gone) return written;
    }
  }
  return written;
}

/** Writes `text` every `everyMs` until the client goes away (or `maxMs`, a backstop for the test). */
export function writeForever(response: ServerResponse, text: string, everyMs: number, maxMs = 20_000): void {
  const started = Date.now();
  const timer = setInterval(() => {
    if (response.destroyed || response.writableEnded || Date.now() - started > maxMs) {
      clearInterval(timer);
      if (!response.writableEnded) response.end();
      return;
    }
    response.write(text);
  }, everyMs);
  response.once('close', () => clearInterval(timer));
}
