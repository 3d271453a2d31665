import type { CallStream, ToolCallContext, ToolResult } from '@toolwright/core';
import type { HandleCallOptions } from '../locks/handle-call-options';
import type { ResourceClass, Resources } from '@toolwright/resources';
import type { RegistrableTool, ToolRegistrationOptions } from '../finalize/registrable-tool';
import type {
  ProviderDefinition,
  ProviderFormat,
  ProviderToolDefinition,
} from '../definitions/provider-definitions';
import { ToolAssembler } from '../finalize/tool-assembler';
import { checkToolSet, recordOf } from '../finalize/check-tool-set';
import type { ExclusiveRule } from '../finalize/exclusive-rule';
import { FinalizeError } from '../finalize/finalize-error';
import type { FinalizeProblem } from '../finalize/finalize-problem';
import type { ToolCandidate } from '../finalize/tool-candidate';
import type { ToolRecord } from '../finalize/tool-record';
import { buildRequirementGraph } from '../graph/build-requirement-graph';
import type { RequirementGraph } from '../graph/requirement-graph';
import type { ToolNamespace } from '../taxonomy/tool-namespace';
import type { RegisteredTool } from '../finalize/registered-tool';
import { Snapshot, type SnapshotSettings } from './snapshot';
import type { ToolServerHandle } from './tool-server-handle';
import type { ToolSetChange, ToolSetChangeListener } from './tool-set-change';
import type { ToolSetEditor } from './tool-set-editor';
import type { ToolSnapshot } from './tool-snapshot';
import type { CatalogEntries } from '../catalog/snapshot-catalog';
import type { DeferLoadingPolicy } from '../deferred/defer-loading-options';

/** What a handle keeps from its finalize, to check run-time changes the same way. */
export interface HandleContext {
  readonly resources: Resources;
  readonly boundParams: readonly ResourceClass[];
  readonly exclusives: readonly ExclusiveRule[];
  readonly namespace: ToolNamespace;
  readonly settings: SnapshotSettings;
  /** The resources, templates and prompts of the finalize, shared by every snapshot. */
  readonly catalog?: CatalogEntries;
  /** Which tools are deferred, for tools added at run time as for the finalized ones. */
  readonly deferral?: DeferLoadingPolicy;
}

// The current snapshot and the candidates it was built from, swapped together.
interface HandleState {
  readonly snapshot: Snapshot;
  readonly candidates: readonly ToolCandidate[];
}

type Edit =
  | {
      readonly type: 'add';
      readonly tools: readonly RegistrableTool[];
      readonly options: ToolRegistrationOptions;
    }
  | { readonly type: 'remove'; readonly names: readonly string[] };

/** The `ToolServerHandle` `finalize()` returns. */
export class ServerHandle implements ToolServerHandle {
  readonly resources: Resources;
  #state: HandleState;
  readonly #listeners = new Set<ToolSetChangeListener>();

