import { closestName } from '@toolwright/core/internal';
import type { ToolCallRepairFunction, ToolSet } from 'ai' with { 'resolution-mode': 'import' };

/** Options of `createRepairToolCall`. */
export interface RepairToolCallOptions {
  /** The most edits (insert, delete, substitute, swap neighbours) a name may be away from a tool (default 2). */
  readonly maxDistance?: number;
}

// As the agent's repairNearMissNames: a typo of a 3-letter name is as likely another tool.
const MIN_NAME_LENGTH = 4;

/**
 * An AI SDK `repairToolCall` that renames a call to an unknown tool when the name is a near miss of
 * exactly one tool offered: the same name in another case or separator style (`ReadFile`,
 * `read-file` → `read_file`) or within `maxDistance` edits (`raed_file`). Ambiguous or distant
 * names, and every other error, are left as they are (the AI SDK reports them to the model).
 */
export function createRepairToolCall(options: RepairToolCallOptions = {}): ToolCallRepairFunction<ToolSet> {
  const maxDistance = options.maxDistance ?? 2;
  return async ({ toolCall, tools, error }) => {
    // The AI SDK's error classes are matched by name: the user's copy of `ai` may not be the one we resolve.
    if ((error as { name?: unknown } | undefined)?.name !== 'AI_NoSuchToolError') return null;
    const name = toolCall.toolName;
    if (typeof name !== 'string' || name.length < MIN_NAME_LENGTH) return null;
    const toolName = closestName(name, Object.keys(tools), { maxDistance, unique: true });
    return toolName === undefined ? null : { ...toolCall, toolName };
  };
}

/** `createRepairToolCall()` ready to pass: `generateText({ tools, repairToolCall })`. */
export const repairToolCall: ToolCallRepairFunction<ToolSet> = createRepairToolCall();
