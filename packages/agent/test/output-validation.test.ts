import 'reflect-metadata';
import { Param, Tool, type OutputValidationMode } from '@toolwright/core';
import { ToolRegistry } from '@toolwright/registry';
import { Agent, type AgentRunResult } from '../src';
import { ScriptedModelClient } from '../src/testing';
import { collect } from './support/drive';

function countTools(outputValidation?: OutputValidationMode) {
  class CountOutput {
    @Param({ integer: true, minimum: 0 })
    count!: number;

    @Param()
    label!: string;
  }
  class Counter {
    @Tool({ name: 'count', description: 'Counts.', readOnly: true, output: CountOutput })
    count(): CountOutput {
      return { count: -5, label: 'files' };
    }
  }
  return new ToolRegistry(outputValidation === undefined ? {} : { outputValidation })
    .tool(Counter)
    .finalize();
}

const script = () => new ScriptedModelClient([{ toolCalls: [{ name: 'count' }] }, { text: 'done' }]);

async function both(outputValidation?: OutputValidationMode): Promise<AgentRunResult[]> {
  const blocking = await new Agent({ model: script(), tools: countTools(outputValidation) }).run('count');
  const { result: streamed } = await collect(
    new Agent({ model: script(), tools: countTools(outputValidation) }).stream('count'),
  );
  return [blocking, streamed];
}

describe('output validation through the agent', () => {
  it('gives the model the invalid_output text, blocking and streaming alike', async () => {
    for (const result of await both()) {
      const [call] = result.toolResults;
      expect(call?.status).toBe('failed');
      expect(call?.error?.kind).toBe('invalid_output');
      expect(call?.content).toEqual([
        {
          type: 'text',
          text: [
            'count returned output that does not match its declared output:',
            '  - count: expected an integer >= 0, received -5',
            'This is a fault in count, not in the arguments; the same call returns the same output. Try different arguments or another approach.',
          ].join('\n'),
        },
      ]);
    }
  });

  it('serves the output when the registry only warns', async () => {
    for (const result of await both('warn')) {
      const [call] = result.toolResults;
      expect(call?.status).toBe('ok');
      expect(call?.result?.ok && call.result.structuredContent).toEqual({ count: -5, label: 'files' });
    }
  });
});
