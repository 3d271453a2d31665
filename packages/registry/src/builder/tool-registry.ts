import {
  defaultConcurrencyLimiter,
  type CallInterceptor,
  type ConcurrencyLimiter,
  type TokenLike,
} from '@toolwright/core';
import type { Provider, ResourceClass, ResourceData, ResourcesSnapshot } from '@toolwright/resources';
import type { ProviderDefinition, ProviderFormat } from '../definitions/provider-definitions';
import { buildRegistry, type RegistryBuild, type RegistrySettings } from '../finalize/build-registry';
import { FinalizeError, formatFinalizeProblems } from '../finalize/finalize-error';
import type { FinalizeReport } from '../finalize/finalize-report';
import { buildRequirementGraph } from '../graph/build-requirement-graph';
import type { RequirementGraph } from '../graph/requirement-graph';
import type { ToolGuard } from '../guard/tool-guard';
import { ServerHandle } from '../handle/server-handle';
import type { ToolServerHandle } from '../handle/tool-server-handle';
import { isToolNamespace, TOOL_NAMESPACES, type ToolNamespace } from '../taxonomy/tool-namespace';
import type { CatalogEntries } from '../catalog/snapshot-catalog';
import type { RegistrableTool, ToolRegistrationOptions } from './registrable-tool';
import type { RegistryCondition } from './registry-condition';
import type { RegistryStep } from './registry-step';

/** Options of `new ToolRegistry(options)`. */
export interface ToolRegistryOptions {
  /** The namespace of classes and `defineTool` records that declare none (default `native`; erased tools carry their own). */
  readonly namespace?: ToolNamespace;
  /**
   * Bounds the host's calls across every tool of the registry (each tool's own limit applies as
   * well), shared by every version of its tool set; default core's: 256 running, 4,096 waiting.
   */
  readonly limiter?: ConcurrencyLimiter;
  /** How many calls tools may dispatch, in all, under one call from the host (default core's, 1,000). */
  readonly maxDispatches?: number;
  /** How deep tools may call tools through `ctx.dispatch` (default core's, 8). */
  readonly maxDispatchDepth?: number;
  /** Code around every call, dispatched ones included (core's `CallInterceptor`); none by default. */
  readonly interceptors?: readonly CallInterceptor[];
}

/**
 * Collects what a tool set needs — resources, configuration, state, tools, rules — and checks it all
 * at once in `finalize()`. The builder only records: nothing is instantiated or validated until
 * `finalize()` (or `check()`), which replays the record into a container of its own, so two
 * registries (and two finalizes) share nothing but the values passed in.
 */
export class ToolRegistry {
  readonly #steps: RegistryStep[] = [];
  readonly #settings: RegistrySettings;
  #finalized: ToolServerHandle | undefined;

