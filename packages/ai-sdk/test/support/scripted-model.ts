import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV4, convertArrayToReadableStream } from 'ai/test';

/** One model response: tool calls (name and raw JSON text) and/or text. */
export interface ScriptedStep {
  readonly toolCalls?: readonly { readonly name: string; readonly input: string }[];
  readonly text?: string;
}

const USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/**
 * The AI SDK's own test model (`MockLanguageModelV4` from `ai/test`) answering from a script, in
 * `generateText` (doGenerate) and `streamText` (doStream) alike; it keeps every call's options, so a
 * test reads what the AI SDK sent the model (the prompt, with the tool results of the step before).
 */
export function scriptedModel(steps: readonly ScriptedStep[]): {
  model: MockLanguageModelV4;
  calls: LanguageModelV4CallOptions[];
} {
  const calls: LanguageModelV4CallOptions[] = [];
  let index = 0;
  const next = (options: LanguageModelV4CallOptions): ScriptedStep => {
    calls.push(options);
    return steps[index++] ?? { text: 'Out of script.' };
  };
  const toolCalls = (step: ScriptedStep, turn: number) =>
    (step.toolCalls ?? []).map((call, position) => ({
      type: 'tool-call' as const,
      toolCallId: `call_${turn}_${position + 1}`,
      toolName: call.name,
      input: call.input,
    }));
  const finishReason = (step: ScriptedStep) =>
    step.toolCalls?.length
      ? { unified: 'tool-calls' as const, raw: 'tool_calls' }
      : { unified: 'stop' as const, raw: 'stop' };
  const model = new MockLanguageModelV4({
    doGenerate: async (options) => {
      const step = next(options);
      return {
        content: [
          ...(step.text === undefined ? [] : [{ type: 'text' as const, text: step.text }]),
          ...toolCalls(step, index),
        ],
        finishReason: finishReason(step),
        usage: USAGE,
        warnings: [],
      };
    },
    doStream: async (options) => {
      const step = next(options);
      const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }];
      if (step.text !== undefined) {
        parts.push(
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: step.text },
          { type: 'text-end', id: 't' },
        );
      }
      parts.push(...toolCalls(step, index), {
        type: 'finish',
        usage: USAGE,
        finishReason: finishReason(step),
      });
      return { stream: convertArrayToReadableStream(parts) };
    },
  });
  return { model, calls };
}

/** The tool results in one model call's prompt: `toolName → output` as the model reads it. */
export function toolOutputsIn(
  options: LanguageModelV4CallOptions | undefined,
): { toolName: string; output: unknown }[] {
  const outputs: { toolName: string; output: unknown }[] = [];
  for (const message of options?.prompt ?? []) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type === 'tool-result') outputs.push({ toolName: part.toolName, output: part.output });
    }
  }
  return outputs;
}

/** Whether this Node can run `ai` 7 (which requires Node 22 or later). */
export const AI_SDK_NODE = Number(process.versions.node.split('.')[0]) >= 22;
