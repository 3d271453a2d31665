import type { Token } from '@toolwright/core';
import type { ResourceClass } from '../values/resource-class';
import type { ResourceData } from '../values/resource-data';
import { resourceToken } from './resource-token';

/** Options of `State.update` and `State.set`. */
export interface StateUpdateOptions {
  /**
   * Gives up when aborted: while waiting for the state, or while `fn` runs (its result is then
   * discarded and the state released, so a call that ignores its own cancellation cannot hold
   * the state forever). Pass the call's `ctx.signal`.
   */
  readonly signal?: AbortSignal;
}

/**
 * Runtime state shared by every call of a registry, injected as a holder: read with `get()`,
 * change with `update(fn)`, which is atomic (updates run one at a time, in call order, so
 * concurrent calls lose nothing) and validated. Values are frozen snapshots: build a new one.
 */
export interface State<T> {
  /** The current value (frozen). */
  get(): Readonly<T>;
  /**
   * Replaces the value with `fn(current)` once every earlier update has finished; `fn` may be
   * async. The result is validated (class-validator, when the class declares validators) and
   * committed only if valid; otherwise the promise rejects and the value is unchanged. Do not
   * call `update` on the same state from inside `fn`: it would wait for itself.
   */
  update(
    fn: (current: Readonly<T>) => ResourceData<T> | Promise<ResourceData<T>>,
    options?: StateUpdateOptions,
  ): Promise<Readonly<T>>;
  /** Replaces the value, queued behind earlier updates and validated like them. */
  set(value: ResourceData<T>, options?: StateUpdateOptions): Promise<Readonly<T>>;
}

/** Tokens for runtime state. */
export const State = Object.freeze({
  /**
   * The token for the state of class `C` (`State<C>`, injected as the holder); stable per class
   * and distinct from `Params.of(C)`: `@inject(State.of(Counter)) counter: State<Counter>`.
   */
  of<T extends object>(target: ResourceClass<T>): Token<State<T>> {
    return resourceToken<State<T>>('state', target);
  },
});
