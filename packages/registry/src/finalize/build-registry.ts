import {
  isFunctionTool,
  type CallInterceptor,
  type ConcurrencyLimiter,
  type OutputMismatchListener,
  type OutputValidationMode,
} from '@toolwright/core';
import { readToolDeclarations } from '@toolwright/core/internal';
import {
  fromFactory,
  isClassProvider,
  isFactoryProvider,
  Params,
  ResourceValidationError,
  type Provider,
  type ResourceClass,
} from '@toolwright/resources';
import { HostSecrets } from './host-secrets';
import { RegistryResources } from './live-resources';
import { isErasedTool, ToolAssembler } from './tool-assembler';
import type { RegistryConditionView } from './registry-condition';
import type { RegistryStep, ToolRegistrationStep } from './registry-step';
import type { ToolGuard } from '../guard/tool-guard';
import type { ToolNamespace } from '../taxonomy/tool-namespace';
import { CatalogCandidates } from '../catalog/catalog-candidates';
import { checkCatalog } from '../catalog/check-catalog';
import type { CatalogEntries } from '../catalog/snapshot-catalog';
import { checkToolSet, type CheckedToolSet } from './check-tool-set';
import type { ExclusiveRule } from './exclusive-rule';
import type { FinalizeProblem } from './finalize-problem';
import type { ToolRecord } from './tool-record';
import type { DeferLoadingPolicy } from '../deferred/defer-loading-options';

/** Settings of one registry, fixed at construction. */
export interface RegistrySettings {
  readonly namespace: ToolNamespace;
  readonly limiter?: ConcurrencyLimiter;
  readonly maxDepth?: number;
  readonly maxDispatches?: number;
  readonly interceptors?: readonly CallInterceptor[];
  /** Which tools are deferred, besides what they declare (`ToolRegistryOptions.deferLoading`). */
  readonly deferral?: DeferLoadingPolicy;
  readonly outputValidation?: OutputValidationMode;
  readonly onOutputMismatch?: OutputMismatchListener;
}

/** Everything one `finalize()` (or `check()`) produced. */
export interface RegistryBuild {
  readonly resources: RegistryResources;
  readonly boundParams: readonly ResourceClass[];
  readonly exclusives: readonly ExclusiveRule[];
  readonly guards: readonly ToolGuard[];
  /** The values bound with `provide(…, { secret: true })`. */
  readonly secrets: HostSecrets;
  readonly checked: CheckedToolSet;
  /** The resources, resource templates and prompts, checked with the tools. */
  readonly catalog: CatalogEntries;
  /** Every problem, bindings first, then each registration in order, then the tool set as a whole. */
  readonly problems: readonly FinalizeProblem[];
  /** Tools built asynchronously (an async factory among their dependencies), with their builds. */
  readonly pending: readonly ToolRecord[];
}

/**
 * Replays the recorded steps into a new container (so two finalizes share nothing but the values the
 * author passed in), reads every registration into a record, builds what can be built and checks the
 * whole set, collecting every problem. Nothing the author passed in can make it throw.
 */
