import type { TokenLike } from '@toolwright/core';
import type { Provider, ResourceClass } from '@toolwright/resources';
import type { FinalizeProblem } from './finalize-problem';
import type { ToolGuard } from '../guard/tool-guard';
import type { ToolNamespace } from '../taxonomy/tool-namespace';
import type { RegistrableTool } from './registrable-tool';
import type { RegistryConditionView } from './registry-condition';

/** One tool registration as recorded. */
export interface ToolRegistrationStep {
  readonly type: 'tool';
  readonly tool: RegistrableTool;
  /** The namespace override (`toolset(namespace, …)`, `tool(t, { namespace })`). */
  readonly namespace: ToolNamespace | undefined;
  /** The registration's `deferLoading` (`tool(t, { deferLoading })`). */
  readonly deferLoading?: boolean;
}

/** A `when` decided at finalize: `steps()` runs `configure` once, the first time the condition holds. */
export interface WhenStep {
  readonly type: 'when';
  readonly condition: (view: RegistryConditionView) => boolean;
  readonly steps: () => readonly RegistryStep[];
}

/** What the builder records, replayed in order by every `finalize()`. */
export type RegistryStep =
  | {
      readonly type: 'provide';
      readonly token: TokenLike<any>;
      readonly provider: Provider<unknown>;
      readonly secret?: boolean;
    }
  | { readonly type: 'params'; readonly target: ResourceClass; readonly value: object }
  | { readonly type: 'state'; readonly target: ResourceClass; readonly value: object }
  | { readonly type: 'restore'; readonly snapshot: unknown }
  | ToolRegistrationStep
  | WhenStep
  | { readonly type: 'exclusive'; readonly names: readonly string[]; readonly reason: string }
  | { readonly type: 'guard'; readonly guard: ToolGuard }
  /** Something the builder was given that it could not record (reported by finalize, never thrown). */
  | { readonly type: 'problem'; readonly problem: FinalizeProblem };
