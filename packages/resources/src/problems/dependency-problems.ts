import { ToolError } from '@toolwright/core';
import type { ServiceIdentifier } from 'inversify';
import type { InjectionSite } from '../injection/inversify-metadata';
import { resourceTokenInfo } from '../tokens/resource-token';
import type { ResourceProblem } from './resource-problem';

/** The problem of a dependency that nothing is bound to. `through`: the bound classes in between. */
export function unboundDependencyProblem(
  requiredBy: string,
  token: ServiceIdentifier,
  tokenName: string,
  through: readonly string[],
): ResourceProblem {
  const via = through.length > 0 ? ` (through ${through.join(', ')})` : '';
  return {
    tokenName,
    requiredBy,
    message: `${requiredBy} needs ${tokenName}${via}, which is not bound.`,
    fix: bindingFix(token, tokenName),
  };
}

/** The problem of an injection site where Inversify recorded no token (an interface-typed parameter). */
export function missingTokenProblem(
  requiredBy: string,
  owner: string,
  site: InjectionSite,
  through: readonly string[],
): ResourceProblem {
  const designType = site.designType;
  const typeName = typeof designType === 'function' ? designType.name : undefined;
  const via =
    owner === requiredBy
      ? ''
      : ` (needed by ${requiredBy}${through.length > 0 ? ` through ${through.join(', ')}` : ''})`;
  const reason =
    typeName === undefined
      ? 'and TypeScript recorded no parameter types (the class has no decorator, or emitDecoratorMetadata is off)'
      : `and its type, recorded as ${typeName}, cannot serve as one (an interface, a type alias, a union or a primitive has no runtime token)`;
  return {
    tokenName: typeName ?? 'unknown',
    requiredBy,
    message: `${owner}'s ${site.site} has no injection token, ${reason}${via}.`,
    fix: `add @inject(Token) to that parameter; createToken<T>('Name') makes a token for an interface.`,
  };
}

/** How to bind `token`, as the registry spells it: `registry.params(EditConfig, { … })`. */
export function bindingFix(token: ServiceIdentifier, tokenName: string): string {
  const info = resourceTokenInfo(token);
  if (info === undefined) return `registry.provide(${tokenName}, …)`;
  const className = info.target.name || 'TheClass';
  return info.kind === 'params'
    ? `registry.params(${className}, { … })`
    : `registry.state(${className}, { … })`;
}

/**
 * The model text of a `missing_resource` error: each problem, what is bound, and the fixes.
 * `ReadFile needs Workspace, which is not bound. Bound: Params<EditConfig>, Clock. Fix: registry.provide(Workspace, …)`
 */
export function missingResourceText(
  problems: readonly ResourceProblem[],
  boundNames: readonly string[],
): string {
  const bound = boundNames.length > 0 ? boundNames.join(', ') : 'nothing';
  const fixes = [...new Set(problems.map((problem) => problem.fix))];
  return `${problems.map((problem) => problem.message).join(' ')} Bound: ${bound}. Fix: ${fixes.join('; ')}`;
}

/** The `missing_resource` error for `problems`: its model text names each token, who needs it and what is bound. */
export function missingResourceError(
  problems: readonly ResourceProblem[],
  boundNames: readonly string[],
): ToolError {
  return ToolError.missingResource(missingResourceText(problems, boundNames), {
    details: {
      missing: problems.map((problem) => problem.tokenName),
      requiredBy: problems[0]?.requiredBy,
      bound: [...boundNames],
    },
  });
}
