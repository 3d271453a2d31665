import type { ToolCallRequest } from '../messages/agent-message';
import { ModelError } from './model-error';
import type { FinishReason, ModelEvent } from './model-event';
import type { Usage } from './usage';

/** A whole model response, gathered from its events. */
export interface ModelResponse {
  readonly text: string;
  readonly toolCalls: readonly ToolCallRequest[];
  readonly finishReason: FinishReason;
  readonly rawFinishReason?: string;
  readonly usage?: Usage;
}

/** Consumes a model stream to one response; rejects with the stream's error, or a `ModelError` if it ends without `finish`. */
export async function collectModelResponse(events: AsyncIterable<ModelEvent>): Promise<ModelResponse> {
  let text = '';
  const toolCalls: ToolCallRequest[] = [];
  for await (const event of events) {
    switch (event.type) {
      case 'text-delta':
        text += event.text;
        break;
      case 'tool-call':
        toolCalls.push({ id: event.id, name: event.name, arguments: event.arguments });
        break;
      case 'finish':
        return {
          text,
          toolCalls,
          finishReason: event.finishReason,
          rawFinishReason: event.rawFinishReason,
          usage: event.usage,
        };
      default:
        break;
    }
  }
  throw new ModelError('protocol', 'The model stream ended without a finish event.');
}
