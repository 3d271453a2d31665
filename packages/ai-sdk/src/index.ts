// The public API of @toolwright/ai-sdk: toolwright tools as a Vercel AI SDK (`ai` 7) tool set, and
// the near-miss name repair for the AI SDK's `repairToolCall`.
export { aiSdkTools } from './ai-sdk-tools';
export type { AiSdkApprovalRequest, AiSdkToolsOptions } from './ai-sdk-tools';
export { createRepairToolCall, repairToolCall } from './repair-tool-call';
export type { RepairToolCallOptions } from './repair-tool-call';
export { toModelOutput } from './model-output';
export type { ToolResultOutput } from './model-output';
export type { AiSdkToolOutput, AiSdkToolProgress, AiSdkToolResult } from './ai-sdk-tool-output';
export type { AiSdkToolSource, ToolInfo, ToolSetLike } from './tool-source';
export type { AiSdkInputSchema } from './input-schema';
