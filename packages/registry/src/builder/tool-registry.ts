import {
  defaultConcurrencyLimiter,
  isOutputValidationMode,
  ToolError,
  type CallInterceptor,
  type ConcurrencyLimiter,
  type OutputMismatchListener,
  type OutputValidationMode,
  type TokenLike,
} from '@toolwright/core';
import type { Provider, ResourceClass, ResourceData, ResourcesSnapshot } from '@toolwright/resources';
import type { ProviderDefinition, ProviderFormat } from '../definitions/provider-definitions';
import { deferLoadingPolicy, type DeferLoadingOptions } from '../deferred/defer-loading-options';
import {
  buildRegistry,
  configureProblem,
  type RegistryBuild,
  type RegistrySettings,
} from '../finalize/build-registry';
import { FinalizeError, formatFinalizeProblems } from '../finalize/finalize-error';
import type { FinalizeProblem } from '../finalize/finalize-problem';
import type { FinalizeReport } from '../finalize/finalize-report';
import type { ToolRecord } from '../finalize/tool-record';
import { buildRequirementGraph } from '../graph/build-requirement-graph';
import type { RequirementGraph } from '../graph/requirement-graph';
import type { ToolGuard } from '../guard/tool-guard';
import { ServerHandle } from '../handle/server-handle';
import type { ToolServerHandle } from '../handle/tool-server-handle';
import { isToolNamespace, TOOL_NAMESPACES, type ToolNamespace } from '../taxonomy/tool-namespace';
import type { CatalogEntries } from '../catalog/snapshot-catalog';
import type { RegistrableTool, ToolRegistrationOptions } from '../finalize/registrable-tool';
import type { RegistryCondition } from '../finalize/registry-condition';
import type { RegistryStep } from '../finalize/registry-step';

