import { ToolError } from '@toolwright/core';
import type { Resources } from '@toolwright/resources';

/** A class being built asynchronously: a stand-in receiver to erase its tools with, and the build. */
export interface LazyBuild {
  /** Has the class's tool methods, each waiting for the instance and then calling it. */
  readonly receiver: object;
  /** Settles when the first build has: resolves with the instance, or rejects with why it failed. */
  readonly ready: Promise<object>;
}

/**
 * Builds `target` with `instantiateAsync` (its dependencies include an async factory, which a
 * synchronous finalize cannot wait for) and gives a receiver whose tool methods wait for it. The build
 * starts now, so the factory runs once at startup; a call that finds it failed tries again (a failed
 * factory is retried on the next use) and fails as `unavailable` when it fails again.
 */
export function buildLazily(target: Function, resources: Resources): LazyBuild {
  let instance: object | undefined;
  let building: Promise<object> | undefined;
  const build = (): Promise<object> =>
    (building ??= resources.instantiateAsync(target as new (...args: any[]) => object).then(
      (built) => (instance = built),
      (error: unknown) => {
        building = undefined;
        throw error;
      },
    ));
  const ready = build();
  // Reported by finalizeAsync, or by the first call: never an unhandled rejection.
  ready.catch(() => undefined);
  const name = target.name || 'anonymous class';
  const instanceForCall = async (): Promise<object> => {
    if (instance !== undefined) return instance;
    try {
      return await build();
    } catch (error) {
      throw ToolError.unavailable(`${name} could not be built, so this tool cannot run now.`, {
        cause: error,
      });
    }
  };
  const receiver = Object.create(target.prototype as object) as Record<string, unknown>;
  const prototype = target.prototype as Record<string, unknown>;
  for (
    let at: object | null = prototype;
    at !== null && at !== Object.prototype;
    at = Object.getPrototypeOf(at)
  ) {
    for (const key of Object.getOwnPropertyNames(at)) {
      if (key === 'constructor' || Object.hasOwn(receiver, key)) continue;
      const descriptor = Object.getOwnPropertyDescriptor(at, key);
      const method = descriptor?.value;
      if (typeof method !== 'function') continue;
      receiver[key] = isGenerator(method)
        ? async function* (...parameters: unknown[]): AsyncGenerator<unknown, unknown> {
            const built = (await instanceForCall()) as Record<
              string,
              (...p: unknown[]) => AsyncIterable<unknown>
            >;
            return yield* built[key]!(...parameters) as AsyncGenerator<unknown, unknown>;
          }
        : key === 'toContent'
          ? (...parameters: unknown[]) => (method as (...p: unknown[]) => unknown).apply(instance, parameters)
          : async (...parameters: unknown[]) => {
              const built = (await instanceForCall()) as Record<string, (...p: unknown[]) => unknown>;
              return built[key]!(...parameters);
            };
    }
  }
  return { receiver, ready };
}

function isGenerator(fn: Function): boolean {
  const name = (fn as { constructor?: { name?: string } }).constructor?.name;
  return name === 'AsyncGeneratorFunction' || name === 'GeneratorFunction';
}
