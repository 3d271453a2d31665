import type { CliOutput } from './cli-io';

/** Colours for one output stream; every function returns its text unchanged when colour is off. */
export interface Styler {
  readonly enabled: boolean;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
  bold(text: string): string;
  dim(text: string): string;
}

const codes = {
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  cyan: [36, 39],
  bold: [1, 22],
  dim: [2, 22],
} as const;

/**
 * The styler of `output`: colour on a terminal only (never in CI logs or pipes), unless `NO_COLOR`
 * turns it off or `FORCE_COLOR` (other than `0`) turns it on.
 */
export function stylerFor(output: CliOutput, env: Readonly<Record<string, string | undefined>>): Styler {
  const forced = env['FORCE_COLOR'];
  const enabled =
    forced !== undefined && forced !== '' ? forced !== '0' : output.isTTY && (env['NO_COLOR'] ?? '') === '';
  const paint =
    (name: keyof typeof codes) =>
    (text: string): string =>
      enabled ? `\u001b[${codes[name][0]}m${text}\u001b[${codes[name][1]}m` : text;
  return {
    enabled,
    red: paint('red'),
    green: paint('green'),
    yellow: paint('yellow'),
    cyan: paint('cyan'),
    bold: paint('bold'),
    dim: paint('dim'),
  };
}
