import { ToolError } from '@toolwright/core';
import {
  ProtocolError,
  ProtocolErrorCode,
  type Result,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { InputSupport } from './client-capabilities';
import { ReplayInputRequester } from './replay-input-requester';
import { getEventListeners } from 'node:events';
import { sha256Hex, type CallState, type RequestStateCodec } from './request-state';

/** What one round of a multi-round request (2026-07-28) runs: the work, with its requester. */
export interface RoundRequest<R> {
  readonly ctx: ServerContext;
  readonly states: RequestStateCodec;
  /** What the state belongs to (`tools/call read_file`): a state never carries over to another. */
  readonly subject: string;
  /**
   * The request's arguments as sent; the state binds to them (R21). A function: only a round that
   * opens or seals a state needs the text, and most calls ask nothing.
   */
  readonly argumentsText: () => string;
  readonly support: InputSupport;
  readonly run: (requester: ReplayInputRequester, signal: AbortSignal) => Promise<R>;
  /**
   * When set, a round whose work neither finished nor asked for input within this many ms is
   * handed over (`escalated`): it goes on under its signal, detached from the request.
   */
  readonly escalateAfterMs?: number;
}

/** A round's outcome: the work's own answer, or the `input_required` result that ends the round. */
export type RoundOutcome<R> =
  | { readonly done: true; readonly value: R; readonly requester: ReplayInputRequester }
  | { readonly done: false; readonly result: Result }
  | { readonly done: false; readonly escalated: EscalatedRound<R> };

/** A round's work that goes on after its request (see `RoundRequest.escalateAfterMs`). */
export interface EscalatedRound<R> {
  /** The work's answer, when it comes. */
  readonly value: Promise<R>;
  /** Aborts the work's signal. */
  readonly abort: (reason: unknown) => void;
}

/**
 * One round of a request under 2026-07-28 (tools/call, prompts/get): the sealed request state is
 * checked first (a tampered, expired or foreign one is -32602), the work runs with the answers so
 * far, and the first input request without an answer ends the round with `input_required`
 * listing every request the work made before it was stopped, and the state for the next round.
 */
export async function runRound<R>(request: RoundRequest<R>): Promise<RoundOutcome<R>> {
  const { ctx, states } = request;
  // Hashed only when a state is opened or sealed: most calls ask nothing, and the digest was a
  // quarter of a 2026-07-28 call's time in memory.
  let argsHash: Promise<string> | undefined;
  const hashArgs = (): Promise<string> => (argsHash ??= sha256Hex(request.argumentsText()));
  const sealed = ctx.mcpReq.requestState();
  let state: CallState | undefined;
  if (sealed !== undefined) {
    state = typeof sealed === 'string' ? await states.open(sealed) : undefined;
    if (state === undefined || state.tool !== request.subject || state.args !== (await hashArgs())) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid or expired requestState', {
        reason: 'invalid_request_state',
      });
    }
  }
  // The client's answers of this round count for any key the work asks; the sealed answers of
  // earlier rounds take precedence (they are what the work already acted on).
  const answers: Record<string, unknown> = { ...ctx.mcpReq.inputResponses, ...state?.answers };
  // The work's signal aborts when the request is cancelled or the round ends. Followed by one
  // listener, removed when the round settles, rather than AbortSignal.any: that one registers a
  // weak reference per signal and cost more than the rest of a call (Node 20).
  const ended = roundController();
  const signal = ended.signal;
  const requestSignal = ctx.mcpReq.signal;
  const follow = (): void => ended.abort(requestSignal.reason);
  if (requestSignal.aborted) follow();
  else requestSignal.addEventListener('abort', follow, { once: true });
  let suspend!: () => void;
  const requester = new ReplayInputRequester(
    request.support,
    answers,
    state?.asked ?? {},
    // A macrotask later, so requests made together (Promise.all) join the same round.
    () => void setTimeout(suspend, 0),
  );
  let outcome: { value: R } | 'suspended' | 'escalated';
  let work!: Promise<R>;
  let escalation: ReturnType<typeof setTimeout> | undefined;
  try {
    // The work's answer or the round's end, whichever comes first (one promise for both).
    outcome = await new Promise<{ value: R } | 'suspended' | 'escalated'>((resolve, reject) => {
      suspend = () => resolve('suspended');
      if (request.escalateAfterMs !== undefined) {
        escalation = setTimeout(
          () => resolve(requester.pending.size > 0 ? 'suspended' : 'escalated'),
          request.escalateAfterMs,
        );
      }
      work = request.run(requester, signal);
      work.then((value) => resolve({ value }), reject);
    });
  } finally {
    clearTimeout(escalation);
    requestSignal.removeEventListener('abort', follow);
  }
  if (outcome === 'escalated') {
    return { done: false, escalated: { value: work, abort: (reason) => ended.abort(reason) } };
  }
  if (outcome !== 'suspended') {
    recycle(ended);
    return { done: true, value: outcome.value, requester };
  }
  ended.abort(ToolError.cancelled());
  const inputRequests: Record<string, unknown> = {};
  for (const [key, input] of requester.pending) inputRequests[key] = input;
  const requestState = await states.seal({
    tool: request.subject,
    args: await hashArgs(),
    asked: { ...state?.asked, ...requester.askedNow },
    answers: { ...state?.answers, ...requester.used },
    issuedAt: state?.issuedAt ?? Date.now(),
  });
  return { done: false, result: { resultType: 'input_required', inputRequests, requestState } as Result };
}

// Creating an AbortSignal takes microseconds on Node 20 (4–10 µs measured here, more than the rest
// of an in-memory call; 0.2 µs on Node 22), and most rounds end without aborting theirs. A signal
// that was never aborted and that nothing listens to any more is indistinguishable from a new one,
// so a finished round's controller serves a later round. One still followed (a call context that
// was not released) or aborted is never reused.
const MAX_SPARE_CONTROLLERS = 64;
const spareControllers: AbortController[] = [];

function roundController(): AbortController {
  return spareControllers.pop() ?? new AbortController();
}

function recycle(controller: AbortController): void {
  if (spareControllers.length >= MAX_SPARE_CONTROLLERS || controller.signal.aborted) return;
  if (getEventListeners(controller.signal, 'abort').length > 0) return;
  spareControllers.push(controller);
}
