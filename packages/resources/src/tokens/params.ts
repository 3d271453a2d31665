import type { Token } from '@toolwright/core';
import type { ResourceClass } from '../values/resource-class';
import { resourceToken } from './resource-token';

/**
 * A configuration value injected into tools: an instance of its class, validated when bound and
 * frozen (configuration is read, never written; runtime data belongs in `State`).
 */
export type Params<T> = Readonly<T>;

/** Tokens for configuration values. */
export const Params = Object.freeze({
  /**
   * The token for the configuration of class `C` (`Params<C>`); stable per class and distinct
   * from `State.of(C)`: `@inject(Params.of(EditConfig)) config: Params<EditConfig>`.
   */
  of<T extends object>(target: ResourceClass<T>): Token<Params<T>> {
    return resourceToken<Params<T>>('params', target);
  },
});
