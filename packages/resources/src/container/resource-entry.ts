import type { ServiceIdentifier } from 'inversify';
import type { ResourceProblem } from '../problems/resource-problem';
import type { ClassProvider, FactoryProvider } from '../providers/provider';
import type { StateCell } from '../state/state-cell';
import type { ResourceClass } from '../values/resource-class';

/** How a token is bound: configuration, runtime state, or one of the three transient forms. */
export type ResourceKind = 'params' | 'state' | 'value' | 'factory' | 'class';

/** One bound token, as `Resources.bound()` lists it. */
export interface BoundResource {
  readonly token: ServiceIdentifier;
  /** `Params<EditConfig>`, `Workspace`, `Clock`. */
  readonly name: string;
  readonly kind: ResourceKind;
}

/** What `Resources` keeps per bound token (the container holds only what resolves it). */
export type ResourceEntry =
  | {
      readonly kind: 'value';
      readonly token: ServiceIdentifier;
      readonly name: string;
      readonly value: unknown;
    }
  | {
      readonly kind: 'factory';
      readonly token: ServiceIdentifier;
      readonly name: string;
      readonly provider: FactoryProvider<unknown>;
    }
  | {
      readonly kind: 'class';
      readonly token: ServiceIdentifier;
      readonly name: string;
      readonly provider: ClassProvider<unknown>;
    }
  | ParamsEntry
  | StateEntry;

/** A bound `Params.of(target)`: its value, or the problems that kept it from having one. */
export interface ParamsEntry {
  readonly kind: 'params';
  readonly token: ServiceIdentifier;
  readonly name: string;
  readonly target: ResourceClass;
  value: object | undefined;
  problems: readonly ResourceProblem[];
}

/** A bound `State.of(target)`: its holder (kept across rebinding and restore), or the problems of its initial value. */
export interface StateEntry {
  readonly kind: 'state';
  readonly token: ServiceIdentifier;
  readonly name: string;
  readonly target: ResourceClass;
  cell: StateCell<object> | undefined;
  problems: readonly ResourceProblem[];
}
