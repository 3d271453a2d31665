import type { ToolCallContext } from '../context/tool-call-context';
import { createDecodeFunction } from '../decode/create-decode-function';
import { createOutputChecker } from '../decode/create-output-checker';
import { DEFAULT_DECODE_LIMITS, resolveDecodeLimits } from '../decode/decode-limits';
import { createEngineTool } from '../invoke/create-erased-tool';
import type { ErasedTool } from '../invoke/erased-tool';
import type { ToolDefinitionInput } from '../invoke/erased-tool-spec';
import { getArgsModel } from '../model/build-args-model';
import { NoArguments } from '../model/no-arguments';
import type { ToolDescriptor } from '../model/tool-descriptor';
import type { ContentRenderer } from '../result/result-from-output';
import { schemaOfModel } from '../schema/schema-of';
import type { EraseOptions } from './erase-options';

type Method = (...parameters: unknown[]) => unknown;

/** Erases one described tool bound to its receiver: the glue from decorators to the runtime. */
export function eraseDescriptor(
  descriptor: ToolDescriptor,
  receiver: object | undefined,
  fn: Method,
  toContent: ContentRenderer | undefined,
  options: EraseOptions | undefined,
): ErasedTool {
  const declared = descriptor.options;
  const args = descriptor.args ?? getArgsModel(NoArguments);
  // Options left undefined count as absent: the definition applies its defaults and drops the rest.
  const definition: ToolDefinitionInput = {
    name: declared.name,
    title: declared.title,
    description: declared.description,
    kind: declared.kind ?? 'other',
    namespace: declared.namespace ?? 'native',
    readOnly: declared.readOnly ?? false,
    inputSchema: schemaOfModel(args),
    outputSchema: descriptor.output ? schemaOfModel(descriptor.output) : undefined,
    annotations: declared.annotations,
    requires: declared.requires,
    timeoutMs: declared.timeoutMs,
    maxArgumentBytes: declared.maxArgumentBytes,
    task: declared.task,
    taskInputFirst: declared.taskInputFirst,
    deferLoading: declared.deferLoading,
    lockKey: declared.lockKey,
    source: { className: descriptor.className, methodName: descriptor.method },
    ...options?.overrides,
  };
  // Checked now: a bad limit is a definition error, not a failure of the first call.
  const decodeLimits =
    declared.maxArgumentBytes === undefined
      ? DEFAULT_DECODE_LIMITS
      : resolveDecodeLimits({ maxBytes: declared.maxArgumentBytes });
  // The decoder and the function are made on the first call. The decoder returns its ToolError
  // rather than throwing it: a throw costs more than the decode.
  return createEngineTool<object, unknown>(
    {
      definition,
      toContent,
      streaming: descriptor.streaming,
      outputValidation: declared.outputValidation,
      limits:
        declared.concurrency === undefined
          ? options?.limits
          : { concurrency: declared.concurrency, ...options?.limits },
    },
    () => ({
      decode: createDecodeFunction<object>(args, decodeLimits, declared.name, options?.accelerate !== false),
      invoke: invokerFor(descriptor, receiver, fn),
      checkOutput: descriptor.output === undefined ? undefined : createOutputChecker(descriptor.output),
    }),
  );
}

function invokerFor(
  descriptor: ToolDescriptor,
  receiver: object | undefined,
  fn: Method,
): (args: object, ctx: ToolCallContext) => unknown {
  switch (descriptor.argumentStyle) {
    case 'instance':
      // Bound: the call fn.call(receiver, args, ctx) makes, without a closure and its context. (An
      // instance may shadow the method with a non-function; that call then fails as it always did.)
      return typeof (fn as unknown) === 'function'
        ? fn.bind(receiver)
        : (args, ctx) => fn.call(receiver, args, ctx);
    case 'positional': {
      const names = descriptor.positional;
      return (args, ctx) => {
        const values: unknown[] = names.map((name) => (args as Record<string, unknown>)[name]);
        values.push(ctx);
        return fn.apply(receiver, values);
      };
    }
    case 'none':
      return descriptor.contextIndex === 0
        ? (_args, ctx) => fn.call(receiver, ctx)
        : (args, ctx) => fn.call(receiver, args, ctx);
  }
}
