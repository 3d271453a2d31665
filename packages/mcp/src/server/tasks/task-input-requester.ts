import { ToolError } from '@toolwright/core';
import type { InputSupport } from '../client-capabilities';
import { AnsweredInputRequester, type Answer, type PendingInput } from '../answered-input-requester';

interface Waiting {
  readonly input: PendingInput;
  readonly usable: (answer: unknown) => answer is Answer;
  readonly resolve: (answer: Answer) => void;
}

/**
 * Input requests of a call that runs as a task: the tool waits in place (it is not run again, as in
 * a 2026-07-28 round) while the task shows `input_required` with every request not answered yet;
 * `tasks/update` delivers answers by key, and each usable one resumes its request. A malformed
 * answer, or one for a key nobody asked, is ignored: the request stays pending.
 */
export class TaskInputRequester extends AnsweredInputRequester {
  readonly #waiting = new Map<string, Waiting>();
  readonly #onChange: (pending: ReadonlyMap<string, PendingInput>) => void;
  #next = 0;

  constructor(
    readonly supports: InputSupport,
    onChange: (pending: ReadonlyMap<string, PendingInput>) => void,
  ) {
    super();
    this.#onChange = onChange;
  }

  /** The requests not answered yet, by key. */
  pending(): ReadonlyMap<string, PendingInput> {
    const pending = new Map<string, PendingInput>();
    for (const [key, waiting] of this.#waiting) pending.set(key, waiting.input);
    return pending;
  }

  /** Answers pending requests from a `tasks/update`'s `inputResponses`; returns how many it resumed. */
  deliver(responses: Readonly<Record<string, unknown>>): number {
    let resumed = 0;
    for (const key of Object.keys(responses)) {
      const waiting = this.#waiting.get(key);
      const answer = responses[key];
      if (waiting === undefined || !waiting.usable(answer)) continue;
      this.#waiting.delete(key);
      waiting.resolve(answer);
      resumed += 1;
    }
    if (resumed > 0) this.#onChange(this.pending());
    return resumed;
  }

  protected ask(
    given: string | undefined,
    input: PendingInput,
    usable: (answer: unknown) => answer is Answer,
    signal: AbortSignal,
  ): Promise<Answer> {
    const position = this.#next++;
    let key = given ?? `input-${position}`;
    if (this.#waiting.has(key)) key = `${key}-${position}`;
    return new Promise<Answer>((resolve, reject) => {
      if (signal.aborted) return reject(ToolError.cancelled());
      const onAbort = (): void => {
        this.#waiting.delete(key);
        reject(ToolError.cancelled());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.#waiting.set(key, {
        input,
        usable,
        resolve: (answer) => {
          signal.removeEventListener('abort', onAbort);
          resolve(answer);
        },
      });
      this.#onChange(this.pending());
    });
  }
}
