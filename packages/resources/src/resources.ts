import type { TokenLike } from '@toolwright/core';
import { Container, type ServiceIdentifier } from 'inversify';
import { memoizeFactory } from './container/memoize-factory';
import type { BoundResource, ParamsEntry, ResourceEntry, StateEntry } from './container/resource-entry';
import type { ResourceReader } from './container/resource-reader';
import { ensureInjectable } from './injection/ensure-injectable';
import { hasNothingToInject } from './injection/inversify-metadata';
import { unresolvableDependencies } from './injection/unresolvable-dependencies';
import { bindingFix, missingResourceError } from './problems/dependency-problems';
import type { ResourceProblem } from './problems/resource-problem';
import { ResourceValidationError } from './problems/resource-validation-error';
import { isClassProvider, isFactoryProvider, type Provider } from './providers/provider';
import { readSnapshot } from './snapshot/read-snapshot';
import type { ResourcesSnapshot } from './snapshot/resources-snapshot';
import { snapshotKeyCollisions } from './snapshot/snapshot-key-collisions';
import { writeSnapshot } from './snapshot/write-snapshot';
import { StateCell } from './state/state-cell';
import { Params } from './tokens/params';
import { nameOfToken } from './tokens/name-of-token';
import { resourceTokenInfo } from './tokens/resource-token';
import { State } from './tokens/state';
import type { ResourceClass } from './values/resource-class';
import type { ResourceData } from './values/resource-data';
import { toResourceValue } from './values/to-resource-value';
import { describeIssue, type ValueIssue } from './values/value-issue';

/**
 * The resources of one registry: values bound to type tokens and injected into tools by
 * constructor, over an Inversify container of its own (two `Resources` share nothing). Binding
 * never throws for a bad value: problems are collected (`problems()`, `check()`) so that
 * `finalize()` can report all of them at once.
 */
export class Resources implements ResourceReader {
  // Made when first needed: a registry whose tools have nothing to inject never binds or resolves
  // anything, and a process's first container is dear (Inversify's code runs for the first time).
  #containerOrNone: Container | undefined;
  readonly #entries = new Map<ServiceIdentifier, ResourceEntry>();
  readonly #toolClasses = new Set<Function>();
  // Tool classes with nothing to inject, built with `new` rather than bound in the container
  // (binding one per tool makes the container re-plan; a thousand tools paid most of finalize).
  readonly #built = new Map<Function, object>();
  #syncDepth = 0;

  get #container(): Container {
    return (this.#containerOrNone ??= new Container({ defaultScope: 'Singleton' }));
  }

  /**
   * Binds `token` to a constant (anything, including a function or a class), to `fromFactory(…)`
   * or to `fromClass(…)`. Binding a token again replaces it; tools already built keep what they got.
   */
  provide<T>(token: TokenLike<T>, provider: Provider<T>): this {
    if (typeof token !== 'symbol' && typeof token !== 'function') {
      throw new TypeError(`provide expects a token (a class or createToken(…)), got ${typeof token}.`);
    }
    const info = resourceTokenInfo(token);
    if (info !== undefined) {
      throw new TypeError(
        `${info.name} is a ${info.kind} token; bind it with ${info.kind}(${info.target.name}, value) so it is validated.`,
      );
    }
    const name = nameOfToken(token);
    if (isFactoryProvider(provider)) this.#setEntry({ kind: 'factory', token, name, provider });
    else if (isClassProvider(provider)) this.#setEntry({ kind: 'class', token, name, provider });
    else this.#setEntry({ kind: 'value', token, name, value: provider });
    return this;
  }

  /**
   * Binds `Params.of(target)` to `value` turned into an instance of `target`, validated
   * (class-validator with `whitelist` and `forbidNonWhitelisted`) and frozen. An invalid value
   * is not thrown: it becomes problems, and resolving the token fails until it is fixed.
   */
  params<T extends object>(target: ResourceClass<T>, value: Partial<ResourceData<T>>): this {
    const token = Params.of(target);
    const result = toResourceValue(target, value);
    const entry: ParamsEntry = {
      kind: 'params',
      token,
      name: nameOfToken(token),
      target,
      value: result.ok ? result.value : undefined,
      problems: [],
    };
    if (!result.ok) {
      entry.problems = valueProblems(
        entry.name,
        result.issues,
        `pass a valid value: registry.params(${target.name}, { … }).`,
      );
    }
    this.#setEntry(entry);
    return this;
  }

