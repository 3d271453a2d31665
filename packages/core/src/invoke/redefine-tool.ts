import { isEngineTool, markEngineTool } from './engine-tool';
import type { ErasedTool } from './erased-tool';
import type { ToolDefinition } from './tool-definition';

/**
 * The same erased tool under another definition — a registry's rendered description and resolved
 * taxonomy, say — without erasing it again: calls go to the original, and a tool of the engine
 * stays one (a hand-made wrapper would look hand-written to a `ToolSet`).
 * The definition is used as given, so pass a frozen one; the name may not change.
 */
export function redefineTool(erased: ErasedTool, definition: ToolDefinition): ErasedTool {
  if (definition.name !== erased.definition.name) {
    throw new TypeError(
      `redefineTool keeps a tool's name: ${JSON.stringify(erased.definition.name)} cannot become ${JSON.stringify(definition.name)}.`,
    );
  }
  const tool: ErasedTool = { definition, execute: (rawArgs, ctx) => erased.execute(rawArgs, ctx) };
  Object.freeze(tool);
  if (isEngineTool(erased)) markEngineTool(tool);
  return tool;
}
