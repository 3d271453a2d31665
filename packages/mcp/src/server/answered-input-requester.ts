import { FRAMEWORK_SERVICE } from '@toolwright/core/internal';
import {
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

/** A client's answer to one input request. */
export type Answer = Record<string, unknown>;

/**
 * An input requester whose requests are answered by key from what the client sends (2026-07-28
 * rounds, tasks): `elicit`, `sample` and `listRoots` as input requests and the answers they take,
 * over the subclass's `ask`, which says when and with what each request is answered.
 */
export abstract class AnsweredInputRequester implements InputRequester {
  /** A toolwright service, not a host value: the context's scrubbing does not walk it. */
  get [FRAMEWORK_SERVICE](): true {
    return true;
  }

  abstract readonly supports: InputSupport;

  /** Asks `input` under the tool's key (`given`) or its position; settles with a `usable` answer. */
  protected abstract ask(
    given: string | undefined,
    input: PendingInput,
    usable: (answer: unknown) => answer is Answer,
    signal: AbortSignal,
  ): Promise<Answer>;

  async elicit(form: ElicitationForm, signal: AbortSignal): Promise<ElicitResult<unknown>> {
    const input: PendingInput = {
      method: 'elicitation/create',
      params: { mode: 'form', message: form.message, requestedSchema: form.requestedSchema },
    };
    const answer = await this.ask(form.key, input, isElicitAnswer, signal);
    const action = answer['action'] as 'accept' | 'decline' | 'cancel';
    if (action === 'accept') return { action, content: answer['content'] ?? {} };
    return { action };
  }

  async sample(request: SampleRequest, signal: AbortSignal): Promise<SampleResult> {
    const { key, ...params } = request;
    const answer = await this.ask(key, { method: 'sampling/createMessage', params }, isSampleAnswer, signal);
    return answer as unknown as SampleResult;
  }

  async listRoots(signal: AbortSignal, key?: string): Promise<readonly Root[]> {
    const answer = await this.ask(key, { method: 'roots/list', params: {} }, isRootsAnswer, signal);
    return answer['roots'] as Root[];
  }
}

function isObject(value: unknown): value is Answer {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a client's answer has the shape the request's tool expects. */
function isElicitAnswer(value: unknown): value is Answer {
  if (!isObject(value)) return false;
  const action = value['action'];
  if (action === 'accept') return value['content'] === undefined || isObject(value['content']);
  return action === 'decline' || action === 'cancel';
}

/** Whether a client's answer has the shape the request's tool expects. */
function isSampleAnswer(value: unknown): value is Answer {
  if (!isObject(value)) return false;
  const content = value['content'];
  return (
    (isObject(content) && typeof content['type'] === 'string') ||
    (Array.isArray(content) && content.every((block) => isObject(block) && typeof block['type'] === 'string'))
  );
}

/** Whether a client's answer has the shape the request's tool expects. */
function isRootsAnswer(value: unknown): value is Answer {
  return (
    isObject(value) &&
    Array.isArray(value['roots']) &&
    value['roots'].every((root) => isObject(root) && typeof root['uri'] === 'string')
  );
}
