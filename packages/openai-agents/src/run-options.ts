import { ToolError } from '@toolwright/core';
import { unknownToolMessage } from '@toolwright/core/internal';
import { agentsSource, type OpenAiAgentsToolSource } from './adapter-source';

/** The `run()` options that keep a run going after a near-miss tool name, in toolwright's words. */
export interface OpenAiAgentsRunOptions {
  readonly toolNotFoundBehavior: 'return_error_to_model';
  readonly toolErrorFormatter: (args: {
    readonly kind: 'approval_rejected' | 'tool_not_found';
    readonly toolName: string;
  }) => string | undefined;
}

/**
 * Options to spread into `run(agent, input, { ...openAiAgentsRunOptions(source), signal })`: a call
 * to an unknown name (`list_todo` for `list_todos`) is answered with toolwright's not-found text,
 * which names the closest tool, instead of aborting the run with `ModelBehaviorError`; a call a
 * person rejected reads toolwright's `permission_denied` text.
 */
export function openAiAgentsRunOptions(source: OpenAiAgentsToolSource): OpenAiAgentsRunOptions {
  const read = agentsSource(source);
  return {
    toolNotFoundBehavior: 'return_error_to_model',
    toolErrorFormatter: ({ kind, toolName }) => {
      if (kind === 'tool_not_found') return unknownToolMessage(toolName, read.names());
      if (kind === 'approval_rejected') return ToolError.permissionDenied(undefined, { toolName }).modelText;
      return undefined;
    },
  };
}
