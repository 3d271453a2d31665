import type { CallStream, ToolCallContext, ToolResult } from '@toolwright/core';
import type { HandleCallOptions } from '../locks/handle-call-options';
import type { Resources } from '@toolwright/resources';
import type { ToolRegistrationOptions, RegistrableTool } from '../finalize/registrable-tool';
import type {
  ProviderDefinition,
  ProviderFormat,
  ProviderToolDefinition,
} from '../definitions/provider-definitions';
import type { FinalizeProblem } from '../finalize/finalize-problem';
import type { RequirementGraph } from '../graph/requirement-graph';
import type { RegisteredTool } from '../finalize/registered-tool';
import type { ToolSetChange, ToolSetChangeListener } from './tool-set-change';
import type { ToolSetEditor } from './tool-set-editor';
import type { ToolSnapshot } from './tool-snapshot';

/**
 * A finalized registry, shared and changeable at run time. Every change batch makes a new immutable
 * `ToolSnapshot` (copy-on-write): a call in flight finishes on the snapshot it started with, later
 * calls see the change, and listeners hear of each batch once. The guard runs on every call,
 * including `ctx.dispatch` from inside a tool.
 */
export interface ToolServerHandle {
  /** The registry's container: `resources.snapshot()` / `resources.restore()` save and resume Params and State. */
  readonly resources: Resources;
  /** The current snapshot. Hold it to see one consistent tool set across several calls. */
  snapshot(): ToolSnapshot;
  /** The current snapshot's version. */
  readonly version: number;
  /** The current tools, in registration order. */
  tools(): readonly RegisteredTool[];
  /** The current tool of this name. */
  get(name: string): RegisteredTool | undefined;
  has(name: string): boolean;
  /** The current snapshot's definitions in a provider's format (cached per snapshot and format). */
  definitions<F extends ProviderFormat>(format: F): readonly ProviderDefinition<F>[];
  /** The current snapshot's `toolDefinitions(format)`: each tool's own definition, without deferral. */
  toolDefinitions<F extends ProviderFormat>(format: F): readonly ProviderToolDefinition<F>[];
  /** The current snapshot's `requiredToolClosure(names)`. */
  requiredToolClosure(names: Iterable<string>): readonly string[];
  /** Runs a tool on the current snapshot with a caller-built context; guard applied. */
  execute(name: string, raw: unknown, ctx: ToolCallContext): CallStream;
  /**
   * Runs a tool on the current snapshot and drains it; never rejects (failures are `ok: false`).
   * With `locks`, the call first waits for its claim on that table (per-resource locks).
   */
  call(name: string, raw: unknown, options?: HandleCallOptions): Promise<ToolResult>;
  /**
   * Adds tools as one change batch. Checks their names (pattern, uniqueness against the current set)
   * and definitions; on any problem throws `FinalizeError` and changes nothing.
   */
  add(
    tools: RegistrableTool | readonly RegistrableTool[],
    options?: ToolRegistrationOptions,
  ): ToolSetChange | undefined;
  /** Removes tools by name as one change batch; names not present are ignored. `undefined` when nothing changed. */
  remove(names: string | readonly string[]): ToolSetChange | undefined;
  /**
   * Applies every edit made in `edit` as one change batch: one new snapshot, one event. On a problem
   * throws `FinalizeError` and changes nothing. `undefined` when nothing changed.
   */
  batch(edit: (editor: ToolSetEditor) => void): ToolSetChange | undefined;
  /** Calls `listener` once per change batch; returns the function that unsubscribes it. */
  onChange(listener: ToolSetChangeListener): () => void;
  /** Re-evaluates requirements, templates' references and exclusivity on the current snapshot, without throwing. */
  check(): readonly FinalizeProblem[];
  /** The requirement graph of the current snapshot. */
  requirementGraph(): RequirementGraph;
}
