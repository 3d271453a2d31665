import type { Agent, AgentEvent, AgentInput, AgentRunOptions, AgentRunResult } from '../../src';

/** Every event of a stream, and the result of its `done` event. */
export async function collect(
  stream: AsyncIterable<AgentEvent>,
): Promise<{ events: AgentEvent[]; result: AgentRunResult }> {
  const events: AgentEvent[] = [];
  let result: AgentRunResult | undefined;
  for await (const event of stream) {
    events.push(event);
    if (event.type === 'done') result = event.result;
  }
  if (result === undefined) throw new Error('the stream ended without a done event');
  return { events, result };
}

/** One way of running an agent to its result. */
export type RunPath = (agent: Agent, input: AgentInput, options?: AgentRunOptions) => Promise<AgentRunResult>;

/** The blocking path and the streaming path, for `describe.each`. */
export const RUN_PATHS: readonly (readonly [string, RunPath])[] = [
  ['run (blocking)', (agent, input, options) => agent.run(input, options)],
  ['stream', async (agent, input, options) => (await collect(agent.stream(input, options))).result],
];

/** The text of the first block of a tool result. */
export function firstText(content: readonly { type: string; text?: string }[]): string {
  const block = content[0];
  return block !== undefined && block.type === 'text' ? (block.text ?? '') : '';
}
