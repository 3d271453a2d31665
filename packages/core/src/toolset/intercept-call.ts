import type { ToolCallContext } from '../context/tool-call-context';
import { ToolError } from '../errors/tool-error';
import { normalizeToolResult } from '../result/normalize-tool-result';
import { resultFromError } from '../result/result-from-error';
import type { ToolResult } from '../result/tool-result';
import type { ProgressItem } from '../stream/progress-item';
import { relayToolStream } from '../stream/relay-tool-stream';
import { originMeta, type StreamOrigin } from '../stream/stream-origin';
import { ToolStream, type CallStream } from '../stream/tool-stream';
import type { CallInterceptor, InterceptedCall } from './call-interceptor';

/**
 * The call `run` makes, with `interceptors` around it (see `CallInterceptor`): their
 * `beforeDecode` in order, the call's own stream relayed, their `afterResult` in reverse order.
 */
export function interceptCall(
  interceptors: readonly CallInterceptor[],
  call: InterceptedCall,
  run: () => ToolStream,
): CallStream {
  const origin: StreamOrigin = { toolName: call.toolName, callId: call.callId };
  return ToolStream.withProgress(async function* (): AsyncGenerator<ProgressItem, ToolResult, undefined> {
    // How many interceptors' beforeDecode ran: exactly those get their afterResult.
    let entered = 0;
    let result: ToolResult | undefined = undefined;
    for (; entered < interceptors.length;) {
      const interceptor = interceptors[entered]!;
      entered += 1;
      const answer = await hook(() => interceptor.beforeDecode?.(call), origin, 'beforeDecode');
      if (answer !== undefined) {
        result = answer;
        break;
      }
    }
    if (result === undefined) {
      const relayed: ToolResult = yield* relayToolStream(run(), origin);
      result = relayed;
    }
    for (let index = entered - 1; index >= 0; index -= 1) {
      const interceptor = interceptors[index]!;
      const current: ToolResult = result;
      const replaced: ToolResult | undefined = await hook(
        () => interceptor.afterResult?.(call, current),
        origin,
        'afterResult',
      );
      if (replaced !== undefined) result = replaced;
    }
    return result;
  }, origin);
}

/** The call as interceptors see it; reads the context's fields once, defensively (it may be the host's). */
export function interceptedCall(
  toolName: string,
  rawArgs: unknown,
  context: ToolCallContext,
): InterceptedCall {
  let callId = '';
  let depth = 0;
  try {
    if (typeof context.callId === 'string') callId = context.callId;
    if (typeof context.depth === 'number') depth = context.depth;
  } catch {
    // A context whose getters throw still gets its call intercepted.
  }
  return Object.freeze({ toolName, callId, rawArgs, depth, context });
}

// One hook's answer: a result to use, or undefined to go on; a throw, a rejection or a value that
// is not a result becomes an `internal` failure, so a broken interceptor cannot break the call.
async function hook(
  run: () => unknown,
  origin: StreamOrigin,
  name: 'beforeDecode' | 'afterResult',
): Promise<ToolResult | undefined> {
  let answer: unknown;
  try {
    answer = await run();
  } catch (thrown) {
    return failed(origin, name, thrown);
  }
  if (answer === undefined) return undefined;
  return normalizeToolResult(answer, () => originMeta(origin)) ?? failed(origin, name, answer);
}

function failed(origin: StreamOrigin, name: string, cause: unknown): ToolResult {
  return resultFromError(
    ToolError.internal(undefined, {
      toolName: origin.toolName,
      cause,
      details: {
        reason: `a call interceptor's ${name} failed or returned something that is not a ToolResult`,
      },
    }),
    originMeta(origin),
  );
}