/** Options of `ToolRegistry.provide`. */
export interface ProvideOptions {
  /**
   * The value is secret: its strings never reach a model or a client (scrubbed as `[redacted]`
   * from error text, progress and MCP log messages). For a constant or a `fromFactory` value
   * (collected when built); a `fromClass` provider cannot be marked secret.
   */
  readonly secret?: boolean;
}

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
  /**
   * Tools whose definitions stay out of model requests until a tool search loads them:
   * `true` (every tool that does not say otherwise), or by namespace and by name; see
   * docs/tool-search.md. Default: only the tools that declare `deferLoading: true`.
   */
  readonly deferLoading?: boolean | DeferLoadingOptions;
  /**
   * How tools' outputs are checked against their declared outputs, for tools that set no mode of
   * their own (`@Tool({ outputValidation })`): `strict` (default: a mismatch is an `invalid_output`
   * failure, never served), `warn` (served, and `onOutputMismatch` hears of it) or `off`. Holds for
   * every route: handle calls, the agent, the MCP server (docs/output-validation.md).
   */
  readonly outputValidation?: OutputValidationMode;
  /** Hears of every output that did not match its declared output (`strict` and `warn`); host-only. */
  readonly onOutputMismatch?: OutputMismatchListener;
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
    if (options.outputValidation !== undefined && !isOutputValidationMode(options.outputValidation)) {
      throw new TypeError(
        `Unknown output validation mode ${JSON.stringify(options.outputValidation)}; use 'strict', 'warn' or 'off'.`,
      );
    }
    if (options.onOutputMismatch !== undefined && typeof options.onOutputMismatch !== 'function')
      throw new TypeError('ToolRegistry: onOutputMismatch must be a function.');
    this.#settings = {
      namespace,
      limiter: options.limiter ?? defaultConcurrencyLimiter(),
      maxDepth: options.maxDispatchDepth,
      maxDispatches: options.maxDispatches,
      interceptors: options.interceptors,
      deferral: deferLoadingPolicy(options.deferLoading),
      outputValidation: options.outputValidation,
      onOutputMismatch: options.onOutputMismatch,
    };
  }

  /**
   * Binds a resource: a constant, `fromFactory(…)` (built once, when first needed) or `fromClass(…)`.
   * With `{ secret: true }` the strings in the value (an API key, a token; a few levels deep) are
   * scrubbed from every call's model- and client-bound text: error text, progress, MCP log messages.
   */
  provide<T>(token: TokenLike<T>, value: Provider<T>, options?: ProvideOptions): this {
    return this.#record({ type: 'provide', token, provider: value, secret: options?.secret === true });
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
    return this.#record({
      type: 'tool',
      tool,
      namespace: options.namespace,
      ...(options.deferLoading === undefined ? {} : { deferLoading: options.deferLoading }),
    });
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
      if (!condition) return this;
      // What it records before it throws stays; the throw is a problem finalize reports.
      try {
        configure(this);
      } catch (error) {
        return this.#record({ type: 'problem', problem: configureProblem(error) });
      }
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
    if (!Array.isArray(names) || !names.every((name) => typeof name === 'string')) {
      return this.#problem(
        'registry.exclusive() expects an array of tool names as its first argument.',
        "pass the names and a reason: registry.exclusive(['edit', 'apply_patch'], 'two editors confuse the model').",
      );
    }
    return this.#record({ type: 'exclusive', names: [...names], reason: String(reason) });
  }

  /** Adds a permission check run before every call (and every `ctx.dispatch`); every guard must allow. */
  guard(guard: ToolGuard): this {
    if (typeof guard !== 'function') {
      return this.#problem(
        `registry.guard() was given ${guard === null ? 'null' : typeof guard}, not a function.`,
        'pass a function (call, tool) => allow() | deny(reason).',
      );
    }
    return this.#record({ type: 'guard', guard });
  }

  /** Everything `finalize()` would find, without throwing. */
  check(): FinalizeReport {
    return reportOf(this.#build());
  }

  /** The requirement graph of the tools as they would be finalized; what is missing appears as missing nodes. */
  graph(): RequirementGraph {
    const build = this.#build();
    return buildRequirementGraph(build.checked.records, build.checked.world, build.exclusives);
  }

  /** Instantiates and checks everything; returns a new handle, or throws one `FinalizeError` listing every problem. */
  finalize(): ToolServerHandle {
    return this.#handleOf(this.#build());
  }

  /**
   * `finalize()`, and then waits for the tools built asynchronously (an async factory among their
   * dependencies): a build that fails is a problem like any other, so the promise rejects with one
   * `FinalizeError` listing everything. What `toolwright validate` runs.
   */
  async finalizeAsync(): Promise<ToolServerHandle> {
    const build = await this.#settle(this.#build());
    // A subclass that overrides finalize() (to keep the handle, say) gets its override, once every
    // build is known to succeed.
    if (this.finalize !== ToolRegistry.prototype.finalize && build.problems.length === 0)
      return this.finalize();
    return this.#handleOf(build);
  }

  /** `check()`, including the builds of tools whose dependencies include an async factory. */
  async checkAsync(): Promise<FinalizeReport> {
    return reportOf(await this.#settle(this.#build()));
  }

  async #settle(build: RegistryBuild): Promise<RegistryBuild> {
    if (build.pending.length === 0) return build;
    const failed: FinalizeProblem[] = [];
    const seen = new Set<Promise<unknown>>();
    for (const record of build.pending) {
      const pending = record.pending!;
      if (seen.has(pending)) continue;
      seen.add(pending);
      try {
        await pending;
      } catch (error) {
        failed.push(asyncBuildProblem(record, build.pending, error));
      }
    }
    return failed.length === 0 ? build : { ...build, problems: [...build.problems, ...failed] };
  }

  #handleOf(build: RegistryBuild): ToolServerHandle {
    if (build.problems.length > 0) throw new FinalizeError(build.problems, build.checked.registered);
    build.resources.goLive();
    return new ServerHandle(
      {
        resources: build.resources,
        boundParams: build.boundParams,
        exclusives: build.exclusives,
        namespace: this.#settings.namespace,
        catalog: build.catalog,
        deferral: this.#settings.deferral,
        settings: {
          guards: build.guards,
          limiter: this.#settings.limiter,
          maxDepth: this.#settings.maxDepth,
          maxDispatches: this.#settings.maxDispatches,
          interceptors: this.#settings.interceptors,
          outputValidation: this.#settings.outputValidation,
          onOutputMismatch: this.#settings.onOutputMismatch,
          secrets: build.secrets.strings,
          deferral: this.#settings.deferral,
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

  #problem(message: string, fix: string): this {
    return this.#record({ type: 'problem', problem: { code: 'invalid_registration', message, fix } });
  }

  #record(step: RegistryStep): this {
    this.#steps.push(step);
    this.#finalized = undefined;
    return this;
  }
}

function reportOf(build: RegistryBuild): FinalizeReport {
  const problems = Object.freeze([...build.problems]);
  return Object.freeze({
    ok: problems.length === 0,
    problems,
    tools: Object.freeze([...build.checked.registered]),
    ...catalogSummary(build.catalog),
    text: problems.length === 0 ? '' : formatFinalizeProblems(problems),
  });
}

function asyncBuildProblem(
  record: ToolRecord,
  pending: readonly ToolRecord[],
  error: unknown,
): FinalizeProblem {
  const className = record.owner?.name || 'anonymous class';
  const names = pending.filter((other) => other.pending === record.pending).map((other) => other.name);
  const cause = ToolError.is(error)
    ? error.modelText
    : error instanceof Error
      ? error.message
      : String(error);
  return {
    code: 'instantiation_failed',
    tool: record.name,
    message: `${className} (${names.join(', ')}) could not be built: ${/[.!?]$/.test(cause.trim()) ? cause.trim() : `${cause.trim()}.`}`,
    fix: `make ${className}'s constructor (and the async factories it needs) succeed when the registry is finalized.`,
  };
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
