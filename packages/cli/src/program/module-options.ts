import type { Command } from 'commander';

/** The options every command that loads a module takes. */
export interface ModuleOptions {
  /** The export holding the registry, instead of `default` / `registry`. */
  readonly export?: string;
}

/** Adds the `<module>` argument and `--export` to a command. */
export function withModule(command: Command): Command {
  return command
    .argument(
      '<module>',
      'a compiled JavaScript file or a package directory (its package.json "main"), relative to the current directory',
    )
    .option(
      '--export <name>',
      'the export holding the registry (default: the default export, then "registry")',
    );
}
