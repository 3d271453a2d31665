import type { ProviderDefinition, ProviderFormat } from '@toolwright/registry';
import type { AgentMessage } from '../messages/agent-message';
import type { ModelEvent } from './model-event';

/** Which tools the model may or must call: `auto` (the default), `none`, `required` (any tool), or one named tool. */
export type ToolChoice = 'auto' | 'none' | 'required' | { readonly name: string };

/** One request to a model: the transcript, the tool definitions in the client's format, and how to use them. */
export interface ModelRequest {
  readonly system?: string;
  readonly messages: readonly AgentMessage[];
  /** Definitions in the client's `format`, straight from the snapshot's cache: clients must not mutate them. */
  readonly tools: readonly ProviderDefinition[];
  readonly toolChoice?: ToolChoice;
  /** Whether the model may ask for several tool calls in one turn (provider default when absent). */
  readonly parallelToolCalls?: boolean;
  /** Cancels the request, including a response still streaming. */
  readonly signal?: AbortSignal;
}

/**
 * A model behind any API, streaming-first: one request gives an async iterable of events that
 * ends with a `finish` event, or throws a `ModelError`. `collectModelResponse` gathers a stream into
 * one response.
 */
export interface ModelClient {
  /** The tool-definition format this client sends (`openai`, `openai-strict`, `anthropic`, …). */
  readonly format: ProviderFormat;
  stream(request: ModelRequest): AsyncIterable<ModelEvent>;
}
