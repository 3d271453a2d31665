import { getDesignMetadata } from '../metadata/metadata-store';
import { memberOf } from '../metadata/member-of';
import type { TypeReference } from '../metadata/param-options';
import { hasParamMetadata, readMethodParamRecords } from '../metadata/read-records';
import { buildInlineArgsModel, getArgsModel } from './build-args-model';
import type { MethodArguments } from './catalog-descriptor';
import type { DefinitionProblem } from './definition-problem';
import { NoArguments } from './no-arguments';
import { ToolDefinitionError } from './tool-definition-error';

const NO_POSITIONAL: readonly string[] = Object.freeze([]);

/**
 * How a catalog method (a resource template, a prompt) takes its arguments, read the way a tool
 * method's are: `@Param` parameters, a named args class, an args class reflection sees as the
 * first parameter, or none (the context alone). Problems go to `problems`.
 */
export function readMethodArguments(
  target: Function,
  className: string,
  method: string,
  argsClass: TypeReference | undefined,
  problems: DefinitionProblem[],
): MethodArguments | undefined {
  const where = `${className}.${method}`;
  const inline = readMethodParamRecords(target, method);
  const paramTypes = getDesignMetadata(
    'design:paramtypes',
    memberOf(target, 'prototype') as object,
    method,
  ) as unknown[] | undefined;
  if (inline.length > 0) {
    if (argsClass !== undefined) {
      problems.push({
        code: 'conflicting_params',
        where,
        message: 'has both an args class (args) and @Param method parameters.',
        fix: 'use one style: an args class, or @Param on each parameter.',
      });
      return undefined;
    }
    const indexes = inline.map((p) => p.index).sort((a, b) => a - b);
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
          inline.map((p) => ({ index: p.index, options: p.options, designType: paramTypes?.[p.index] })),
        ),
      problems,
    );
    if (args === undefined) return undefined;
    return Object.freeze({
      argumentStyle: 'positional',
      args,
      positional: Object.freeze(args.properties.map((p) => p.property)),
      contextIndex: inline.length,
    });
  }
  if (argsClass === NoArguments)
    return Object.freeze({
      argumentStyle: 'none',
      args: undefined,
      positional: NO_POSITIONAL,
      contextIndex: 1,
    });
  const first = paramTypes?.[0];
  const reflected =
    typeof first === 'function' && first !== Object && hasParamMetadata(first)
      ? (first as TypeReference)
      : undefined;
  const chosen = argsClass ?? reflected;
  if (chosen !== undefined) {
    const args = collect(() => getArgsModel(chosen), problems);
    if (args === undefined) return undefined;
    return Object.freeze({ argumentStyle: 'instance', args, positional: NO_POSITIONAL, contextIndex: 1 });
  }
  const takesArguments = paramTypes
    ? paramTypes.length >= 2 || (paramTypes.length === 1 && paramTypes[0] !== Object)
    : false;
  if (takesArguments) {
    problems.push({
      code: 'missing_args',
      where,
      message: 'takes a parameter that is neither an args class (with @Param properties) nor the context.',
      fix: "name the args class (args: SomeArgs), or write @Param('name') on each argument parameter.",
    });
    return undefined;
  }
  return Object.freeze({
    argumentStyle: 'none',
    args: undefined,
    positional: NO_POSITIONAL,
    contextIndex: 0,
  });
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
