import type { CliIo } from '../io/cli-io';
import type { Styler } from '../io/styler';

/** What every command gets: the io, and a styler for each output stream. */
export interface CommandContext {
  readonly io: CliIo;
  /** Colours for stdout. */
  readonly out: Styler;
  /** Colours for stderr. */
  readonly err: Styler;
}