  constructor(
    private readonly context: HandleContext,
    candidates: readonly ToolCandidate[],
  ) {
    this.resources = context.resources;
    this.#state = {
      snapshot: new Snapshot(
        1,
        candidates.map((c) => c.tool),
        context.settings,
        context.catalog,
      ),
      candidates,
    };
  }

  snapshot(): ToolSnapshot {
    return this.#state.snapshot;
  }

  get version(): number {
    return this.#state.snapshot.version;
  }

  tools(): readonly RegisteredTool[] {
    return this.#state.snapshot.tools;
  }

  get(name: string): RegisteredTool | undefined {
    return this.#state.snapshot.get(name);
  }

  has(name: string): boolean {
    return this.#state.snapshot.has(name);
  }

  definitions<F extends ProviderFormat>(format: F): readonly ProviderDefinition<F>[] {
    return this.#state.snapshot.definitions(format);
  }

  toolDefinitions<F extends ProviderFormat>(format: F): readonly ProviderToolDefinition<F>[] {
    return this.#state.snapshot.toolDefinitions(format);
  }

  requiredToolClosure(names: Iterable<string>): readonly string[] {
    return this.#state.snapshot.requiredToolClosure(names);
  }

  execute(name: string, raw: unknown, ctx: ToolCallContext): CallStream {
    return this.#state.snapshot.execute(name, raw, ctx);
  }

  call(name: string, raw: unknown, options?: HandleCallOptions): Promise<ToolResult> {
    return this.#state.snapshot.call(name, raw, options);
  }

  add(
    tools: RegistrableTool | readonly RegistrableTool[],
    options?: ToolRegistrationOptions,
  ): ToolSetChange | undefined {
    return this.batch((editor) => editor.add(tools, options));
  }

  remove(names: string | readonly string[]): ToolSetChange | undefined {
    return this.batch((editor) => editor.remove(names));
  }

  batch(edit: (editor: ToolSetEditor) => void): ToolSetChange | undefined {
    const previous = this.#state;
    const edits: Edit[] = [];
    const present = new Set(previous.snapshot.names);
    const editor: ToolSetEditor = {
      add(tools, options = {}) {
        edits.push({ type: 'add', tools: isList(tools) ? [...tools] : [tools], options });
        return this;
      },
      remove(names) {
        const list = typeof names === 'string' ? [names] : [...names];
        edits.push({ type: 'remove', names: list });
        for (const name of list) present.delete(name);
        return this;
      },
      has: (name) => present.has(name),
    };
    edit(editor);
    if (edits.length === 0) return undefined;

    const problems: FinalizeProblem[] = [];
    const assembler = new ToolAssembler(
      this.context.resources,
      this.context.namespace,
      problems,
      undefined,
      this.context.deferral,
    );
    let records: ToolRecord[] = previous.candidates.map(recordOf);
    const added = new Set<string>();
    let removedAny = false;
    for (const change of edits) {
      if (change.type === 'remove') {
        const gone = new Set(change.names);
        const before = records.length;
        records = records.filter((record) => !gone.has(record.name));
        removedAny ||= records.length !== before;
        for (const name of gone) added.delete(name);
        continue;
      }
      for (const tool of change.tools) {
        for (const record of assembler.assemble(
          tool,
          change.options.namespace,
          change.options.deferLoading,
        )) {
          records.push(record);
          added.add(record.name);
        }
      }
    }
    // A removal can break what the remaining tools need (a requirement, a description that names the
    // removed tool): then every tool is checked again, and a broken set is refused like an addition.
    const checked = checkToolSet(records, {
      exclusives: this.context.exclusives,
      boundParams: this.context.boundParams,
      resources: this.context.resources,
      ...(removedAny ? {} : { only: added }),
    });
    problems.push(...checked.problems);
    if (problems.length > 0) throw new FinalizeError(problems, checked.registered);

    const before = previous.snapshot;
    const afterTools = checked.tools;
    const beforeByName = new Map(before.tools.map((tool) => [tool.name, tool]));
    const afterNames = new Set(afterTools.map((tool) => tool.name));
    const addedNames: string[] = [];
    const replaced: string[] = [];
    for (const tool of afterTools) {
      const old = beforeByName.get(tool.name);
      if (old === undefined) addedNames.push(tool.name);
      else if (old.erased !== tool.erased) replaced.push(tool.name);
    }
    const removed = before.names.filter((name) => !afterNames.has(name));
    if (addedNames.length === 0 && removed.length === 0 && replaced.length === 0) return undefined;

    const snapshot = new Snapshot(
      before.version + 1,
      afterTools,
      this.context.settings,
      this.context.catalog,
    );
    this.#state = { snapshot, candidates: checked.candidates };
    const change: ToolSetChange = Object.freeze({
      previous: before,
      snapshot,
      added: Object.freeze(addedNames),
      removed: Object.freeze(removed),
      replaced: Object.freeze(replaced),
    });
    for (const listener of [...this.#listeners]) {
      try {
        listener(change);
      } catch {
        // A failing listener must not undo or interrupt a change that has already happened.
      }
    }
    return change;
  }

  onChange(listener: ToolSetChangeListener): () => void {
    // Wrapped, so subscribing the same function twice gives two independent subscriptions.
    const subscription: ToolSetChangeListener = (change) => listener(change);
    this.#listeners.add(subscription);
    return () => {
      this.#listeners.delete(subscription);
    };
  }

  check(): readonly FinalizeProblem[] {
    return checkToolSet(this.#state.candidates.map(recordOf), {
      exclusives: this.context.exclusives,
      boundParams: this.context.boundParams,
      resources: this.context.resources,
    }).problems;
  }

  requirementGraph(): RequirementGraph {
    const checked = checkToolSet(this.#state.candidates.map(recordOf), {
      exclusives: this.context.exclusives,
      boundParams: this.context.boundParams,
      resources: this.context.resources,
    });
    return buildRequirementGraph(checked.records, checked.world, this.context.exclusives);
  }
}

function isList(tools: RegistrableTool | readonly RegistrableTool[]): tools is readonly RegistrableTool[] {
  return Array.isArray(tools);
}
