import type { AdaptedTool } from './adapter-source';

/**
 * What the host decides for one call before it runs: `allow` runs it, `ask` pauses the run for a
 * person (the Agents SDK's approval interruption), `deny` refuses it with toolwright's
 * `permission_denied` text (or the reason given, which the model reads).
 */
export type ToolApprovalDecision =
  'allow' | 'ask' | 'deny' | { readonly decision: 'deny'; readonly reason: string };

/** One call as the approval policy sees it. */
export interface ToolApprovalRequest {
  readonly toolName: string;
  readonly callId: string | undefined;
  /** The arguments as the SDK parsed them from the model's JSON; not yet decoded by toolwright. */
  readonly arguments: unknown;
  readonly tool: AdaptedTool;
}

/** Decides, per call, whether it runs, waits for a person, or is refused. */
export type ToolApprovalPolicy = (
  request: ToolApprovalRequest,
) => ToolApprovalDecision | Promise<ToolApprovalDecision>;

/**
 * `'always'`: every call waits for approval; `'destructive'`: calls to tools annotated destructive
 * (and not read-only) wait; a function decides per call.
 */
export type ToolApprovalOption = 'always' | 'destructive' | ToolApprovalPolicy;

/** The policy an option stands for. */
export function approvalPolicy(option: ToolApprovalOption): ToolApprovalPolicy {
  if (typeof option === 'function') return option;
  if (option === 'always') return () => 'ask';
  if (option === 'destructive') return ({ tool }) => (tool.destructive && !tool.readOnly ? 'ask' : 'allow');
  throw new TypeError(
    `approval must be 'always', 'destructive' or a function; received ${JSON.stringify(option)}.`,
  );
}
