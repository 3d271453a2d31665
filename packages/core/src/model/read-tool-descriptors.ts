import { getDesignMetadata } from '../metadata/metadata-store';
import { memberOf } from '../metadata/member-of';
import type { TypeReference } from '../metadata/param-options';
import {
  hasParamMetadata,
  readConstructorParamRecords,
  readClassToolRecords,
  readMethodParamRecords,
  readPropertyParamRecords,
  readToolMethodRecords,
} from '../metadata/read-records';
import { toolNameProblem } from '../metadata/tool-name-rule';
import type { ToolOptions } from '../metadata/tool-options';
import type { ArgsModel } from './args-model';
import { buildInlineArgsModel, getArgsModel } from './build-args-model';
import type { DefinitionProblem } from './definition-problem';
import { NoArguments } from './no-arguments';
import { ToolDefinitionError } from './tool-definition-error';
import type { ArgumentStyle, ToolDescriptor } from './tool-descriptor';
import type { ToolDeclaration, ToolDeclarations } from './tool-declaration';

const cache = new WeakMap<Function, readonly ToolDescriptor[]>();
const declarationCache = new WeakMap<Function, ToolDeclarations>();
const NO_POSITIONAL: readonly string[] = Object.freeze([]);

/**
 * Reads every tool a class declares: the class itself (`@Tool` on the class, with `run` or
 * `execute`) and each `@Tool` method. Judges completeness here, collecting all problems into one
 * `ToolDefinitionError`. Cached per class.
 */
export function readToolDescriptors(target: Function): readonly ToolDescriptor[] {
  const cached = cache.get(target);
  if (cached) return cached;
  const read = readToolDeclarations(target);
  if (read.problems.length > 0) throw new ToolDefinitionError(read.problems);
  const frozen = Object.freeze(read.tools.map((tool) => tool.descriptor!));
  cache.set(target, frozen);
  return frozen;
}

/**
 * Reads every tool a class declares without throwing: each tool's declaration (its options, and its
 * descriptor when that tool's definition is complete) and every problem, so a caller can keep checking
 * the tools whose definitions are known (a name, a kind, requirements) and build the healthy ones.
 */
export function readToolDeclarations(target: Function): ToolDeclarations {
  const cachedRead = declarationCache.get(target);
  if (cachedRead) return cachedRead;
  const problems: DefinitionProblem[] = [];
  const classProblems: DefinitionProblem[] = [];
  const tools: ToolDeclaration[] = [];
  const className = (memberOf(target, 'name') as string) || 'anonymous class';
  const classRecords = readClassToolRecords(target);
  const methodRecords = readToolMethodRecords(target);

  if (classRecords.length === 0 && methodRecords.size === 0) {
    classProblems.push({
      code: 'not_a_tool',
      where: className,
      message: 'is not a tool: it has no @Tool on the class or on any method.',
      fix: `add @Tool({ name, description }) to ${className} (with a run or execute method), or to its tool methods.`,
    });
  }
  if (classRecords.length > 1) {
    classProblems.push({
      code: 'conflicting_params',
      where: className,
      message: `has ${classRecords.length} @Tool decorators; a class is one tool.`,
      fix: 'keep one @Tool on the class; put further tools on methods.',
    });
  }
  if (readConstructorParamRecords(target).length > 0) {
    classProblems.push({
      code: 'param_on_constructor',
      where: `${className} constructor`,
      message:
        '@Param is on a constructor parameter; constructor parameters are dependencies, not arguments.',
      fix: 'inject dependencies with @inject(Token); put @Param on args-class properties or tool-method parameters.',
    });
  }
  problems.push(...classProblems);

  const prototype = memberOf(target, 'prototype');
  const classOptions = classRecords[0];
  const declare = (
    options: ToolOptions,
    method: string,
    origin: 'class' | 'method',
    read: (own: DefinitionProblem[]) => ToolDescriptor | undefined,
  ): void => {
    const own: DefinitionProblem[] = [];
    const descriptor = read(own);
    problems.push(...own);
    tools.push(
      Object.freeze({
        options,
        className,
        method,
        origin,
        // A class-level problem (two @Tool, @Param on the constructor) leaves no tool buildable.
        descriptor: own.length === 0 && classProblems.length === 0 ? descriptor : undefined,
        parameters: Object.freeze(parameterNamesOf(target, method, options, descriptor)),
        problems: Object.freeze(own),
      }),
    );
  };
  if (classOptions) {
    // Each method read once: the function found is the one described.
    const execute = memberOf(prototype, 'execute');
    const fn = typeof execute === 'function' ? execute : memberOf(prototype, 'run');
    const method = typeof fn === 'function' && fn === execute ? 'execute' : 'run';
    declare(classOptions, method, 'class', (own) => {
      if (typeof fn !== 'function') {
        own.push({
          code: 'missing_run',
          where: className,
          tool: typeof classOptions.name === 'string' ? classOptions.name : undefined,
          message: `is a @Tool class (${classOptions.name}) with neither run nor execute.`,
          fix: `implement run(args, ctx) or async *execute(args, ctx) in ${className}.`,
        });
        return undefined;
      }
      return describe(target, className, method, fn, 'class', classOptions, own);
    });
  }
  // forEach rather than for…of: a class tool (no tool methods) allocates no iterator.
  methodRecords.forEach((records, method) => {
    const options = records[0]!.options;
    declare(options, method, 'method', (own) => {
      if (records.length > 1) {
        own.push({
          code: 'conflicting_params',
          where: `${className}.${method}`,
          tool: typeof options.name === 'string' ? options.name : undefined,
          message: `has ${records.length} @Tool decorators; a method is one tool.`,
          fix: 'keep one @Tool per method.',
        });
      }
      const fn = memberOf(prototype, method);
      if (typeof fn !== 'function') {
        own.push({
          code: 'missing_run',
          where: `${className}.${method}`,
          tool: typeof options.name === 'string' ? options.name : undefined,
          message: '@Tool is on something that is not a method.',
          fix: 'put @Tool on a method of the service class.',
        });
        return undefined;
      }
      return describe(target, className, method, fn, 'method', options, own);
    });
  });

  const result: ToolDeclarations = Object.freeze({
    tools: Object.freeze(tools),
    problems: Object.freeze(problems),
    classProblems: Object.freeze(classProblems),
  });
  declarationCache.set(target, result);
  return result;
}