export function buildRegistry(steps: readonly RegistryStep[], settings: RegistrySettings): RegistryBuild {
  const resources = new RegistryResources();
  const problems: FinalizeProblem[] = [];
  const registrations: ToolRegistrationStep[] = [];
  const boundParams: ResourceClass[] = [];
  const exclusives: ExclusiveRule[] = [];
  const guards: ToolGuard[] = [];
  const secrets = new HostSecrets();
  const restores: unknown[] = [];
  const registeredNames = new Set<string>();
  let namedUpTo = 0;

  const view: RegistryConditionView = {
    has: (token) => resources.has(token),
    params: <T extends object>(target: ResourceClass<T>) => {
      try {
        if (!resources.has(Params.of(target))) return undefined;
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

  const bind = (step: RegistryStep & { type: 'provide' | 'params' | 'state' }): void => {
    try {
      if (step.type === 'provide') {
        if (step.secret === true) {
          const provider = secretProvider(step.provider, secrets);
          if (provider === undefined) {
            problems.push({
              code: 'invalid_binding',
              message: `registry.provide() was asked to keep a fromClass(…) value secret; the strings of a class's instance cannot be collected.`,
              fix: 'provide the secret itself as a constant or with fromFactory(…), and mark that secret.',
            });
            return;
          }
          resources.provide(step.token, provider);
        } else resources.provide(step.token, step.provider);
      } else if (step.type === 'params') {
        resources.params(step.target, step.value);
        if (!boundParams.includes(step.target)) boundParams.push(step.target);
      } else resources.state(step.target, step.value);
    } catch (error) {
      problems.push(bindingProblem(step, error));
    }
  };

  const replay = (recorded: readonly RegistryStep[]): void => {
    // Indexed loops over steps and registrations: finalize runs cold, where for…of allocates an
    // iterator result per element.
    for (let index = 0; index < recorded.length; index += 1) {
      const step = recorded[index]!;
      switch (step.type) {
        case 'provide':
        case 'params':
        case 'state':
          bind(step);
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
              code: 'invalid_registration',
              message: `a registry.when condition threw ${thrownText(error)}`,
              fix: 'make the condition a plain test of configuration that cannot throw.',
            });
            holds = false;
          }
          if (!holds) break;
          let configured: readonly RegistryStep[];
          try {
            configured = step.steps();
          } catch (error) {
            problems.push(configureProblem(error));
            break;
          }
          replay(configured);
          break;
        }
        case 'exclusive':
          exclusives.push({ names: step.names, reason: step.reason });
          break;
        case 'guard':
          guards.push(step.guard);
          break;
        case 'problem':
          problems.push(step.problem);
          break;
      }
    }
  };
  replay(steps);

  for (const snapshot of restores) {
    try {
      resources.restore(snapshot);
    } catch (error) {
      if (!(error instanceof ResourceValidationError)) {
        problems.push({
          code: 'invalid_params',
          message: `registry.restore() could not read the snapshot: ${thrownText(error)}`,
          fix: 'pass a snapshot saved with handle.resources.snapshot().',
        });
        continue;
      }
      for (const problem of error.problems)
        problems.push({ code: 'invalid_params', message: problem.message, fix: problem.fix });
    }
  }
  for (const problem of resources.problems()) {
    problems.push({ code: 'invalid_params', message: problem.message, fix: problem.fix });
  }

  const catalogCandidates = new CatalogCandidates();
  const assembler = new ToolAssembler(
    resources,
    settings.namespace,
    problems,
    catalogCandidates,
    settings.deferral,
  );
  const records: ToolRecord[] = [];
  const pending: ToolRecord[] = [];
  for (let index = 0; index < registrations.length; index += 1) {
    const registration = registrations[index]!;
    const read = assembler.assemble(registration.tool, registration.namespace, registration.deferLoading);
    for (let at = 0; at < read.length; at += 1) {
      const record = read[at]!;
      records.push(record);
      if (record.pending !== undefined) pending.push(record);
    }
  }
  const checked = checkToolSet(records, { exclusives, boundParams, resources });
  problems.push(...checked.problems);
  // Resources and prompts (their URIs, names and completions) are checked against the whole set too.
  const catalog = checkCatalog(catalogCandidates.list, checked.world);
  problems.push(...catalog.problems);
  return {
    resources,
    boundParams,
    exclusives,
    guards,
    secrets,
    checked,
    catalog: catalog.entries,
    problems,
    pending,
  };
}

// A secret provider: a constant joins the secrets now, a factory's value when it is built.
function secretProvider(provider: Provider<unknown>, secrets: HostSecrets): Provider<unknown> | undefined {
  if (isClassProvider(provider)) return undefined;
  if (!isFactoryProvider(provider)) {
    secrets.add(provider);
    return provider;
  }
  const { create, transient } = provider;
  return fromFactory(
    (reader) => {
      const built = create(reader);
      if (built instanceof Promise) {
        return built.then((value) => {
          secrets.add(value);
          return value;
        });
      }
      secrets.add(built);
      return built;
    },
    { transient },
  );
}

/** The problem of a `when` whose configure callback threw (now, or when its condition was decided). */
export function configureProblem(error: unknown): FinalizeProblem {
  return {
    code: 'invalid_registration',
    message: `a registry.when configure callback threw ${thrownText(error)} What it would have registered is unknown.`,
    fix: 'make the callback only register (provide, params, tool, …); compute what it needs before the registry.',
  };
}

function bindingProblem(
  step: RegistryStep & { type: 'provide' | 'params' | 'state' },
  error: unknown,
): FinalizeProblem {
  const reason = error instanceof Error ? error.message : String(error);
  if (step.type === 'provide') {
    return {
      code: 'invalid_binding',
      message: `registry.provide() was given ${describeToken(step.token)} as its token: ${sentence(reason)}`,
      fix: /params|state/.test(reason)
        ? sentence(reason.replace(/^.*?; /, ''))
        : 'pass a class or createToken<T>(name) as the token: registry.provide(Workspace, value).',
    };
  }
  return {
    code: 'invalid_binding',
    message: `registry.${step.type}() was given ${describeToken(step.target)}: ${sentence(reason)}`,
    fix: `pass the class and its value: registry.${step.type}(SomeConfig, { … }).`,
  };
}

function describeToken(token: unknown): string {
  if (token === undefined) return 'undefined';
  if (token === null) return 'null';
  if (typeof token === 'function') return token.name || 'an anonymous class';
  if (typeof token === 'symbol') return token.description ?? 'a symbol';
  if (typeof token === 'string') return `the string ${JSON.stringify(token)}`;
  return typeof token === 'object' ? 'an object' : `the ${typeof token} ${String(token)}`;
}

function namesOf(registration: ToolRegistrationStep): string[] {
  const { tool } = registration;
  try {
    if (isErasedTool(tool)) return [tool.definition.name];
    if (isFunctionTool(tool)) return [tool.descriptor.options.name];
    if (typeof tool !== 'function') return [];
    return readToolDeclarations(tool).tools.map((declaration) => declaration.options.name);
  } catch {
    return [];
  }
}

function thrownText(error: unknown): string {
  if (!(error instanceof Error)) return sentence(String(error));
  return sentence(error.name === 'Error' ? error.message : `${error.name}: ${error.message}`);
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
