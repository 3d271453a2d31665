import {
  ToolError,
  type ElicitationForm,
  type ElicitResult,
  type InputRequester,
  type Root,
  type SampleRequest,
  type SampleResult,
} from '@toolwright/core';
import type { InputSupport } from './client-capabilities';

/** One input request the client must answer before the call can go on (2026-07-28). */
export interface PendingInput {
  readonly method: 'elicitation/create' | 'sampling/createMessage' | 'roots/list';
  readonly params: Record<string, unknown>;
}

/**
 * Input requests under 2026-07-28, where the server cannot call the client: the tool runs again
 * from the start on every round, and its n-th request is answered from the answers gathered so
 * far (sealed in the request state). The first request without an answer suspends the call:
 * `onSuspend` fires (once), every request the tool makes before the call is ended joins that
 * round, and the call ends with an `input_required` result listing them.
 */
export class ReplayInputRequester implements InputRequester {
  readonly #answers: Readonly<Record<string, unknown>>;
  readonly #asked: Readonly<Record<string, string>>;
  readonly #onSuspend: () => void;
  readonly pending = new Map<string, PendingInput>();
  readonly askedNow: Record<string, string> = {};
  #next = 0;

  constructor(
    readonly supports: InputSupport,
    answers: Readonly<Record<string, unknown>>,
    asked: Readonly<Record<string, string>>,
    onSuspend: () => void,
  ) {
    this.#answers = answers;
    this.#asked = asked;
    this.#onSuspend = onSuspend;
  }

  async elicit(form: ElicitationForm, signal: AbortSignal): Promise<ElicitResult<unknown>> {
    const answer = await this.#ask(
      {
        method: 'elicitation/create',
        params: { mode: 'form', message: form.message, requestedSchema: form.requestedSchema },
      },
      signal,
    );
    const action = answer['action'];
    if (action === 'accept') return { action, content: answer['content'] ?? {} };
    if (action === 'decline' || action === 'cancel') return { action };
    throw malformed('elicitation');
  }

  async sample(request: SampleRequest, signal: AbortSignal): Promise<SampleResult> {
    const answer = await this.#ask({ method: 'sampling/createMessage', params: { ...request } }, signal);
    const content = answer['content'] as Record<string, unknown> | undefined;
    if (typeof content !== 'object' || content === null || typeof content['type'] !== 'string')
      throw malformed('sampling');
    return answer as unknown as SampleResult;
  }

  async listRoots(signal: AbortSignal): Promise<readonly Root[]> {
    const answer = await this.#ask({ method: 'roots/list', params: {} }, signal);
    const roots = answer['roots'];
    if (!Array.isArray(roots) || !roots.every((root) => typeof root?.uri === 'string'))
      throw malformed('roots');
    return roots as Root[];
  }

  #ask(input: PendingInput, signal: AbortSignal): Promise<Record<string, unknown>> {
    const key = `input-${this.#next++}`;
    this.askedNow[key] = input.method;
    const askedBefore = this.#asked[key];
    if (askedBefore !== undefined && askedBefore !== input.method) {
      return Promise.reject(
        ToolError.conflict(
          `The tool asked for ${input.method} where it asked for ${askedBefore} in the previous round; a tool must ask in the same order every time it runs.`,
        ),
      );
    }
    if (Object.hasOwn(this.#answers, key)) {
      const answer = this.#answers[key];
      if (typeof answer !== 'object' || answer === null || Array.isArray(answer))
        return Promise.reject(malformed(input.method));
      return Promise.resolve(answer as Record<string, unknown>);
    }
    this.pending.set(key, input);
    if (this.pending.size === 1) this.#onSuspend();
    // Settles only when the call is ended (the client answers in a later request).
    return new Promise((_resolve, reject) => {
      const fail = (): void => reject(ToolError.cancelled());
      if (signal.aborted) fail();
      else signal.addEventListener('abort', fail, { once: true });
    });
  }
}

function malformed(what: string): ToolError {
  return ToolError.invalidArguments(`The MCP client's answer to the ${what} request is malformed.`);
}
