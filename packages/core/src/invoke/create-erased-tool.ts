import type { ToolCallContext } from '../context/tool-call-context';
import type { Decoded } from '../decode/create-decode-function';
import { isThenable } from '../stream/is-thenable';
import { ConcurrencyLimiter } from './concurrency-limiter';
import type { ErasedTool } from './erased-tool';
import type { ErasedToolSpec, ToolLimits } from './erased-tool-spec';
import { describeToolSource } from './describe-tool-source';
import { markEngineTool } from './engine-tool';
import { freezeToolDefinition } from './freeze-tool-definition';
import type { ToolDefinition } from './tool-definition';
import { ToolRunner, type ToolRunnerConfig } from './tool-runner';
import type { OutputChecker } from '../decode/create-output-checker';
import {
  isOutputValidationMode,
  OUTPUT_VALIDATION_MODES,
  type OutputValidationMode,
} from './output-validation';

/** How long a stopped tool may keep running before it counts as detached. */
export const DEFAULT_GRACE_MS = 1000;
/** The default cap on raw argument size (R1). */
export const DEFAULT_MAX_ARGUMENT_BYTES = 1024 * 1024;

/**
 * An erased tool from a decoder and a function: the one place where "decode, run, build the
 * result" happens for every kind of tool. The erased tool enforces cancellation and deadlines
 * (R11), concurrency limits (R12), normalizes anything thrown (R10), scrubs host values from
 * failure texts (R9) and builds results that cannot crash serialization (F12). Throws a
 * `TypeError` listing every problem when the spec is invalid, at creation rather than first call.
 */
export function createErasedTool<Args = any, Output = any>(spec: ErasedToolSpec<Args, Output>): ErasedTool {
  return buildErasedTool(spec, {
    decode: engineDecoder(spec?.decode),
    invoke: spec?.invoke,
    checkOutput: spec?.validateOutput,
  });
}

/** What a call needs and a definition does not: the decoder and the function. */
export interface ToolCallParts<Args = any, Output = any> {
  /**
   * The engine's decoder contract (the runtime's own decoders are written to it): the arguments,
   * or the `ToolError` that rejects them (or an `ArgumentRejection`, which makes it when read),
   * returned rather than thrown (a throw costs more than the whole decode), or a native promise
   * of any of them.
   */
  readonly decode: (rawArgs: unknown, ctx: ToolCallContext) => Decoded<Args> | Promise<Decoded<Args>>;
  readonly invoke: ErasedToolSpec<Args, Output>['invoke'];
  /** The check of the output against the declared output (see `ErasedToolSpec.validateOutput`). */
  readonly checkOutput?: OutputChecker | undefined;
}

/**
 * An erased tool from a definition and the parts a call needs, in the engine's decoder contract
 * (the runtime's own tools: `eraseTool`, `dynamicTool`). Parts given as a function are made on
 * the first call: a registry of a thousand tools, most never called in a session, pays for their
 * definitions only. Internal.
 */
export function createEngineTool<Args = any, Output = any>(
  spec: Omit<ErasedToolSpec<Args, Output>, 'decode' | 'invoke' | 'validateOutput'>,
  parts: ToolCallParts<Args, Output> | (() => ToolCallParts<Args, Output>),
): ErasedTool {
  return buildErasedTool(spec, parts);
}

/**
 * An author's decoder (`ErasedToolSpec.decode`) in the engine's contract: a thenable that is not
 * a native promise becomes one. A `ToolError` it returns rejects the call, as one it throws does.
 */
function engineDecoder<Args>(decode: ErasedToolSpec<Args, unknown>['decode']): ToolCallParts<Args>['decode'] {
  // Left as it is when it is no function, for the definition check to report.
  if (typeof decode !== 'function') return decode;
  return (rawArgs, ctx) => {
    const args = decode(rawArgs, ctx);
    return isThenable(args) ? Promise.resolve(args) : args;
  };
}

