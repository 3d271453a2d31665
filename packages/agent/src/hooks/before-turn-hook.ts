import type { ProviderDefinition, RegisteredTool } from '@toolwright/registry';
import type { AgentMessage } from '../messages/agent-message';

/** What `beforeTurn` sees: the turn about to be sent and the tools it would offer. */
export interface TurnRequest {
  readonly turn: number;
  /** The transcript the model is about to read (a copy: changing it changes nothing). */
  readonly messages: readonly AgentMessage[];
  /** The tools this turn would offer, in the order the model would see them. */
  readonly tools: readonly RegisteredTool[];
  /** Their definitions in the client's format, in the same order. */
  readonly definitions: readonly ProviderDefinition[];
}

/**
 * Chooses the tools one turn offers: the names of some of `request.tools`, in the order to send
 * them (filter, reorder); `undefined` offers all, as they are. A call in that turn to a tool left
 * out is `disallowed_tool`. A name that is not offered, or named twice, is a bug in the host: the
 * run ends with `stopReason: 'error'`, as when the hook throws.
 */
export type BeforeTurnHook = (
  request: TurnRequest,
) => readonly string[] | undefined | Promise<readonly string[] | undefined>;
