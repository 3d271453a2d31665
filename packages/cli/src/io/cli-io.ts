/** A stream the CLI writes to: text only, plus what it needs to know about the terminal. */
export interface CliOutput {
  write(text: string): void;
  /** Whether the stream is a terminal (progress animates and colour is used only then). */
  readonly isTTY: boolean;
  /** The terminal width, when it is one. */
  readonly columns?: number;
}

/** What `main` reads and writes: the process in `bin.ts`, fakes in tests. */
export interface CliIo {
  readonly stdout: CliOutput;
  readonly stderr: CliOutput;
  /** Standard input, read by `call` when its arguments are `-` or absent. */
  readonly stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean };
  /** The directory module paths are resolved against. */
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /**
   * Calls `listener` on SIGINT or SIGTERM (while subscribed, the process is not killed by them);
   * returns the function that unsubscribes it.
   */
  onInterrupt(listener: (signal: 'SIGINT' | 'SIGTERM') => void): () => void;
  /**
   * From now on, whatever else writes to the process's stdout (`console.log` in the loaded module
   * or its tools) goes to stderr; `stdout` above still reaches stdout, so it carries the command's
   * output alone (JSON stays parseable).
   */
  isolateStdout(): void;
  /**
   * Runs `toolwright serve` (stdio) again as a server process whose fd 1 is stderr, the protocol
   * on its own descriptor, and resolves to its exit code. Absent where that cannot be done (in
   * tests, on Windows): the server then runs in this process.
   */
  readonly runStdioServerProcess?: () => Promise<number>;
}
