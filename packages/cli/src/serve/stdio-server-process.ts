import { spawn } from 'node:child_process';

/**
 * Set in the environment of the process `toolwright serve` starts for stdio: the descriptor the
 * protocol goes to. Its fd 1 is the launcher's stderr.
 */
export const PROTOCOL_FD_ENV = 'TOOLWRIGHT_STDIO_PROTOCOL_FD';

// The descriptor the protocol takes in the server process: the first one after stdio.
const PROTOCOL_FD = 3;

/**
 * Runs this command again as the stdio server process and resolves to its exit code (R15, F13).
 * Node cannot move a descriptor in-process (no `dup2` without a native addon), so the server is
 * started with stdin shared, fd 1 and fd 2 both the launcher's stderr, and the launcher's real
 * stdout handed over as fd 3 for the protocol alone: whatever a tool or a child with inherited
 * stdio writes to fd 1 lands on stderr. The launcher relays SIGINT and SIGTERM, and ends with the
 * server's code (128 + the signal's number when a signal ended it).
 */
export function runStdioServerProcess(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      stdio: [0, 2, 2, 1],
      env: { ...process.env, [PROTOCOL_FD_ENV]: String(PROTOCOL_FD) },
    });
    const relay = (signal: NodeJS.Signals) => (): void => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    const onSigint = relay('SIGINT');
    const onSigterm = relay('SIGTERM');
    process.on('SIGINT', onSigint);
    process.on('SIGTERM', onSigterm);
    const done = (code: number): void => {
      process.off('SIGINT', onSigint);
      process.off('SIGTERM', onSigterm);
      resolve(code);
    };
    child.once('error', (error) => {
      process.stderr.write(`toolwright: could not start the stdio server process: ${error.message}\n`);
      done(1);
    });
    child.once('exit', (code, signal) => {
      if (code !== null) done(code);
      else done(128 + (signal === null ? 0 : signalNumber(signal)));
    });
  });
}

function signalNumber(signal: NodeJS.Signals): number {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { constants } = require('node:os') as typeof import('node:os');
  return constants.signals[signal] ?? 0;
}