// The argument names a tool exposes, read from its records when its args model could not be built,
// so requirements and templates that name its parameters are still checked.
function parameterNamesOf(
  target: Function,
  method: string,
  options: ToolOptions,
  descriptor: ToolDescriptor | undefined,
): string[] {
  if (descriptor?.args !== undefined) return descriptor.args.properties.map((property) => property.name);
  if (descriptor !== undefined) return [];
  const inline = readMethodParamRecords(target, method);
  if (inline.length > 0) {
    return inline
      .map((record) => (record.options as { readonly name?: unknown }).name)
      .filter((name): name is string => typeof name === 'string');
  }
  const argsClass =
    typeof options.args === 'function' && options.args !== NoArguments ? options.args : undefined;
  if (argsClass === undefined) return [];
  const names: string[] = [];
  for (const record of readPropertyParamRecords(argsClass as Function)) {
    const name = (record.options as { readonly name?: unknown }).name;
    const shown = typeof name === 'string' ? name : record.property;
    if (!names.includes(shown)) names.push(shown);
  }
  return names;
}

/** Reads the descriptor of a function tool (`defineTool`): the same record, without decorators. */
export function describeFunctionTool(
  options: ToolOptions,
  fn: (...parameters: any[]) => unknown,
): ToolDescriptor {
  const problems: DefinitionProblem[] = [];
  checkOptions(options.name, options, problems);
  let args: ArgsModel | undefined;
  let output: ArgsModel | undefined;
  if (options.args && options.args !== NoArguments)
    args = collect(() => getArgsModel(options.args!), problems);
  if (options.output) output = collect(() => getArgsModel(options.output!), problems);
  if (options.args === undefined && fn.length >= 2) {
    problems.push({
      code: 'missing_args',
      where: options.name,
      message: 'the function takes arguments, but no args class is named.',
      fix: `defineTool({ name: '${options.name}', args: SomeArgs, … }, (args, ctx) => …).`,
    });
  }
  if (problems.length > 0) throw new ToolDefinitionError(problems);
  return Object.freeze({
    options,
    origin: 'function',
    className: options.name,
    method: fn.name || 'function',
    streaming: isGeneratorFunction(fn),
    argumentStyle: args ? 'instance' : 'none',
    args,
    positional: NO_POSITIONAL,
    contextIndex: args || options.args === NoArguments ? 1 : 0,
    output,
  } satisfies ToolDescriptor);
}

function describe(
  target: Function,
  className: string,
  method: string,
  fn: Function,
  origin: 'class' | 'method',
  options: ToolOptions,
  problems: DefinitionProblem[],
): ToolDescriptor | undefined {
  const where = `${className}.${method}`;
  const first = problems.length;
  const descriptor = describeInto(target, className, method, fn, origin, options, problems, where);
  // Problems found while reading this tool (its args class included) name the tool.
  for (let i = first; i < problems.length; i += 1) {
    const problem = problems[i]!;
    if (problem.tool === undefined) problems[i] = { ...problem, tool: options.name };
  }
  return descriptor;
}

