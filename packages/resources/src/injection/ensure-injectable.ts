import { decorate, injectable, injectFromBase } from 'inversify';
import { inheritsConstructor, isMarkedInjectable } from './inversify-metadata';

/**
 * Makes `target` injectable, as if its author had written `@injectable()`, so tool classes need
 * only `@Tool`: idempotent, and a no-op when the author did write it (applying Inversify's
 * decorator twice throws). This is what turns plain class-typed constructor parameters
 * (`design:paramtypes`) into injections; `@inject(token)` parameters work either way. A class
 * without a constructor of its own (`class CodexReadFile extends ReadFile {}`) takes its base
 * class's injections, as `@injectFromBase()` would: Inversify 7 does not inherit them by itself.
 */
export function ensureInjectable(target: Function): void {
  if (isMarkedInjectable(target)) return;
  if (inheritsConstructor(target)) {
    const base = Object.getPrototypeOf(target) as Function;
    ensureInjectable(base);
    decorate(injectFromBase({ extendConstructorArguments: true, extendProperties: true }), target);
  }
  decorate(injectable(), target);
}
