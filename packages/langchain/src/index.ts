// The public API of @toolwright/langchain: toolwright tools as LangChain structured tools.
export { langChainTools } from './langchain-tools';
export type { LangChainToolsOptions } from './langchain-tools';
export { ToolwrightStructuredTool } from './toolwright-structured-tool';
export type { LangChainToolContent, LangChainToolOutput } from './toolwright-structured-tool';
export { langChainNearMissRepair } from './near-miss-middleware';
export type { NearMissMiddlewareConfig } from './near-miss-middleware';
export type { AdaptedTool, LangChainToolSource } from './adapter-source';
export type { ToolApprovalDecision, ToolApprovalPolicy, ToolApprovalRequest } from './tool-approval';
