import { CallContext } from './call-context';
import type { ToolCallContext } from './tool-call-context';

/**
 * The runtime's own context for a call: `ctx` itself when it is one, otherwise a `CallContext`
 * that delegates its bags and dispatch to `ctx` and follows its signal, so the engine can abort
 * a call whose context was written elsewhere.
 */
export function adoptCallContext(ctx: ToolCallContext | undefined, toolName: string): CallContext {
  if (ctx instanceof CallContext) return ctx;
  if (typeof ctx !== 'object' || ctx === null) return new CallContext({ toolName });
  const read = <K extends keyof ToolCallContext>(key: K): ToolCallContext[K] | undefined => {
    try {
      return ctx[key];
    } catch {
      return undefined;
    }
  };
  const callId = read('callId');
  const depth = read('depth');
  const signal = read('signal');
  return new CallContext({
    toolName,
    callId: typeof callId === 'string' ? callId : undefined,
    depth: typeof depth === 'number' ? depth : undefined,
    signal: signal instanceof AbortSignal ? signal : undefined,
    delegate: ctx,
  });
}
