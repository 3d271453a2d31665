/** The exit codes of every `toolwright` command. */
export const ExitCode = {
  /** Done; nothing wrong. */
  ok: 0,
  /** What the command checks failed: registry problems, a tool error, schema drift. */
  failed: 1,
  /** The command could not run: bad usage, or the module could not be loaded. */
  unusable: 2,
  /** Interrupted by SIGINT (Ctrl-C), after the call was cancelled. */
  interrupted: 130,
  /** Stopped by SIGTERM, after the call was cancelled. */
  terminated: 143,
} as const;
