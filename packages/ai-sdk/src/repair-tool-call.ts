import { closestName } from '@toolwright/core/internal';
import type { ToolCallRepairFunction, ToolSet } from 'ai' with { 'resolution-mode': 'import' };
import { wrapRawArguments } from './raw-arguments';

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
 * names are left as they are (the AI SDK reports them to the model). Arguments of a toolwright tool
 * that the AI SDK could not parse go to toolwright's decoder as sent, so the model reads its text.
 */
export function createRepairToolCall(options: RepairToolCallOptions = {}): ToolCallRepairFunction<ToolSet> {
  const maxDistance = options.maxDistance ?? 2;
  return async ({ toolCall, tools, error }) => {
    // The AI SDK's error classes are matched by name: the user's copy of `ai` may not be the one we resolve.
    const errorName = (error as { name?: unknown } | undefined)?.name;
    if (errorName === 'AI_InvalidToolInputError') {
      // Arguments the AI SDK could not parse go to a toolwright tool as they came (./raw-arguments.ts).
      return isToolwrightTool(tools, toolCall.toolName)
        ? { ...toolCall, input: wrapRawArguments(toolCall.input) }
        : null;
    }
    if (errorName !== 'AI_NoSuchToolError') return null;
    const name = toolCall.toolName;
    if (typeof name !== 'string' || name.length < MIN_NAME_LENGTH) return null;
    const toolName = closestName(name, Object.keys(tools), { maxDistance, unique: true });
    return toolName === undefined ? null : { ...toolCall, toolName };
  };
}

function isToolwrightTool(tools: ToolSet, name: string): boolean {
  if (!Object.hasOwn(tools, name)) return false;
  const schema = (tools[name] as { inputSchema?: { '~standard'?: { vendor?: unknown } } }).inputSchema;
  return schema?.['~standard']?.vendor === 'toolwright';
}

/** `createRepairToolCall()` ready to pass: `generateText({ tools, repairToolCall })`. */
export const repairToolCall: ToolCallRepairFunction<ToolSet> = createRepairToolCall();
