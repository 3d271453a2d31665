import type { ProviderDefinition, ProviderFormat, ToolSnapshot } from '@toolwright/registry';
import type { AgentMessage } from '../messages/agent-message';
import { loadedToolNames } from './loaded-tool-names';
import { SearchSnapshot } from './search-snapshot';
import type { ResolvedToolSearch } from './tool-search-options';
import { toolSearchSnapshot } from './tool-search-tool';

/**
 * The `Agent`'s built-in tool search: each turn sees the registered tools plus the search tool, and
 * is sent the tools that are not deferred, the deferred ones the transcript's searches loaded (with
 * the tools they require), and the search tool — so the definitions grow only as the model asks.
 */
export class ToolSearch {
  readonly #views = new WeakMap<ToolSnapshot, SearchSnapshot>();
  // The definitions of a turn before any search loaded a tool, per snapshot.
  readonly #initial = new WeakMap<ToolSnapshot, readonly ProviderDefinition[]>();

  constructor(
    private readonly search: ResolvedToolSearch,
    private readonly format: ProviderFormat,
    private readonly allowed: ReadonlySet<string> | undefined,
  ) {}

  /** The snapshot a turn runs on: `base` with the search tool (one view per snapshot). */
  view(base: ToolSnapshot): ToolSnapshot {
    let view = this.#views.get(base);
    if (view === undefined) {
      view = new SearchSnapshot(base, toolSearchSnapshot(base, this.search, this.allowed));
      this.#views.set(base, view);
    }
    return view;
  }

  /** The definitions of a turn on `snapshot` (a view) after the searches in `messages`. */
  definitions(snapshot: ToolSnapshot, messages: readonly AgentMessage[]): readonly ProviderDefinition[] {
    const view = snapshot instanceof SearchSnapshot ? snapshot : (this.view(snapshot) as SearchSnapshot);
    const requested = loadedToolNames(messages, this.search.name);
    if (requested.length === 0) {
      let initial = this.#initial.get(view.base);
      if (initial === undefined) {
        initial = this.#select(view, new Set());
        this.#initial.set(view.base, initial);
      }
      return initial;
    }
    return this.#select(view, new Set(view.base.requiredToolClosure(requested)));
  }

  #select(view: SearchSnapshot, loaded: ReadonlySet<string>): readonly ProviderDefinition[] {
    const { base } = view;
    const allowed = this.allowed;
    const own = base.toolDefinitions(this.format);
    const selected: ProviderDefinition[] = [];
    let deferred = false;
    for (let index = 0; index < own.length; index++) {
      const tool = base.tools[index]!;
      if (allowed !== undefined && !allowed.has(tool.name)) continue;
      if (!tool.deferLoading || loaded.has(tool.name)) selected.push(own[index]!);
      deferred ||= tool.deferLoading;
    }
    // A tool set with nothing deferred needs no search; once offered, it stays (the transcript names it).
    if (deferred) selected.push(view.searchTools.toolDefinitions(this.format)[0]!);
    return Object.freeze(selected);
  }
}
