/** The exit-code section of a command's `--help`. */
export function exitCodesHelp(codes: readonly (readonly [number, string])[]): string {
  return `\nExit codes:\n${codes.map(([code, meaning]) => `  ${String(code).padEnd(4)}${meaning}`).join('\n')}\n`;
}

/** What exit code 2 means for every command that loads a module. */
export const UNUSABLE: readonly [number, string] = [
  2,
  'bad usage, or the module could not be loaded (missing file, no registry export, an error while loading, missing decorator metadata, a TypeScript file)',
];
