import type { FinalizeProblem, ToolServerHandle } from '@toolwright/registry';
import type { LoadedToolModule } from './loaded-tool-module';

/** A loaded module after `finalize()`: the handle when it succeeded, every problem when it did not. */
export interface FinalizedModule {
  readonly loaded: LoadedToolModule;
  /** The finalized handle; `undefined` when there are problems. */
  readonly handle: ToolServerHandle | undefined;
  readonly problems: readonly FinalizeProblem[];
  /** The names of the tools registered (or that would be, when there are problems). */
  readonly tools: readonly string[];
}
