import { CallContext } from './call-context';
import type { ToolCallContext, ToolDispatcher } from './tool-call-context';
import type { ExtensionEntry } from './extension-entry';

/** What a host gives `createCallContext`. */
export interface CallContextOptions {
  readonly toolName: string;
  /** Generated when absent. */
  readonly callId?: string;
  /** Cancels the call (and every tool it dispatches). */
  readonly signal?: AbortSignal;
  /** The host's values for this call (session, auth, trace), read by token; never shown to the model. */
  readonly extensions?: Iterable<ExtensionEntry>;
  /** The host's secret strings, scrubbed from model-bound text like the extension values (read when needed). */
  readonly secrets?: () => readonly string[];
  /** What `ctx.dispatch` calls through; without one, `dispatch` fails with `not_implemented`. */
  readonly dispatcher?: ToolDispatcher;
  /** 0 for a call from the host. */
  readonly depth?: number;
  /** How deep tools may call tools (default 8). */
  readonly maxDepth?: number;
  /** How many calls tools may dispatch under this call, in all (default 1,000). */
  readonly maxDispatches?: number;
  /** Measure the call's wall time into `result.meta.durationMs` (default false). */
  readonly timing?: boolean;
}

/** A context for one call. A context is spent when its call ends: build one per call. */
export function createCallContext(options: CallContextOptions): ToolCallContext {
  return new CallContext(options);
}