  constructor(options: ToolRegistryOptions = {}) {
    const namespace = options.namespace ?? 'native';
    if (!isToolNamespace(namespace)) {
      throw new TypeError(
        `Unknown tool namespace ${JSON.stringify(namespace)}; use one of ${TOOL_NAMESPACES.join(', ')}.`,
      );
    }
    this.#settings = {
      namespace,
      limiter: options.limiter ?? defaultConcurrencyLimiter(),
      maxDepth: options.maxDispatchDepth,
      maxDispatches: options.maxDispatches,
      interceptors: options.interceptors,
    };
  }

  /** Binds a resource: a constant, `fromFactory(…)` (built once, when first needed) or `fromClass(…)`. */
  provide<T>(token: TokenLike<T>, value: Provider<T>): this {
    return this.#record({ type: 'provide', token, provider: value });
  }

  /** Binds the configuration of `paramsClass` (token `Params.of(paramsClass)`), validated at finalize. */
  params<T extends object>(paramsClass: ResourceClass<T>, value: Partial<ResourceData<T>>): this {
    return this.#record({ type: 'params', target: paramsClass, value });
  }

  /** Binds the initial runtime state of `stateClass` (token `State.of(stateClass)`), validated at finalize. */
  state<T extends object>(stateClass: ResourceClass<T>, value: Partial<ResourceData<T>>): this {
    return this.#record({ type: 'state', target: stateClass, value });
  }

  /** Restores Params and State values saved with `handle.resources.snapshot()`, after every binding. */
  restore(snapshot: ResourcesSnapshot): this {
    return this.#record({ type: 'restore', snapshot });
  }

  /** Registers a tool: a `@Tool` class, a service class (each `@Tool` method), or an erased tool. */
  tool(tool: RegistrableTool, options: ToolRegistrationOptions = {}): this {
    return this.#record({ type: 'tool', tool, namespace: options.namespace });
  }

  /** Registers several tools under one namespace. */
  toolset(namespace: ToolNamespace, tools: readonly RegistrableTool[]): this {
    for (const tool of tools) this.#record({ type: 'tool', tool, namespace });
    return this;
  }

  /**
   * Applies `configure` only when `condition` holds (capability-gated registration: config → client
   * resource → tool). A boolean is decided now; a function at finalize, against the bindings and tools
   * registered before this call. `configure` runs at most once.
   */
  when(condition: RegistryCondition, configure: (registry: ToolRegistry) => void): this {
    if (typeof condition === 'boolean') {
      if (condition) configure(this);
      return this;
    }
    let recorded: readonly RegistryStep[] | undefined;
    const steps = (): readonly RegistryStep[] => {
      if (recorded === undefined) {
        const child = new ToolRegistry({ namespace: this.#settings.namespace });
        configure(child);
        recorded = child.#steps;
      }
      return recorded;
    };
    return this.#record({ type: 'when', condition, steps });
  }

  /** Declares tools that must not be registered together; `reason` is given in the problem. */
  exclusive(names: readonly string[], reason: string): this {
    return this.#record({ type: 'exclusive', names: [...names], reason });
  }

  /** Adds a permission check run before every call (and every `ctx.dispatch`); every guard must allow. */
  guard(guard: ToolGuard): this {
    if (typeof guard !== 'function')
      throw new TypeError('guard expects a function (call, tool) => allow() | deny(reason).');
    return this.#record({ type: 'guard', guard });
  }

  /** Everything `finalize()` would find, without throwing. */
  check(): FinalizeReport {
    const build = this.#build();
    const problems = Object.freeze([...build.problems]);
    return Object.freeze({
      ok: problems.length === 0,
      problems,
      tools: Object.freeze(build.checked.tools.map((tool) => tool.name)),
      ...catalogSummary(build.catalog),
      text: problems.length === 0 ? '' : formatFinalizeProblems(problems),
    });
  }

  /** The requirement graph of the tools as they would be finalized; what is missing appears as missing nodes. */
  graph(): RequirementGraph {
    const build = this.#build();
    return buildRequirementGraph(build.checked.candidates, build.checked.world, build.exclusives);
  }

  /** Instantiates and checks everything; returns a new handle, or throws one `FinalizeError` listing every problem. */
  finalize(): ToolServerHandle {
    const build = this.#build();
    if (build.problems.length > 0) {
      throw new FinalizeError(
        build.problems,
        build.checked.tools.map((tool) => tool.name),
      );
    }
    return new ServerHandle(
      {
        resources: build.resources,
        boundParams: build.boundParams,
        exclusives: build.exclusives,
        namespace: this.#settings.namespace,
        catalog: build.catalog,
        settings: {
          guards: build.guards,
          limiter: this.#settings.limiter,
          maxDepth: this.#settings.maxDepth,
          maxDispatches: this.#settings.maxDispatches,
          interceptors: this.#settings.interceptors,
        },
      },
      build.checked.candidates,
    );
  }

  /**
   * The finalized tool set's definitions in a provider's format. Finalizes once and keeps that handle
   * until the builder changes (throws `FinalizeError` like `finalize()`).
   */
  definitions<F extends ProviderFormat>(format: F): readonly ProviderDefinition<F>[] {
    this.#finalized ??= this.finalize();
    return this.#finalized.definitions(format);
  }

  #build(): RegistryBuild {
    return buildRegistry(this.#steps, this.#settings);
  }

  #record(step: RegistryStep): this {
    this.#steps.push(step);
    this.#finalized = undefined;
    return this;
  }
}

// A registry without resources, templates or prompts reports tools alone, as it always did.
function catalogSummary(catalog: CatalogEntries): Partial<FinalizeReport> {
  const { resources, resourceTemplates, prompts } = catalog;
  if (resources.length + resourceTemplates.length + prompts.length === 0) return {};
  return {
    resources: Object.freeze(resources.map((entry) => entry.definition.uri)),
    resourceTemplates: Object.freeze(resourceTemplates.map((entry) => entry.definition.uriTemplate)),
    prompts: Object.freeze(prompts.map((entry) => entry.definition.name)),
  };
}
