import type { ToolError } from '../errors/tool-error';
import type { ToolCallContext } from '../context/tool-call-context';
import type { ContentRenderer } from '../result/result-from-output';
import type { OutputChecker } from '../decode/create-output-checker';
import type { OutputValidationMode } from './output-validation';
import type { ConcurrencyLimiter } from './concurrency-limiter';
import type { ToolDefinition } from './tool-definition';

/** A definition as `createErasedTool` accepts it: the descriptive fields may be left to defaults. */
export type ToolDefinitionInput = Omit<
  ToolDefinition,
  'kind' | 'namespace' | 'readOnly' | 'annotations' | 'inputSchema'
> &
  Partial<Pick<ToolDefinition, 'kind' | 'namespace' | 'readOnly' | 'annotations' | 'inputSchema'>>;

/** Runtime limits of one tool. */
export interface ToolLimits {
  /** Per-call deadline; overrides `definition.timeoutMs`. None by default. */
  readonly timeoutMs?: number;
  /** How long a stopped call may keep running before it counts as detached (default 1000 ms). */
  readonly graceMs?: number;
  /** Calls of this tool allowed to run at once. Unlimited by default. */
  readonly concurrency?: number;
  /** Calls allowed to wait for a slot when `concurrency` is reached (default 0: fail fast). */
  readonly queue?: number;
  /** A limiter shared with other tools (instead of `concurrency`/`queue`). */
  readonly limiter?: ConcurrencyLimiter;
  /** Cap per text block of the result, in UTF-8 bytes (default 256 KiB). */
  readonly maxOutputBytes?: number;
}

/** What `createErasedTool` turns into an erased tool: a decoder, a function, and their limits. */
export interface ErasedToolSpec<Args = any, Output = any> {
  readonly definition: ToolDefinitionInput;
  /**
   * Raw arguments (a JSON string or a parsed value) to the tool's arguments. Invalid arguments
   * are refused with a `ToolError`: thrown, returned (no throw, so a refused call costs less), or
   * as a promise's rejection or value; the tool is then not run.
   */
  readonly decode: (rawArgs: unknown, ctx: ToolCallContext) => Args | ToolError | Promise<Args | ToolError>;
  /**
   * Runs the tool: returns the output, a promise of it, or (a streaming tool's `async *execute`)
   * an async generator whose yields are progress and whose return value is the output.
   */
  readonly invoke: (
    args: Args,
    ctx: ToolCallContext,
  ) => Output | Promise<Output> | AsyncIterator<unknown, Output, undefined>;
  /** The tool's own rendering of its output. */
  readonly toContent?: ContentRenderer<Output>;
  /**
   * Whether `invoke` returns an async generator. `false` takes the fastest path (no progress: a
   * generator returned anyway is still run to its end); `true` or absent streams progress, and
   * absent also detects plain outputs at run time.
   */
  readonly streaming?: boolean;
  readonly limits?: ToolLimits;
  /**
   * Checks the output's JSON form against the declared output (`definition.outputSchema`): the
   * issues, or `undefined` when it matches. Without it the output is not checked.
   */
  readonly validateOutput?: OutputChecker;
  /** This tool's output validation, over its tool set's (default `strict`, see docs/output-validation.md). */
  readonly outputValidation?: OutputValidationMode;
}
