import {
  ToolSet,
  type CallInterceptor,
  type ConcurrencyLimiter,
  type ErasedTool,
  type ToolCallContext,
  type ToolResult,
  type CallStream,
  type OutputMismatchListener,
  type OutputValidationMode,
} from '@toolwright/core';
import { NO_CATALOG_ENTRIES, SnapshotCatalog, type CatalogEntries } from '../catalog/snapshot-catalog';
import type { ToolCatalog } from '../catalog/tool-catalog';
import type {
  ProviderDefinition,
  ProviderFormat,
  ProviderToolDefinition,
} from '../definitions/provider-definitions';
import { renderDefinition } from '../definitions/render-definition';
import { NO_DEFERRAL, type DeferLoadingPolicy } from '../deferred/defer-loading-options';
import { nativeDefinitions } from '../deferred/native-definitions';
import { requiredToolClosure } from '../deferred/required-tool-closure';
import type { ToolGuard } from '../guard/tool-guard';
import { guardedExecute } from './guarded-execute';
import type { RegisteredTool } from '../finalize/registered-tool';
import type { ToolSnapshot } from './tool-snapshot';
import type { HandleCallOptions } from '../locks/handle-call-options';
import { lockedCall } from '../locks/locked-call';

/** What every snapshot of one handle shares. */
export interface SnapshotSettings {
  readonly guards: readonly ToolGuard[];
  readonly limiter?: ConcurrencyLimiter;
  readonly maxDepth?: number;
  readonly maxDispatches?: number;
  readonly interceptors?: readonly CallInterceptor[];
  /** The strings of the values bound as secret (`provide(…, { secret: true })`). */
  readonly secrets?: () => readonly string[];
  /** How deferred tools are rendered: Anthropic's search variant, OpenAI namespaces. */
  readonly deferral?: DeferLoadingPolicy;
  /** The registry's output validation mode and mismatch listener (core's `ToolSetOptions`). */
  readonly outputValidation?: OutputValidationMode;
  readonly onOutputMismatch?: OutputMismatchListener;
}

/**
 * One immutable version of a tool set, over a core `ToolSet` of its own. With guards, each tool is
 * wrapped so that the guard runs inside the tool set: calls from the host and `ctx.dispatch` calls
 * (whose dispatcher is this same `ToolSet`) are checked alike.
 */
export class Snapshot implements ToolSnapshot {
  readonly names: readonly string[];
  readonly #byName: ReadonlyMap<string, RegisteredTool>;
  readonly #toolSet: ToolSet;
  readonly #definitions = new Map<ProviderFormat, readonly ProviderDefinition[]>();
  readonly #toolDefinitions = new Map<ProviderFormat, readonly ProviderToolDefinition[]>();
  readonly catalog: ToolCatalog;

  constructor(
    readonly version: number,
    readonly tools: readonly RegisteredTool[],
    readonly settings: SnapshotSettings,
    catalog: CatalogEntries = NO_CATALOG_ENTRIES,
  ) {
    const byName = new Map<string, RegisteredTool>();
    const toolSet = new ToolSet({
      limiter: settings.limiter,
      maxDepth: settings.maxDepth,
      maxDispatches: settings.maxDispatches,
      interceptors: settings.interceptors,
      secrets: settings.secrets,
      outputValidation: settings.outputValidation,
      onOutputMismatch: settings.onOutputMismatch,
    });
    // Indexed: a snapshot is built once per finalize, in code not yet optimized, where for…of
    // allocates an iterator result per tool.
    for (let index = 0; index < tools.length; index += 1) {
      const tool = tools[index]!;
      byName.set(tool.name, tool);
      toolSet.add(settings.guards.length === 0 ? tool.erased : guarded(tool, settings.guards));
    }
    this.#byName = byName;
    this.#toolSet = toolSet;
    this.names = Object.freeze(tools.map((tool) => tool.name));
    Object.freeze(this.tools);
    // Prompt text names tools as this snapshot has them.
    this.catalog = new SnapshotCatalog(catalog, {
      hasTool: (name) => byName.has(name),
      exposes: (tool, param) => byName.get(tool)?.parameters.includes(param) === true,
      firstOfKind: (kind) => tools.find((tool) => tool.kind === kind)?.name,
    });
  }

  get(name: string): RegisteredTool | undefined {
    return typeof name === 'string' ? this.#byName.get(name) : undefined;
  }

  has(name: string): boolean {
    return typeof name === 'string' && this.#byName.has(name);
  }

  definitions<F extends ProviderFormat>(format: F): readonly ProviderDefinition<F>[] {
    let cached = this.#definitions.get(format);
    if (cached === undefined) {
      cached = nativeDefinitions(
        format,
        this.tools,
        this.toolDefinitions(format),
        this.settings.deferral ?? NO_DEFERRAL,
      );
      this.#definitions.set(format, cached);
    }
    return cached as readonly ProviderDefinition<F>[];
  }

  toolDefinitions<F extends ProviderFormat>(format: F): readonly ProviderToolDefinition<F>[] {
    let cached = this.#toolDefinitions.get(format);
    if (cached === undefined) {
      cached = Object.freeze(this.tools.map((tool) => renderDefinition(tool, format)));
      this.#toolDefinitions.set(format, cached);
    }
    return cached as readonly ProviderToolDefinition<F>[];
  }

  requiredToolClosure(names: Iterable<string>): readonly string[] {
    return requiredToolClosure(this, names);
  }

  execute(name: string, raw: unknown, ctx: ToolCallContext): CallStream {
    return this.#toolSet.execute(name, raw, ctx);
  }

  call(name: string, raw: unknown, options?: HandleCallOptions): Promise<ToolResult> {
    const locks = options?.locks;
    const tool = locks === undefined ? undefined : this.get(name);
    // An unknown name claims nothing: it fails at once with the available names.
    if (tool === undefined) return this.#toolSet.call(name, raw, options);
    return lockedCall(locks!, tool, raw, options!, () => this.#toolSet.call(name, raw, options));
  }

  hostSecrets(): readonly string[] {
    return this.settings.secrets?.() ?? [];
  }
}

function guarded(tool: RegisteredTool, guards: readonly ToolGuard[]): ErasedTool {
  return Object.freeze({
    definition: tool.erased.definition,
    execute: (raw: unknown, ctx: ToolCallContext) => guardedExecute(guards, tool, raw, ctx),
  });
}