function describeInto(
  target: Function,
  className: string,
  method: string,
  fn: Function,
  origin: 'class' | 'method',
  options: ToolOptions,
  problems: DefinitionProblem[],
  where: string,
): ToolDescriptor | undefined {
  checkOptions(where, options, problems);
  const inlineParams = readMethodParamRecords(target, method);
  // Reflection is read only when no args class is named.
  const paramTypes = options.args
    ? undefined
    : ((getDesignMetadata('design:paramtypes', memberOf(target, 'prototype') as object, method) ??
        undefined) as unknown[] | undefined);
  const output = options.output ? collect(() => getArgsModel(options.output!), problems) : undefined;
  const streaming = isGeneratorFunction(fn);
  const descriptor = (
    argumentStyle: ArgumentStyle,
    args: ArgsModel | undefined,
    positional: readonly string[],
    contextIndex: number,
  ): ToolDescriptor =>
    Object.freeze({
      options,
      origin,
      className,
      method,
      streaming,
      output,
      argumentStyle,
      args,
      positional,
      contextIndex,
    });

  if (inlineParams.length > 0) {
    if (options.args) {
      problems.push({
        code: 'conflicting_params',
        where,
        message: 'has both an args class (@Tool({ args })) and @Param method parameters.',
        fix: 'use one style: an args class, or @Param on each parameter.',
      });
      return undefined;
    }
    const indexes = inlineParams.map((p) => p.index).sort((a, b) => a - b);
    if (indexes.some((index, i) => index !== i)) {
      problems.push({
        code: 'missing_param_name',
        where,
        message: 'the @Param parameters must come first, one per parameter, before the context.',
        fix: 'decorate every argument parameter with @Param(name) and pass the context last.',
      });
      return undefined;
    }
    const args = collect(
      () =>
        buildInlineArgsModel(
          className,
          method,
          inlineParams.map((p) => ({
            index: p.index,
            options: p.options,
            designType: paramTypes?.[p.index],
          })),
        ),
      problems,
    );
    if (!args) return undefined;
    return descriptor(
      'positional',
      args,
      Object.freeze(args.properties.map((p) => p.property)),
      inlineParams.length,
    );
  }

  if (options.args === NoArguments) return descriptor('none', undefined, NO_POSITIONAL, 1);
  const argsClass = options.args ?? argsClassFromReflection(paramTypes);
  if (argsClass) {
    const args = collect(() => getArgsModel(argsClass), problems);
    if (!args) return undefined;
    return descriptor('instance', args, NO_POSITIONAL, 1);
  }
  // Without an args class the method may take only the context: `run()`, or a decorated
  // `ping(ctx: ToolCallContext)` whose one parameter reflects as Object (an interface).
  const takesArguments = paramTypes
    ? paramTypes.length >= 2 || (paramTypes.length === 1 && paramTypes[0] !== Object)
    : fn.length >= 1;
  if (takesArguments) {
    problems.push({
      code: 'missing_args',
      where,
      message: paramTypes
        ? 'takes a parameter that is neither an args class nor the context.'
        : 'takes parameters, but reflection cannot see their types (an undecorated method has none).',
      fix: `name the args class: @Tool({ name: '${options.name}', args: SomeArgs, … }); for a tool without arguments that needs the context, args: NoArguments.`,
    });
    return undefined;
  }
  return descriptor('none', undefined, NO_POSITIONAL, 0);
}

function argsClassFromReflection(paramTypes: unknown[] | undefined): TypeReference | undefined {
  const first = paramTypes?.[0];
  if (typeof first === 'function' && first !== Object && hasParamMetadata(first))
    return first as TypeReference;
  return undefined;
}

function checkOptions(where: string, options: ToolOptions, problems: DefinitionProblem[]): void {
  const nameProblem = toolNameProblem(options.name);
  if (nameProblem !== undefined) problems.push({ code: 'invalid_name', where, ...nameProblem });
  if (typeof options.description !== 'string' || options.description.trim() === '') {
    problems.push({
      code: 'invalid_option',
      where,
      message: `the tool ${options.name} has no description; the model chooses tools by their descriptions.`,
      fix: 'say what the tool does and when to use it in description.',
    });
  }
  for (const key of ['maxArgumentBytes', 'concurrency'] as const) {
    const value = options[key];
    if (value !== undefined && !(Number.isInteger(value) && value > 0)) {
      problems.push({
        code: 'invalid_option',
        where,
        message: `${key} must be a positive integer (it is ${String(value)}).`,
        fix:
          key === 'maxArgumentBytes'
            ? 'set maxArgumentBytes to the largest argument payload in bytes, or leave it out.'
            : 'set concurrency to how many calls of this tool may run at once, or leave it out.',
      });
    }
  }
  if (options.timeoutMs !== undefined && !(Number.isFinite(options.timeoutMs) && options.timeoutMs > 0)) {
    problems.push({
      code: 'invalid_option',
      where,
      message: `timeoutMs must be a positive number (it is ${String(options.timeoutMs)}).`,
      fix: 'set timeoutMs to the call deadline in milliseconds, or leave it out.',
    });
  }
}

function collect<T>(build: () => T, problems: DefinitionProblem[]): T | undefined {
  try {
    return build();
  } catch (error) {
    if (error instanceof ToolDefinitionError) {
      problems.push(...error.problems);
      return undefined;
    }
    throw error;
  }
}

function isGeneratorFunction(fn: Function): boolean {
  const name = (fn as { constructor?: { name?: string } }).constructor?.name;
  return name === 'AsyncGeneratorFunction' || name === 'GeneratorFunction';
}
