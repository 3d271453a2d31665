import { isContentBlockList, type ContentBlock } from '@toolwright/core';
import type { RegisteredTool } from '@toolwright/registry';
import type { BeforeCallAction } from './before-call-hook';

/** A hook's answer the loop cannot act on: a bug in the host, which ends the run. */
export class HookAnswerError extends TypeError {
  constructor(hook: string, expected: string, received: unknown) {
    super(`The agent's ${hook} hook returned ${describe(received)}; it must return ${expected}.`);
    this.name = 'HookAnswerError';
  }
}

/** `beforeCall`'s answer, checked: `undefined` runs the call. */
export function checkedBeforeCall(answer: unknown): BeforeCallAction | undefined {
  if (answer === undefined) return undefined;
  const candidate = answer as Partial<Record<string, unknown>> | null;
  if (candidate?.['action'] === 'veto' && typeof candidate['reason'] === 'string')
    return answer as BeforeCallAction;
  if (candidate?.['action'] === 'rewrite') {
    const args = candidate['arguments'];
    if (typeof args === 'string') return answer as BeforeCallAction;
    if (typeof args === 'object' && args !== null) {
      const text = JSON.stringify(args) as string | undefined;
      if (text !== undefined) return { action: 'rewrite', arguments: text };
    }
  }
  throw new HookAnswerError(
    'beforeCall',
    "undefined, { action: 'rewrite', arguments } or { action: 'veto', reason }",
    answer,
  );
}

/** `afterCall`'s answer, checked: the content to send, or `undefined` to keep it. */
export function checkedAfterCall(answer: unknown): readonly ContentBlock[] | undefined {
  if (answer === undefined) return undefined;
  const content = (answer as { content?: unknown } | null)?.content;
  if (isContentBlockList(content)) return content;
  throw new HookAnswerError('afterCall', 'undefined or { content } with at least one content block', answer);
}

/** `beforeTurn`'s answer, checked against the tools offered: the tools to send, in order. */
export function checkedBeforeTurn(
  answer: unknown,
  tools: readonly RegisteredTool[],
): readonly number[] | undefined {
  if (answer === undefined) return undefined;
  if (!Array.isArray(answer))
    throw new HookAnswerError('beforeTurn', 'undefined or a list of offered tool names', answer);
  const indexes = new Map<string, number>();
  for (let index = 0; index < tools.length; index++) indexes.set(tools[index]!.name, index);
  const chosen: number[] = [];
  const seen = new Set<string>();
  for (const name of answer as unknown[]) {
    const index = typeof name === 'string' ? indexes.get(name) : undefined;
    if (index === undefined || seen.has(name as string)) {
      throw new HookAnswerError(
        'beforeTurn',
        `names of the tools offered this turn, each once (${JSON.stringify(String(name).slice(0, 64))} ${index === undefined ? 'is not offered' : 'is named twice'})`,
        answer,
      );
    }
    seen.add(name as string);
    chosen.push(index);
  }
  return chosen;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object of another shape' : `a ${typeof value}`;
}
