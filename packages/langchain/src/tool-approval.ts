import type { AdaptedTool } from './adapter-source';

/**
 * What the host decides for one call before it runs: `allow` runs it, `deny` refuses it with
 * toolwright's `permission_denied` text (or the reason given, which the model reads). A policy
 * may wait for a person before it answers.
 */
export type ToolApprovalDecision = 'allow' | 'deny' | { readonly decision: 'deny'; readonly reason: string };

/** One call as the approval policy sees it. */
export interface ToolApprovalRequest {
  readonly toolName: string;
  readonly callId: string | undefined;
  /** The arguments as the chat model parsed them; not yet decoded by toolwright. */
  readonly arguments: unknown;
  readonly tool: AdaptedTool;
}

/** Decides, per call, whether it runs or is refused. */
export type ToolApprovalPolicy = (
  request: ToolApprovalRequest,
) => ToolApprovalDecision | Promise<ToolApprovalDecision>;