  /**
   * Binds `State.of(target)` to a holder whose value starts as `initial` (validated like params).
   * Binding the same class again replaces the value but keeps the holder tools already hold.
   */
  state<T extends object>(target: ResourceClass<T>, initial: Partial<ResourceData<T>>): this {
    const token = State.of(target);
    const result = toResourceValue(target, initial);
    const previous = this.#entries.get(token);
    const cell = previous?.kind === 'state' ? previous.cell : undefined;
    const entry: StateEntry = { kind: 'state', token, name: nameOfToken(token), target, cell, problems: [] };
    if (result.ok) {
      if (entry.cell) entry.cell.replace(result.value);
      else entry.cell = new StateCell<object>(target, entry.name, result.value);
    } else {
      const fix = `pass a valid initial value: registry.state(${target.name}, { … }).`;
      entry.problems = valueProblems(entry.name, result.issues, fix);
    }
    this.#setEntry(entry);
    return this;
  }

  /** The value bound to `token`; throws a `missing_resource` `ToolError` when it or a dependency is unbound. */
  get<T>(token: TokenLike<T>): T {
    this.#assertResolvable(token);
    return this.#synchronously(() => this.#container.get<T>(token));
  }

  /** The value bound to `token`, waiting for async factories (each runs once, however many wait). */
  async getAsync<T>(token: TokenLike<T>): Promise<T> {
    this.#assertResolvable(token);
    return this.#container.getAsync<T>(token);
  }

  /** Whether `token` is bound (tool classes built by `instantiate` do not count). */
  has(token: TokenLike<any>): boolean {
    return this.#entries.has(token);
  }

