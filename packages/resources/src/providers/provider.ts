import type { ResourceReader } from '../container/resource-reader';

// A brand rather than a shape: `{ factory }` could be an ordinary constant that happens to have
// that property, and a function or a class can itself be the constant being provided. Symbol.for,
// so a provider made by another installed copy of this package is still recognised.
const PROVIDER: unique symbol = Symbol.for('toolwright.resources.provider');

/** Options of `fromFactory` and `fromClass`. */
export interface ProviderOptions {
  /** Build a new value for every injection instead of once per `Resources` (the default). */
  readonly transient?: boolean;
}

/** Builds a value on first use: `resources.provide(Clock, fromFactory(() => new SystemClock()))`. */
export interface FactoryProvider<T> {
  readonly [PROVIDER]: 'factory';
  readonly create: (resources: ResourceReader) => T | Promise<T>;
  readonly transient: boolean;
}

/** Builds a value by instantiating a class through the container: `provide(Workspace, fromClass(LocalWorkspace))`. */
export interface ClassProvider<T> {
  readonly [PROVIDER]: 'class';
  readonly implementation: new (...args: any[]) => T;
  readonly transient: boolean;
}

/** What `Resources.provide` accepts: a factory, a class to instantiate, or anything else as a constant. */
export type Provider<T> = T | FactoryProvider<T> | ClassProvider<T>;

/**
 * A value built by `create(resources)` (sync or async), once per `Resources` even under
 * concurrent first use, unless `transient`. An async factory is read with `getAsync` /
 * `instantiateAsync`. A factory that fails is tried again on the next use.
 */
export function fromFactory<T>(
  create: (resources: ResourceReader) => T | Promise<T>,
  options: ProviderOptions = {},
): FactoryProvider<T> {
  if (typeof create !== 'function')
    throw new TypeError('fromFactory expects a function that builds the value.');
  return Object.freeze({ [PROVIDER]: 'factory' as const, create, transient: options.transient === true });
}

/** A value built from `implementation`, whose own dependencies are injected; once per `Resources` unless `transient`. */
export function fromClass<T>(
  implementation: new (...args: any[]) => T,
  options: ProviderOptions = {},
): ClassProvider<T> {
  if (typeof implementation !== 'function') throw new TypeError('fromClass expects a class.');
  return Object.freeze({
    [PROVIDER]: 'class' as const,
    implementation,
    transient: options.transient === true,
  });
}

/** Whether `value` was made by `fromFactory`. */
export function isFactoryProvider(value: unknown): value is FactoryProvider<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Partial<FactoryProvider<unknown>>)[PROVIDER] === 'factory'
  );
}

/** Whether `value` was made by `fromClass`. */
export function isClassProvider(value: unknown): value is ClassProvider<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Partial<ClassProvider<unknown>>)[PROVIDER] === 'class'
  );
}
