import type { ToolCallContext } from '../context/tool-call-context';
import { createUntypedDecoder } from '../decode/create-untyped-decoder';
import type { ArgumentIssue } from '../errors/argument-issue';
import { createEngineTool } from '../invoke/create-erased-tool';
import type { ErasedTool } from '../invoke/erased-tool';
import type { ToolLimits } from '../invoke/erased-tool-spec';
import type { ToolDefinitionAnnotations, ToolSource } from '../invoke/tool-definition';
import type { ToolLockKey } from '../metadata/tool-options';
import type { ContentRenderer } from '../result/result-from-output';
import type { OutputChecker } from '../decode/create-output-checker';
import type { OutputValidationMode } from '../invoke/output-validation';

/** What `dynamicTool` needs: a definition with a raw JSON Schema, and the function. */
export interface DynamicToolOptions<Output = unknown> {
  readonly name: string;
  readonly description: string;
  readonly title?: string;
  /** The arguments' JSON Schema (an object schema), shown to the model as is. */
  readonly parameters: Readonly<Record<string, unknown>>;
  readonly outputSchema?: Readonly<Record<string, unknown>>;
  readonly kind?: string;
  readonly namespace?: string;
  readonly readOnly?: boolean;
  readonly annotations?: ToolDefinitionAnnotations;
  readonly timeoutMs?: number;
  readonly maxArgumentBytes?: number;
  /** Whether the tool may (`optional`) or must (`required`) run as an MCP task. */
  readonly task?: 'optional' | 'required';
  /** With `task`: gather the first input requests in input rounds before the task starts. */
  readonly taskInputFirst?: boolean;
  /** Keep the definition out of requests until a tool search loads it (docs/tool-search.md). */
  readonly deferLoading?: boolean;
  /** The resource a call works on, for per-resource locks (see `ToolOptions.lockKey`). */
  readonly lockKey?: ToolLockKey;
  /**
   * Checks decoded arguments against `parameters` (core has no JSON Schema validator: pass an ajv
   * validator adapted to return issues). Without it, only the structural limits apply.
   */
  readonly validate?: (args: Record<string, unknown>) => readonly ArgumentIssue[] | undefined;
  /**
   * Checks the output's JSON form against `outputSchema` (an ajv validator adapted to return
   * issues, as `validate`): the issues, or `undefined`/none when it matches. Without it the output
   * is not checked.
   */
  readonly validateOutput?: OutputChecker;
  /** How a mismatching output is handled, over the tool set's mode (see `ToolOptions.outputValidation`). */
  readonly outputValidation?: OutputValidationMode;
  /** Runs the tool; an `async function*` streams progress. */
  readonly run: (
    args: Record<string, unknown>,
    ctx: ToolCallContext,
  ) => Output | Promise<Output> | AsyncIterator<unknown, Output, undefined>;
  readonly toContent?: ContentRenderer<Output>;
  /** Whether `run` is an async generator (streams progress); detected per call when absent. */
  readonly streaming?: boolean;
  /** Where the tool comes from, for messages that name it (an MCP server's tool, say). */
  readonly source?: ToolSource;
  readonly limits?: ToolLimits;
}

/**
 * A tool defined at run time from a raw JSON Schema (MCP imports use it). Its arguments get the
 * same hostile-input limits as decorated tools (size, strict JSON, duplicate keys, depth, reserved
 * keys, ill-formed strings), then `validate`; `run` receives the plain object.
 */
export function dynamicTool<Output = unknown>(options: DynamicToolOptions<Output>): ErasedTool {
  const decoder = createUntypedDecoder({
    toolName: options.name,
    ...(options.maxArgumentBytes !== undefined ? { maxBytes: options.maxArgumentBytes } : {}),
    ...(options.validate ? { validate: options.validate } : {}),
  });
  return createEngineTool<Record<string, unknown>, Output>(
    {
      definition: {
        name: options.name,
        description: options.description,
        ...(options.title !== undefined ? { title: options.title } : {}),
        inputSchema: options.parameters,
        ...(options.outputSchema ? { outputSchema: options.outputSchema } : {}),
        kind: options.kind ?? 'other',
        namespace: options.namespace ?? 'user',
        readOnly: options.readOnly ?? false,
        annotations: { ...options.annotations },
        ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
        ...(options.maxArgumentBytes !== undefined ? { maxArgumentBytes: options.maxArgumentBytes } : {}),
        ...(options.task !== undefined ? { task: options.task } : {}),
        ...(options.taskInputFirst !== undefined ? { taskInputFirst: options.taskInputFirst } : {}),
        ...(options.deferLoading !== undefined ? { deferLoading: options.deferLoading } : {}),
        ...(options.lockKey !== undefined ? { lockKey: options.lockKey } : {}),
        source: options.source ?? { className: 'dynamic' },
      },
      ...(options.toContent ? { toContent: options.toContent } : {}),
      ...(options.streaming !== undefined ? { streaming: options.streaming } : {}),
      ...(options.limits ? { limits: options.limits } : {}),
      ...(options.outputValidation !== undefined ? { outputValidation: options.outputValidation } : {}),
    },
    // The decoder returns its ToolError rather than throwing it: a throw costs more than the decode.
    { decode: decoder, invoke: options.run, checkOutput: options.validateOutput },
  );
}
