import type { ExtensionEntry } from '@toolwright/core';
import type { AgentHooks } from './agent-options';
import type { AgentEvent } from './agent-event';
import type { AgentMessage } from '../messages/agent-message';

/** What every turn of one run shares. */
export interface RunScope {
  readonly hooks: AgentHooks;
  readonly signal: AbortSignal | undefined;
  readonly extensions: readonly ExtensionEntry[] | undefined;
  /** The strings of the host-only values, scrubbed from model-bound text. */
  readonly hostValues: readonly string[];
  readonly toolTimeoutMs: number | undefined;
  readonly concurrentReadOnly: boolean;
  /** Read-only calls of one turn running at once; the rest wait their turn. */
  readonly maxConcurrentCalls: number;
  /** The names the model may call; `undefined` for every registered tool. */
  readonly allowed: ReadonlySet<string> | undefined;
  readonly emit: (event: AgentEvent) => void;
  /** The run's transcript (the loop's own array: copy before handing it out). */
  readonly messages: readonly AgentMessage[];
  /** `retry` actions taken so far in the run. */
  retries: number;
}
