import type { ErasedTool } from './erased-tool';

// The erased tools whose `execute` runs on the engine (`createErasedTool` and the tools made from
// them), as opposed to hand-written ones.
const engineTools = new WeakSet<ErasedTool>();

/** Records that `tool` runs on the engine. Internal. */
export function markEngineTool(tool: ErasedTool): void {
  engineTools.add(tool);
}

/**
 * Whether `tool` runs on the engine: its stream takes a set's concurrency slot itself when the
 * call's context carries one, under the call's own deadline and signal, and stops when the call
 * is aborted. A hand-written tool's stream does neither, so a `ToolSet` does it for it.
 */
export function isEngineTool(tool: ErasedTool): boolean {
  return engineTools.has(tool);
}
