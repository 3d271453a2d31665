import type { TokenLike } from '@toolwright/core';
import type { ResourceClass } from '@toolwright/resources';

/** What a deferred `when` condition can look at: the bindings and tools registered before it. */
export interface RegistryConditionView {
  /** Whether `token` is provided (`provide`, `params`, `state`). */
  has(token: TokenLike<any>): boolean;
  /** The params value bound for `paramsClass`, if any (and valid). */
  params<T extends object>(paramsClass: ResourceClass<T>): Readonly<T> | undefined;
  /** Whether a tool of this name is registered before this point. */
  hasTool(name: string): boolean;
}

/** A `when` condition: decided now (a boolean) or at finalize, against the bindings made before it. */
export type RegistryCondition = boolean | ((view: RegistryConditionView) => boolean);
