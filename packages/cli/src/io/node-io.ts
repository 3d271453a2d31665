import { runStdioServerProcess } from '../serve/stdio-server-process';
import type { CliIo, CliOutput } from './cli-io';

/** The real process as a `CliIo`. */
export function nodeIo(): CliIo {
  // Bound now: `isolateStdout` reroutes process.stdout.write, and the CLI's own output must not follow.
  const writeStdout = process.stdout.write.bind(process.stdout) as (text: string) => boolean;
  let isolated = false;
  return {
    stdout: outputOf(process.stdout, writeStdout),
    stderr: outputOf(process.stderr, (text) => process.stderr.write(text)),
    stdin: process.stdin,
    cwd: process.cwd(),
    env: process.env,
    onInterrupt(listener) {
      const onSigint = (): void => listener('SIGINT');
      const onSigterm = (): void => listener('SIGTERM');
      process.on('SIGINT', onSigint);
      process.on('SIGTERM', onSigterm);
      return () => {
        process.off('SIGINT', onSigint);
        process.off('SIGTERM', onSigterm);
      };
    },
    ...(process.platform === 'win32' ? {} : { runStdioServerProcess }),
    isolateStdout() {
      if (isolated) return;
      isolated = true;
      const stderr = process.stderr as unknown as { write: (...args: unknown[]) => boolean };
      process.stdout.write = ((...args: unknown[]) => stderr.write(...args)) as typeof process.stdout.write;
    },
  };
}

function outputOf(stream: NodeJS.WriteStream, write: (text: string) => boolean): CliOutput {
  return {
    write: (text) => void write(text),
    get isTTY() {
      return stream.isTTY === true;
    },
    get columns() {
      return stream.columns;
    },
  };
}
