import type { ToolCallContext } from '../../src/context/tool-call-context';
import type { ToolError } from '../../src/errors/tool-error';
import { createErasedTool } from '../../src/invoke/create-erased-tool';
import type { ErasedTool } from '../../src/invoke/erased-tool';
import type { ErasedToolSpec, ToolLimits } from '../../src/invoke/erased-tool-spec';
import type { ToolResult } from '../../src/result/tool-result';

/** Options of `testTool` beyond the name and the function. */
export interface TestToolOptions extends Partial<Omit<ErasedToolSpec, 'definition' | 'invoke'>> {
  readonly limits?: ToolLimits;
}

/** An erased tool for runtime tests: JSON arguments, a trivial decoder, and `invoke` as given. */
export function testTool(
  name: string,
  invoke: (args: any, ctx: ToolCallContext) => unknown,
  options: TestToolOptions = {},
): ErasedTool {
  return createErasedTool({
    definition: { name, description: `The ${name} test tool.` },
    decode: (raw) => (typeof raw === 'string' ? (JSON.parse(raw || '{}') as unknown) : raw),
    invoke,
    ...options,
  });
}

/** The error of a result that must be a failure. */
export function errorOf(result: ToolResult): ToolError {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.content)}`);
  return result.error;
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A promise that never settles: a tool that hangs. */
export function never<T>(): Promise<T> {
  return new Promise<T>(() => undefined);
}

/** Waits until `condition` holds, polling; fails after `timeoutMs` (generous: the CI machine is loaded). */
export async function eventually(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(5);
  }
}
