// The public API of @toolwright/resources: everything exported here, and nothing else.

export { createToken, type Token, type TokenLike } from '@toolwright/core';

export { Params } from './tokens/params';
export { State, type StateUpdateOptions } from './tokens/state';
export type { ResourceClass } from './values/resource-class';
export type { ResourceData } from './values/resource-data';

export { Resources } from './resources';
export type { ResourceReader } from './container/resource-reader';
export type { BoundResource, ResourceKind } from './container/resource-entry';
export {
  fromClass,
  fromFactory,
  isClassProvider,
  isFactoryProvider,
  type ClassProvider,
  type FactoryProvider,
  type Provider,
  type ProviderOptions,
} from './providers/provider';

// Inversify's decorators, so a tool author imports everything from here and never installs or
// imports inversify (a peer) directly: `npm install inversify` alone gives 8.x, which is ESM-only
// and not the major this package supports. `dependenciesOf` reads exactly what these record.
export { inject, injectable, multiInject, optional, unmanaged } from 'inversify';

export { dependenciesOf } from './injection/dependencies-of';
export type { Dependency } from './injection/dependency';
export { ensureInjectable } from './injection/ensure-injectable';

export type { ResourceProblem } from './problems/resource-problem';
export { ResourceValidationError } from './problems/resource-validation-error';

export { RESOURCES_SNAPSHOT_VERSION, type ResourcesSnapshot } from './snapshot/resources-snapshot';
