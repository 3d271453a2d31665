import type { ToolCallContext } from '../context/tool-call-context';
import type { ToolResult } from '../result/tool-result';

/** One call as a `CallInterceptor` sees it. */
export interface InterceptedCall {
  readonly toolName: string;
  readonly callId: string;
  /** The arguments as the model sent them: not decoded yet, untrusted. */
  readonly rawArgs: unknown;
  /** 0 for a call from the host, 1 for a call a tool dispatched, and so on. */
  readonly depth: number;
  /** The call's context: its signal, the host's values by token, the host-only results. */
  readonly context: ToolCallContext;
}

/**
 * Code around every call of a `ToolSet` (and of the registry over it), calls that tools dispatch
 * included: the one place to hook telemetry (a span per call), result checks, and calls handed to
 * a store instead of run. Interceptors run in order before a call and in reverse order after it,
 * each around the ones after it: `beforeDecode`, then `aroundCall` around the rest of the call,
 * then `afterResult`. Progress passes through untouched.
 *
 * An interceptor that throws or rejects does not break the call: the call ends with an `internal`
 * failure (its cause host-only) and the `afterResult` of the interceptors around it still run.
 */
export interface CallInterceptor {
  /**
   * Runs before the arguments are decoded. Returning a `ToolResult` answers the call with it: the
   * tool and the interceptors after this one do not run (a refusal, a cached answer, a call handed
   * to a task store), while the `afterResult` of this one and of those before it still do.
   * Returning nothing lets the call go on.
   */
  readonly beforeDecode?: (call: InterceptedCall) => void | ToolResult | PromiseLike<void | ToolResult>;
  /**
   * Runs around the rest of the call (the interceptors after this one, then the tool): `proceed`
   * starts it and gives its result, and the hook returns that result or one in its place. The
   * rest starts inside the hook's own call of `proceed`, so what the hook makes current around
   * that call (a trace context) is current in the tool and in the calls it dispatches. `proceed`
   * runs the rest once (a second call gives the same promise); a hook that returns a result
   * without calling it answers the call itself. Returning the promise `proceed` gave, as is, costs
   * the call nothing more than the hook itself.
   */
  readonly aroundCall?: (
    call: InterceptedCall,
    proceed: () => Promise<ToolResult>,
  ) => ToolResult | PromiseLike<ToolResult>;
  /**
   * Runs once the call's result is in, success or failure. Returning a `ToolResult` replaces the
   * result (an output check turning a bad output into a failure); returning nothing keeps it.
   */
  readonly afterResult?: (
    call: InterceptedCall,
    result: ToolResult,
  ) => void | ToolResult | PromiseLike<void | ToolResult>;
}
