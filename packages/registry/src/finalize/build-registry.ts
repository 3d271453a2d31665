import {
  isFunctionTool,
  readToolDescriptors,
  type CallInterceptor,
  type ConcurrencyLimiter,
} from '@toolwright/core';
import { Params, ResourceValidationError, Resources, type ResourceClass } from '@toolwright/resources';
import { isErasedTool, ToolAssembler } from './tool-assembler';
import type { RegistryConditionView } from '../builder/registry-condition';
import type { RegistryStep, ToolRegistrationStep } from '../builder/registry-step';
import type { ToolGuard } from '../guard/tool-guard';
import type { ToolNamespace } from '../taxonomy/tool-namespace';
import { CatalogCandidates } from '../catalog/catalog-candidates';
import { checkCatalog } from '../catalog/check-catalog';
import type { CatalogEntries } from '../catalog/snapshot-catalog';
import { checkToolSet, type CheckedToolSet } from './check-tool-set';
import type { ExclusiveRule } from './exclusive-rule';
import type { FinalizeProblem } from './finalize-problem';
import type { ToolCandidate } from './tool-candidate';
import type { WorldTool } from './tool-world';

/** Settings of one registry, fixed at construction. */
export interface RegistrySettings {
  readonly namespace: ToolNamespace;
  readonly limiter?: ConcurrencyLimiter;
  readonly maxDepth?: number;
  readonly maxDispatches?: number;
  readonly interceptors?: readonly CallInterceptor[];
}

/** Everything one `finalize()` (or `check()`) produced. */
export interface RegistryBuild {
  readonly resources: Resources;
  readonly boundParams: readonly ResourceClass[];
  readonly exclusives: readonly ExclusiveRule[];
  readonly guards: readonly ToolGuard[];
  readonly phantoms: readonly WorldTool[];
  readonly checked: CheckedToolSet;
  /** The resources, resource templates and prompts, checked with the tools. */
  readonly catalog: CatalogEntries;
  /** Every problem, bindings first, then each registration in order, then the tool set as a whole. */
  readonly problems: readonly FinalizeProblem[];
}

/**
 * Replays the recorded steps into a new container (so two finalizes share nothing but the values the
 * author passed in), builds every tool and checks the whole set, collecting every problem.
 */
export function buildRegistry(steps: readonly RegistryStep[], settings: RegistrySettings): RegistryBuild {
  const resources = new Resources();
  const problems: FinalizeProblem[] = [];
  const registrations: ToolRegistrationStep[] = [];
  const boundParams: ResourceClass[] = [];
  const exclusives: ExclusiveRule[] = [];
  const guards: ToolGuard[] = [];
  const restores: unknown[] = [];
  const registeredNames = new Set<string>();
  let namedUpTo = 0;

  const view: RegistryConditionView = {
    has: (token) => resources.has(token),
    params: <T extends object>(target: ResourceClass<T>) => {
      if (!resources.has(Params.of(target))) return undefined;
      try {
        return resources.get(Params.of(target));
      } catch {
        return undefined;
      }
    },
    hasTool: (name) => {
      // Names are read only when a condition asks, and each registration once.
      for (; namedUpTo < registrations.length; namedUpTo += 1) {
        for (const toolName of namesOf(registrations[namedUpTo]!)) registeredNames.add(toolName);
      }
      return registeredNames.has(name);
    },
  };

  const replay = (recorded: readonly RegistryStep[]): void => {
    // Indexed loops over steps and registrations: finalize runs cold, where for…of allocates an
    // iterator result per element.
    for (let index = 0; index < recorded.length; index += 1) {
      const step = recorded[index]!;
      switch (step.type) {
        case 'provide':
          resources.provide(step.token, step.provider);
          break;
        case 'params':
          resources.params(step.target, step.value);
          if (!boundParams.includes(step.target)) boundParams.push(step.target);
          break;
        case 'state':
          resources.state(step.target, step.value);
          break;
        case 'restore':
          restores.push(step.snapshot);
          break;
        case 'tool':
          registrations.push(step);
          break;
        case 'when': {
          let holds: boolean;
          try {
            holds = step.condition(view) === true;
          } catch (error) {
            problems.push({
              code: 'instantiation_failed',
              message: `a registry.when condition threw: ${error instanceof Error ? error.message : String(error)}`,
              fix: 'make the condition a plain test of configuration that cannot throw.',
            });
            holds = false;
          }
          if (holds) replay(step.steps());
          break;
        }
        case 'exclusive':
          exclusives.push({ names: step.names, reason: step.reason });
          break;
        case 'guard':
          guards.push(step.guard);
          break;
      }
    }
  };
  replay(steps);

  for (const snapshot of restores) {
    try {
      resources.restore(snapshot);
    } catch (error) {
      if (!(error instanceof ResourceValidationError)) throw error;
      for (const problem of error.problems)
        problems.push({ code: 'invalid_params', message: problem.message, fix: problem.fix });
    }
  }
  for (const problem of resources.problems()) {
    problems.push({ code: 'invalid_params', message: problem.message, fix: problem.fix });
  }

  const catalogCandidates = new CatalogCandidates();
  const assembler = new ToolAssembler(resources, settings.namespace, problems, catalogCandidates);
  const candidates: ToolCandidate[] = [];
  const phantoms: WorldTool[] = [];
  for (let index = 0; index < registrations.length; index += 1) {
    const registration = registrations[index]!;
    assembler.assemble(registration.tool, registration.namespace, candidates, phantoms);
  }
  const checked = checkToolSet(candidates, { exclusives, boundParams, resources, phantoms });
  problems.push(...checked.problems);
  const catalog = checkCatalog(catalogCandidates.list, checked.world);
  problems.push(...catalog.problems);
  return {
    resources,
    boundParams,
    exclusives,
    guards,
    phantoms,
    checked,
    catalog: catalog.entries,
    problems,
  };
}

function namesOf(registration: ToolRegistrationStep): string[] {
  const { tool } = registration;
  if (isErasedTool(tool)) return [tool.definition.name];
  if (isFunctionTool(tool)) return [tool.descriptor.options.name];
  try {
    return readToolDescriptors(tool).map((descriptor) => descriptor.options.name);
  } catch {
    return [];
  }
}
