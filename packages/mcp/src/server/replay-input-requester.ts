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

type Answer = Record<string, unknown>;

/**
 * Input requests under 2026-07-28, where the server cannot call the client: the tool runs again
 * from the start on every round, and each request is answered from the answers gathered so far
 * (sealed in the request state, plus the client's `inputResponses`) by its key — the tool's own
 * (`key`), else its position. The first request without a usable answer suspends the call:
 * `onSuspend` fires once, every request the tool makes before the call is ended joins that round,
 * and the call ends with an `input_required` result listing them. A malformed answer counts as
 * none, so the client is asked again rather than the tool failing.
 */
export class ReplayInputRequester implements InputRequester {
  readonly #answers: Readonly<Record<string, unknown>>;
  readonly #asked: Readonly<Record<string, string>>;
  readonly #onSuspend: () => void;
  /** The requests of this round without an answer, by key. */
  readonly pending = new Map<string, PendingInput>();
  /** The method of every request this run made, by key. */
  readonly askedNow: Record<string, string> = {};
  /** The capabilities a request was refused for (the client did not declare them). */
  readonly missing = new Set<string>();
  /** The answers this run used, by key: what the next round's state carries. */
  readonly used: Record<string, unknown> = {};
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

  refused(kind: string): void {
    this.missing.add(kind);
  }

  async elicit(form: ElicitationForm, signal: AbortSignal): Promise<ElicitResult<unknown>> {
    const input: PendingInput = {
      method: 'elicitation/create',
      params: { mode: 'form', message: form.message, requestedSchema: form.requestedSchema },
    };
    const answer = await this.#ask(form.key, input, isElicitAnswer, signal);
    const action = answer['action'] as 'accept' | 'decline' | 'cancel';
    if (action === 'accept') return { action, content: answer['content'] ?? {} };
    return { action };
  }

  async sample(request: SampleRequest, signal: AbortSignal): Promise<SampleResult> {
    const { key, ...params } = request;
    const answer = await this.#ask(key, { method: 'sampling/createMessage', params }, isSampleAnswer, signal);
    return answer as unknown as SampleResult;
  }

  async listRoots(signal: AbortSignal, key?: string): Promise<readonly Root[]> {
    const answer = await this.#ask(key, { method: 'roots/list', params: {} }, isRootsAnswer, signal);
    return answer['roots'] as Root[];
  }

  #ask(
    given: string | undefined,
    input: PendingInput,
    usable: (answer: unknown) => answer is Answer,
    signal: AbortSignal,
  ): Promise<Answer> {
    const position = this.#next++;
    let key = given ?? `input-${position}`;
    if (Object.hasOwn(this.askedNow, key)) key = `${key}-${position}`;
    this.askedNow[key] = input.method;
    const askedBefore = this.#asked[key];
    if (askedBefore !== undefined && askedBefore !== input.method) {
      return Promise.reject(
        ToolError.conflict(
          `The tool asked for ${input.method} as "${key}", where it asked for ${askedBefore} in an earlier round; a tool must ask the same things in the same order every time it runs.`,
        ),
      );
    }
    const answer = Object.hasOwn(this.#answers, key) ? this.#answers[key] : undefined;
    if (usable(answer)) {
      this.used[key] = answer;
      return Promise.resolve(answer);
    }
    this.pending.set(key, input);
    if (this.pending.size === 1) this.#onSuspend();
    // Settles only when the round is ended (the client answers in a later request).
    return new Promise((_resolve, reject) => {
      const fail = (): void => reject(ToolError.cancelled());
      if (signal.aborted) fail();
      else signal.addEventListener('abort', fail, { once: true });
    });
  }
}

function isObject(value: unknown): value is Answer {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a client's answer has the shape the request's tool expects. */
export function isElicitAnswer(value: unknown): value is Answer {
  if (!isObject(value)) return false;
  const action = value['action'];
  if (action === 'accept') return value['content'] === undefined || isObject(value['content']);
  return action === 'decline' || action === 'cancel';
}

/** Whether a client's answer has the shape the request's tool expects. */
export function isSampleAnswer(value: unknown): value is Answer {
  if (!isObject(value)) return false;
  const content = value['content'];
  return (
    (isObject(content) && typeof content['type'] === 'string') ||
    (Array.isArray(content) && content.every((block) => isObject(block) && typeof block['type'] === 'string'))
  );
}

/** Whether a client's answer has the shape the request's tool expects. */
export function isRootsAnswer(value: unknown): value is Answer {
  return (
    isObject(value) &&
    Array.isArray(value['roots']) &&
    value['roots'].every((root) => isObject(root) && typeof root['uri'] === 'string')
  );
}
