import { ToolMessage } from '@langchain/core/messages';
import { closestName, unknownToolMessage } from '@toolwright/core/internal';
import type { ToolwrightStructuredTool } from './toolwright-structured-tool';

// As in toolwright's own agent: names this short are as likely another tool, and far ones are guesses.
const MIN_NAME_LENGTH = 4;
const MAX_DISTANCE = 2;

interface ToolCallRequest {
  readonly toolCall: { readonly name: string; readonly id?: string; readonly args: unknown };
  readonly tool?: unknown;
}

/** The fields of a `createMiddleware` config from the `langchain` package that repair near-miss names. */
export interface NearMissMiddlewareConfig {
  readonly name: string;
  readonly wrapToolCall: (request: any, handler: (request: any) => any) => Promise<any>;
}

/**
 * A middleware config for `createAgent` (pass it to `createMiddleware` from `langchain`): a call to
 * an unknown name that is a near miss of exactly one of `tools` (`list_todo`, `ListTodos`) runs that
 * tool; any other unknown name is answered with toolwright's not-found text, which lists the tools.
 */
export function langChainNearMissRepair(
  tools: readonly ToolwrightStructuredTool[],
): NearMissMiddlewareConfig {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const names = [...byName.keys()];
  return {
    name: 'toolwright-near-miss-repair',
    wrapToolCall: async (request: ToolCallRequest, handler) => {
      const { toolCall } = request;
      if (request.tool !== undefined || byName.has(toolCall.name)) return await handler(request);
      const match =
        toolCall.name.length < MIN_NAME_LENGTH
          ? undefined
          : closestName(toolCall.name, names, { maxDistance: MAX_DISTANCE, unique: true });
      const tool = match === undefined ? undefined : byName.get(match);
      if (tool === undefined) {
        return new ToolMessage({
          content: unknownToolMessage(toolCall.name, names),
          tool_call_id: toolCall.id ?? '',
          name: toolCall.name,
          status: 'error',
        });
      }
      return await handler({ ...request, toolCall: { ...toolCall, name: tool.name }, tool });
    },
  };
}
