// The public API of @toolwright/openai-agents: toolwright tools as OpenAI Agents SDK function tools.
export { openAiAgentsTools } from './openai-agents-tools';
export type { OpenAiAgentsTool, OpenAiAgentsToolsOptions } from './openai-agents-tools';
export { openAiAgentsRunOptions } from './run-options';
export type { OpenAiAgentsRunOptions } from './run-options';
export type { AdaptedTool, OpenAiAgentsToolSource } from './adapter-source';
export type {
  ToolApprovalDecision,
  ToolApprovalOption,
  ToolApprovalPolicy,
  ToolApprovalRequest,
} from './tool-approval';
