import type { ToolResult } from '../result/tool-result';
import type { ProgressItem } from '../stream/progress-item';
import type { ToolStream } from '../stream/tool-stream';
import type { TokenLike } from './token';
import type { ExtensionEntry } from './extension-entry';
import type {
  ElicitRequest,
  ElicitResult,
  ListRootsOptions,
  Root,
  SampleRequest,
  SampleResult,
} from './input-requests';

/** Options of `ctx.dispatch`, the call of one tool from inside another. */
export interface DispatchOptions {
  /** Cancels the inner call on its own; the outer call's cancellation is inherited regardless. */
  readonly signal?: AbortSignal;
  /** Extra values for the inner call's bag, on top of a copy of the outer call's. */
  readonly extensions?: Iterable<ExtensionEntry>;
  readonly callId?: string;
  /** Receives the inner call's progress. */
  readonly onProgress?: (item: ProgressItem) => void;
}

/** What `ctx.dispatch` calls through: a `ToolSet`, or a registry snapshot. */
export interface ToolDispatcher {
  execute(name: string, rawArgs: unknown, ctx: ToolCallContext): ToolStream;
}

/**
 * Everything a tool gets for one call besides its arguments. Per call, never shared: the host's
 * values for this call (session, auth, trace) in a typed bag the model never sees, a host-only
 * result bag, cancellation, and `dispatch` to call other tools.
 */
export interface ToolCallContext {
  readonly callId: string;
  readonly toolName: string;
  /**
   * Aborted when the call is cancelled, times out, or its consumer stops listening. Cooperative:
   * long loops should check it. Enforced: the caller stops waiting either way.
   */
  readonly signal: AbortSignal;
  /** 0 for a call from the host, 1 for a tool called by a tool, and so on. */
  readonly depth: number;
  /** The host's value for `token` in this call, if any. */
  get<T>(token: TokenLike<T>): T | undefined;
  /** The host's value for `token`; a `missing_resource` `ToolError` naming the token when absent. */
  require<T>(token: TokenLike<T>): T;
  /** Puts a value in this call's bag (visible to tools this call dispatches). */
  set<T>(token: TokenLike<T>, value: T): void;
  /** Records a host-only result of this call; it travels in `result.meta.hostResults`. */
  setResult<T>(token: TokenLike<T>, value: T): void;
  /** A host-only result recorded earlier in this call. */
  getResult<T>(token: TokenLike<T>): T | undefined;
  /** Every host-only result recorded in this call. */
  results(): Iterable<ExtensionEntry>;
  /**
   * Calls another tool through the same tool set: cancellation is inherited, depth grows by one
   * and is limited. Never rejects: failures are `ok: false` results.
   */
  dispatch(name: string, rawArgs: unknown, options?: DispatchOptions): Promise<ToolResult>;
  /** The strings held in this call's bags, which must never appear in model-bound text. */
  hostValues(): readonly string[];
  /**
   * Asks the user for input through the caller (MCP elicitation, either protocol revision). A
   * `not_implemented` `ToolError` when the caller cannot ask; a declined or dismissed form is an
   * answer (`action`), not an error.
   */
  elicit<T extends object = Record<string, unknown>>(request: ElicitRequest<T>): Promise<ElicitResult<T>>;
  /** Asks the caller's model for a completion (MCP sampling); `not_implemented` when it cannot. */
  sample(request: SampleRequest): Promise<SampleResult>;
  /** The roots the caller exposes (MCP roots); `not_implemented` when it has none to give. */
  listRoots(options?: ListRootsOptions): Promise<readonly Root[]>;
}
