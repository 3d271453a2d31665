import { ToolError } from '@toolwright/core';
import { AnsweredInputRequester, type Answer, type PendingInput } from './answered-input-requester';
import type { InputSupport } from './client-capabilities';

/**
 * Input requests under 2026-07-28, where the server cannot call the client: the tool runs again
 * from the start on every round, and each request is answered from the answers gathered so far
 * (sealed in the request state, plus the client's `inputResponses`) by its key — the tool's own
 * (`key`), else its position. The first request without a usable answer suspends the call:
 * `onSuspend` fires once, every request the tool makes before the call is ended joins that round,
 * and the call ends with an `input_required` result listing them. A malformed answer counts as
 * none, so the client is asked again rather than the tool failing.
 */
export class ReplayInputRequester extends AnsweredInputRequester {
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
    super();
    this.#answers = answers;
    this.#asked = asked;
    this.#onSuspend = onSuspend;
  }

  refused(kind: string): void {
    this.missing.add(kind);
  }

  protected ask(
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