  /** Every bound token, in binding order, with its name and kind. */
  bound(): readonly BoundResource[] {
    return [...this.#entries.values()].map(({ token, name, kind }) => ({ token, name, kind }));
  }

  /** Problems of the bindings themselves: invalid `Params`/`State` values and snapshot key collisions. */
  problems(): readonly ResourceProblem[] {
    const problems: ResourceProblem[] = [];
    for (const entry of this.#entries.values()) {
      if (entry.kind === 'params' || entry.kind === 'state') problems.push(...entry.problems);
    }
    return [...problems, ...snapshotKeyCollisions(this.#entries.values())];
  }

  /**
   * One problem per dependency of `target` that cannot be resolved: an unbound token (followed
   * through `fromClass` bindings) or a constructor parameter without a token. Empty when
   * `instantiate(target)` will find everything. Makes `target` injectable.
   */
  check(target: Function): readonly ResourceProblem[] {
    return unresolvableDependencies(target, target.name || 'anonymous class', (token) =>
      this.#entries.get(token),
    );
  }

  /**
   * Builds `target` (a tool or service class) through the container, once per `Resources`:
   * the class needs no `@injectable()`, only `@inject(token)` or class-typed constructor
   * parameters. Throws a `missing_resource` `ToolError` naming every missing dependency.
   */
  instantiate<T extends object>(target: ResourceClass<T>): T {
    const built = this.#buildDirectly(target);
    if (built !== undefined) return built;
    this.#prepare(target);
    return this.#synchronously(() => this.#container.get<T>(target));
  }

  // A synchronous resolution that meets an async factory fails at once, with the factory's promise
  // kept (and handled) by its memo: handed to Inversify, that promise would be chained into one no one
  // awaits, and its rejection would go unhandled.
  #synchronously<T>(resolve: () => T): T {
    this.#syncDepth += 1;
    try {
      return resolve();
    } finally {
      this.#syncDepth -= 1;
    }
  }

  /** `instantiate` for a class whose dependencies include async factories. */
  async instantiateAsync<T extends object>(target: ResourceClass<T>): Promise<T> {
    const built = this.#buildDirectly(target);
    if (built !== undefined) return built;
    this.#prepare(target);
    return this.#container.getAsync<T>(target);
  }

  // A class that is not a bound resource and has nothing Inversify would inject or call (no
  // constructor parameters, no base class, no Inversify metadata) is built as Inversify would
  // build it, with `new`, once.
  #buildDirectly<T extends object>(target: ResourceClass<T>): T | undefined {
    if (this.#entries.has(target)) return undefined;
    const built = this.#built.get(target);
    if (built !== undefined) return built as T;
    if (!hasNothingToInject(target)) return undefined;
    const instance = new (target as new () => T)();
    this.#built.set(target, instance);
    return instance;
  }

  /** The bound `Params` and `State` values as JSON data (see `ResourcesSnapshot`); never transient values. */
  snapshot(): ResourcesSnapshot {
    return writeSnapshot([...this.#entries.values()]);
  }

  /**
   * Puts back the values of a snapshot, validated like freshly bound ones; bound values the
   * snapshot omits are kept. All or nothing: on any problem (unknown version, section or key,
   * invalid value) it throws one `ResourceValidationError` listing every problem and changes
   * nothing. Restore between sessions: a `State.update` still running would commit after it.
   */
  restore(snapshot: unknown): void {
    const { values, problems } = readSnapshot(snapshot, [...this.#entries.values()]);
    if (problems.length > 0)
      throw new ResourceValidationError('in the snapshot; nothing was restored', problems);
    for (const { entry, value } of values) {
      if (entry.kind === 'params') entry.value = value;
      else if (entry.cell) entry.cell.replace(value);
      else entry.cell = new StateCell<object>(entry.target, entry.name, value);
      entry.problems = [];
    }
  }

  #setEntry(entry: ResourceEntry): void {
    const { token } = entry;
    if (this.#container.isBound(token)) this.#container.unbindSync(token);
    this.#toolClasses.delete(token as Function);
    this.#built.delete(token as Function);
    this.#entries.set(token, entry);
    const binding = this.#container.bind(token);
    switch (entry.kind) {
      case 'value':
        binding.toConstantValue(entry.value);
        return;
      case 'factory': {
        const create = (): unknown => entry.provider.create(this);
        // Inversify calls a dynamic value per resolution; the memo makes a singleton run once.
        const value = entry.provider.transient ? create : memoizeFactory(create);
        binding
          .toDynamicValue(() => {
            const made = value();
            if (this.#syncDepth > 0 && isThenable(made)) {
              if (entry.provider.transient) Promise.resolve(made).catch(() => undefined);
              throw new Error(
                `Unexpected asynchronous factory for ${entry.name} in a synchronous resolution; read it with getAsync or instantiateAsync.`,
              );
            }
            return made;
          })
          .inTransientScope();
        return;
      }
      case 'class': {
        ensureInjectable(entry.provider.implementation);
        const scoped = binding.to(entry.provider.implementation as new (...args: any[]) => unknown);
        if (entry.provider.transient) scoped.inTransientScope();
        else scoped.inSingletonScope();
        return;
      }
      case 'params':
        // Read at resolution, so `restore` changes what later resolutions get.
        binding.toDynamicValue(() => valid(entry, entry.value)).inTransientScope();
        return;
      case 'state':
        binding.toDynamicValue(() => valid(entry, entry.cell)).inTransientScope();
        return;
    }
  }

  #prepare(target: Function): void {
    if (this.#entries.has(target)) {
      this.#assertResolvable(target);
      return;
    }
    this.#throwIfMissing(this.check(target));
    if (!this.#toolClasses.has(target)) {
      this.#container.bind(target).toSelf().inSingletonScope();
      this.#toolClasses.add(target);
    }
  }

  #assertResolvable(token: ServiceIdentifier): void {
    const entry = this.#entries.get(token);
    const name = nameOfToken(token);
    if (entry === undefined) {
      this.#throwIfMissing([
        { tokenName: name, message: `${name} is not bound.`, fix: bindingFix(token, name) },
      ]);
    } else if (entry.kind === 'class') {
      const implementation = entry.provider.implementation;
      const through = implementation.name === name ? [] : [implementation.name];
      this.#throwIfMissing(
        unresolvableDependencies(
          implementation,
          name,
          (dependency) => this.#entries.get(dependency),
          through,
        ),
      );
    }
  }

  #throwIfMissing(problems: readonly ResourceProblem[]): void {
    if (problems.length === 0) return;
    throw missingResourceError(
      problems,
      [...this.#entries.values()].map((entry) => entry.name),
    );
  }
}

function valueProblems(name: string, issues: readonly ValueIssue[], fix: string): ResourceProblem[] {
  return issues.map((issue) => ({ tokenName: name, message: `${describeIssue(name, issue)}.`, fix }));
}

// A Params/State value with problems is never injected, even when an earlier valid one is kept.
function valid<T>(entry: ParamsEntry | StateEntry, value: T | undefined): T {
  if (entry.problems.length > 0 || value === undefined) {
    throw new ResourceValidationError(`in ${entry.name}, so it has no value`, entry.problems);
  }
  return value;
}

function isThenable(value: unknown): boolean {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}
