import { ModelError } from '../model/model-error';
import type { PendingApproval } from '../approval/approval';
import type { StopReason } from './agent-run-result';

/** Why a run ended, in words (`result.reason`). */
export function describeStop(
  stopReason: StopReason,
  maxTurns: number,
  error: unknown,
  extra: { reason?: string; pending?: readonly PendingApproval[] },
): string {
  switch (stopReason) {
    case 'completed':
      return 'The model gave its final answer.';
    case 'max_turns':
      return `The run used all ${maxTurns} turns (maxTurns) before the model gave a final answer; the last tool results were not sent to the model. Raise maxTurns, or continue with agent.run(result.messages).`;
    case 'stopped':
      return `The recovery hook stopped the run: ${extra.reason ?? 'no reason given'}`;
    case 'approval_required': {
      const pending = extra.pending ?? [];
      const names = pending.map((call) => `${call.toolName} (${call.callId})`).join(', ');
      return `${pending.length} tool call(s) await approval: ${names}. Continue with agent.resume(result.state, decisions).`;
    }
    case 'cancelled':
      return 'The run was cancelled: its AbortSignal fired.';
    case 'error':
      return ModelError.is(error)
        ? `The model request failed: ${error.message}`
        : `A hook failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}
