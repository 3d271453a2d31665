import { writeSync } from 'node:fs';
import { Writable } from 'node:stream';

/**
 * A stream that writes to file descriptor `fd` synchronously, as Node writes stdout to a pipe or a
 * file: a message is whole on the descriptor before the next one starts, and nothing is left
 * buffered when the process exits. A descriptor left non-blocking by another process is waited on.
 */
export function fdWriter(fd: number): Writable {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      try {
        let offset = 0;
        while (offset < chunk.length) {
          try {
            offset += writeSync(fd, chunk, offset, chunk.length - offset);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
            Atomics.wait(pause, 0, 0, 1);
          }
        }
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}
