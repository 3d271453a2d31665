import { Writable } from 'node:stream';

let protocolOutput: Writable | undefined;

/**
 * Makes stdout the protocol's alone (R15, F13): everything else that writes to `process.stdout` —
 * `console.log`, `console.info`, `console.debug`, `console.table`, a dependency writing directly —
 * goes to stderr from now on. Returns the one stream that still reaches the real stdout, for the
 * stdio transport. Call it before user code is loaded (the CLI's `serve` does, first thing);
 * calling it again returns the same stream.
 */
export function routeConsoleToStderr(): Writable {
  if (protocolOutput !== undefined) return protocolOutput;
  const stdout = process.stdout;
  const writeToStdout = stdout.write.bind(stdout) as (
    chunk: unknown,
    callback: (error?: Error | null) => void,
  ) => boolean;
  const toStderr = (chunk: unknown, encoding?: unknown, callback?: unknown): boolean => {
    const stderr = process.stderr as unknown as { write: (...args: unknown[]) => boolean };
    return stderr.write(chunk, encoding, callback);
  };
  stdout.write = toStderr as typeof stdout.write;
  protocolOutput = new Writable({
    write(chunk: unknown, _encoding, callback) {
      writeToStdout(chunk, (error) => callback(error ?? null));
    },
  });
  return protocolOutput;
}
