import { spawn, type ChildProcess } from 'node:child_process';

/** How long a process that died waits before it is started again (ms). */
const RESTART_DELAY_MS = 1000;

/** One server process of `toolwright serve --processes`. */
export interface ServerProcessPlan {
  /** Its route (`p1`, `p2`, …), the prefix of the 2025-11-25 session ids it issues. */
  readonly route: string;
  readonly port: number;
  /** The arguments after `node`. */
  readonly args: readonly string[];
}

/**
 * The processes of `toolwright serve --http <port> --processes <n>`: the same command once per
 * process on ports `port` … `port + n − 1`, each with its session route, everything else as given.
 */
export function planServerProcesses(
  argv: readonly string[],
  port: number,
  count: number,
): ServerProcessPlan[] {
  const rest = withoutOptions(argv, ['--processes', '--http', '--session-route']);
  return Array.from({ length: count }, (_, index) => {
    const route = `p${index + 1}`;
    return {
      route,
      port: port + index,
      args: [...rest, '--http', String(port + index), '--session-route', route],
    };
  });
}

/**
 * Runs the planned processes until `stop` is called: their output goes to this process's stderr,
 * one that dies unasked is started again after a second (it rejoins the deployment: same port,
 * same route), and `stop` relays SIGTERM and resolves once all have exited.
 */
export function superviseServerProcesses(
  plans: readonly ServerProcessPlan[],
  log: (line: string) => void,
): { stop: () => Promise<void>; exited: Promise<void> } {
  let stopping = false;
  const running = new Map<string, ChildProcess>();
  let allExited: () => void = () => undefined;
  const exited = new Promise<void>((resolve) => {
    allExited = resolve;
  });
  const start = (plan: ServerProcessPlan): void => {
    const child = spawn(process.execPath, [...process.execArgv, ...plan.args], {
      stdio: ['ignore', 2, 2],
    });
    running.set(plan.route, child);
    log(`process ${plan.route} (pid ${String(child.pid)}) on port ${plan.port}`);
    child.once('error', (error) => log(`process ${plan.route} could not start: ${error.message}`));
    child.once('exit', (code, signal) => {
      running.delete(plan.route);
      if (stopping) {
        if (running.size === 0) allExited();
        return;
      }
      log(`process ${plan.route} ended (${signal ?? `exit code ${String(code)}`}); starting it again`);
      setTimeout(() => {
        if (!stopping) start(plan);
        else if (running.size === 0) allExited();
      }, RESTART_DELAY_MS).unref();
    });
  };
  for (const plan of plans) start(plan);
  return {
    exited,
    stop: () => {
      stopping = true;
      if (running.size === 0) allExited();
      for (const child of running.values()) child.kill('SIGTERM');
      return exited;
    },
  };
}

function withoutOptions(argv: readonly string[], names: readonly string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    if (names.includes(arg)) {
      index += 1;
      continue;
    }
    if (names.some((name) => arg.startsWith(`${name}=`))) continue;
    kept.push(arg);
  }
  return kept;
}
