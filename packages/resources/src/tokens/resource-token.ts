import { createToken, type Token } from '@toolwright/core';
import type { ResourceClass } from '../values/resource-class';

/** Which of the two per-class resource tokens a token is. */
export type ResourceTokenKind = 'params' | 'state';

/** What a `Params.of(C)` or `State.of(C)` token stands for. */
export interface ResourceTokenInfo {
  readonly kind: ResourceTokenKind;
  /** The class whose instances are the values. */
  readonly target: ResourceClass;
  /** The token's readable name: `Params<EditConfig>`, `State<Counter>`. */
  readonly name: string;
}

interface ClassTokens {
  params?: symbol;
  state?: symbol;
}

// Per class, so `Params.of(C) === Params.of(C)` and a class that goes away takes its tokens along.
const tokensByClass = new WeakMap<Function, ClassTokens>();
// Symbols are valid WeakMap keys on Node 20 (ES2023); the ES2022 typings only admit objects.
const infoByToken = new WeakMap<object, ResourceTokenInfo>();

/** The stable token of kind `kind` for class `target`, created on first use. */
export function resourceToken<T>(kind: ResourceTokenKind, target: ResourceClass): Token<T> {
  if (typeof target !== 'function') {
    throw new TypeError(
      `${kind === 'params' ? 'Params' : 'State'}.of expects a class, got ${typeof target}.`,
    );
  }
  let tokens = tokensByClass.get(target);
  if (tokens === undefined) {
    tokens = {};
    tokensByClass.set(target, tokens);
  }
  const existing = tokens[kind];
  if (existing !== undefined) return existing as Token<T>;
  const name = `${kind === 'params' ? 'Params' : 'State'}<${target.name || 'anonymous class'}>`;
  const token = createToken<T>(name);
  tokens[kind] = token;
  infoByToken.set(token as unknown as object, Object.freeze({ kind, target, name }));
  return token;
}

/** What a token stands for when it is a `Params.of`/`State.of` token; `undefined` otherwise. */
export function resourceTokenInfo(token: unknown): ResourceTokenInfo | undefined {
  return typeof token === 'symbol' ? infoByToken.get(token as unknown as object) : undefined;
}