function buildErasedTool<Args, Output>(
  spec: Omit<ErasedToolSpec<Args, Output>, 'decode' | 'invoke' | 'validateOutput'>,
  parts: ToolCallParts<Args, Output> | (() => ToolCallParts<Args, Output>),
): ErasedTool {
  const definition = freezeToolDefinition(spec?.definition);
  const problems: string[] = [];
  if (typeof parts !== 'function') {
    if (typeof parts.decode !== 'function') problems.push('decode must be a function.');
    if (typeof parts.invoke !== 'function') problems.push('invoke must be a function.');
    if (parts.checkOutput !== undefined && typeof parts.checkOutput !== 'function')
      problems.push('validateOutput must be a function.');
  }
  const outputValidation: unknown = spec.outputValidation;
  if (outputValidation !== undefined && !isOutputValidationMode(outputValidation))
    problems.push(
      `outputValidation must be one of ${OUTPUT_VALIDATION_MODES.map((m) => `'${m}'`).join(', ')}.`,
    );
  const { toContent, streaming } = spec;
  if (toContent !== undefined && typeof toContent !== 'function')
    problems.push('toContent must be a function.');
  if (streaming !== undefined && typeof streaming !== 'boolean')
    problems.push('streaming must be a boolean.');
  // Most tools set no limits: nothing to check. Others are copied, so the limits checked here are
  // the ones the first call applies.
  const limits = spec.limits === undefined ? NO_LIMITS : Object.freeze({ ...spec.limits });
  if (limits !== NO_LIMITS) checkLimits(limits, problems);
  if (problems.length > 0) {
    throw new TypeError(
      `Invalid tool ${describeToolSource(definition)}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
  }
  // The engine is made on the first call; the spec itself is not kept.
  let runner: ToolRunner | undefined;
  const start = (): ToolRunner =>
    (runner = new ToolRunner(
      runnerConfig(
        definition,
        typeof parts === 'function' ? parts() : parts,
        toContent,
        streaming,
        limits,
        spec.outputValidation,
      ),
    ));
  const tool: ErasedTool = Object.freeze({
    definition,
    execute: (rawArgs: unknown, ctx: ToolCallContext) => (runner ?? start()).execute(rawArgs, ctx),
  });
  markEngineTool(tool);
  return tool;
}

function runnerConfig<Args, Output>(
  definition: ToolDefinition,
  { decode, invoke, checkOutput }: ToolCallParts<Args, Output>,
  toContent: ErasedToolSpec<Args, Output>['toContent'],
  streaming: boolean | undefined,
  limits: ToolLimits,
  outputValidation: OutputValidationMode | undefined,
): ToolRunnerConfig {
  const structured = definition.outputSchema !== undefined;
  return {
    name: definition.name,
    decode,
    invoke,
    streaming,
    render:
      toContent === undefined && limits.maxOutputBytes === undefined
        ? DEFAULT_RENDER[structured ? 'structured' : 'text']
        : Object.freeze({ toContent, maxTextBytes: limits.maxOutputBytes, structured }),
    timeoutMs: limits.timeoutMs ?? definition.timeoutMs,
    graceMs: limits.graceMs ?? DEFAULT_GRACE_MS,
    limiter:
      limits.limiter ??
      (limits.concurrency === undefined
        ? undefined
        : new ConcurrencyLimiter({ maxConcurrent: limits.concurrency, maxQueue: limits.queue ?? 0 })),
    maxArgumentBytes: definition.maxArgumentBytes ?? DEFAULT_MAX_ARGUMENT_BYTES,
    // A tool whose own mode is off pays for no check at all.
    checkOutput: outputValidation === 'off' ? undefined : checkOutput,
    outputValidation,
  };
}

const NO_LIMITS: ToolLimits = Object.freeze({});

// The rendering of most tools (no renderer of their own, the default text cap), shared.
const DEFAULT_RENDER = {
  text: Object.freeze({ toContent: undefined, maxTextBytes: undefined, structured: false }),
  structured: Object.freeze({ toContent: undefined, maxTextBytes: undefined, structured: true }),
};

function checkLimits(limits: ToolLimits, problems: string[]): void {
  checkNumber(limits.timeoutMs, 'limits.timeoutMs', isPositive, 'a positive number', problems);
  checkNumber(limits.graceMs, 'limits.graceMs', isNonNegative, 'a non-negative number', problems);
  checkNumber(limits.concurrency, 'limits.concurrency', isPositiveInteger, 'a positive integer', problems);
  checkNumber(limits.queue, 'limits.queue', isNonNegativeInteger, 'a non-negative integer', problems);
  checkNumber(
    limits.maxOutputBytes,
    'limits.maxOutputBytes',
    isPositiveInteger,
    'a positive integer',
    problems,
  );
  if (limits.limiter !== undefined && !(limits.limiter instanceof ConcurrencyLimiter)) {
    problems.push('limits.limiter must be a ConcurrencyLimiter.');
  }
  if (limits.limiter !== undefined && limits.concurrency !== undefined) {
    problems.push('limits.limiter and limits.concurrency exclude each other: give one.');
  }
}

function isPositive(value: number): boolean {
  return value > 0;
}

function isNonNegative(value: number): boolean {
  return value >= 0;
}

function isPositiveInteger(value: number): boolean {
  return Number.isInteger(value) && value > 0;
}

function isNonNegativeInteger(value: number): boolean {
  return Number.isInteger(value) && value >= 0;
}

function checkNumber(
  value: unknown,
  key: string,
  valid: (value: number) => boolean,
  expected: string,
  problems: string[],
): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || !valid(value))
    problems.push(`${key} must be ${expected}.`);
}
