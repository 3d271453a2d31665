import { attachDirectRun, directRunOf } from './direct-run';
import type { ErasedTool } from './erased-tool';
import type { ToolDefinition } from './tool-definition';

/**
 * The same erased tool under another definition — a registry's rendered description and resolved
 * taxonomy, say — without erasing it again: calls go to the original, including the runtime's
 * direct path for calls nobody listens to for progress (which a hand-made wrapper would lose).
 * The definition is used as given, so pass a frozen one; the name may not change.
 */
export function redefineTool(erased: ErasedTool, definition: ToolDefinition): ErasedTool {
  if (definition.name !== erased.definition.name) {
    throw new TypeError(
      `redefineTool keeps a tool's name: ${JSON.stringify(erased.definition.name)} cannot become ${JSON.stringify(definition.name)}.`,
    );
  }
  const tool: ErasedTool = { definition, execute: (rawArgs, ctx) => erased.execute(rawArgs, ctx) };
  const run = directRunOf(erased);
  if (run !== undefined) attachDirectRun(tool, run);
  return Object.freeze(tool);
}
