import { FRAMEWORK_SERVICE } from '@toolwright/core/internal';
import type {
  ElicitationForm,
  ElicitResult,
  InputRequester,
  Root,
  SampleRequest,
  SampleResult,
} from '@toolwright/core';
import type { ServerContext } from '@modelcontextprotocol/server';
import { clientRequestError } from './client-request-error';
import type { InputSupport } from './client-capabilities';

/** How long a server-to-client request waits for a human by default. */
export const DEFAULT_INPUT_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * Input requests under 2025-11-25: real server-to-client requests, related to the call (over
 * Streamable HTTP they ride the call's own response stream) and cancelled with it.
 */
export class LegacyInputRequester implements InputRequester {
  /** A toolwright service, not a host value: the context's scrubbing does not walk it. */
  get [FRAMEWORK_SERVICE](): true {
    return true;
  }

  readonly #ctx: ServerContext;
  readonly #timeoutMs: number;

  constructor(
    ctx: ServerContext,
    readonly supports: InputSupport,
    timeoutMs: number = DEFAULT_INPUT_TIMEOUT_MS,
  ) {
    this.#ctx = ctx;
    this.#timeoutMs = timeoutMs;
  }

  async elicit(form: ElicitationForm, signal: AbortSignal): Promise<ElicitResult<unknown>> {
    const result = await this.#send(
      'elicitation/create',
      { mode: 'form', message: form.message, requestedSchema: form.requestedSchema },
      'elicitation',
      signal,
    );
    const action = result['action'];
    if (action === 'accept') return { action, content: result['content'] ?? {} };
    return { action: action === 'decline' ? 'decline' : 'cancel' };
  }

  async sample(request: SampleRequest, signal: AbortSignal): Promise<SampleResult> {
    // The key names the request under 2026-07-28 only; a 2025 request has its own id.
    const { key: _key, ...params } = request;
    const result = await this.#send('sampling/createMessage', params, 'sampling', signal);
    return result as unknown as SampleResult;
  }

  async listRoots(signal: AbortSignal): Promise<readonly Root[]> {
    const result = await this.#send('roots/list', {}, 'roots', signal);
    return (result['roots'] ?? []) as readonly Root[];
  }

  async #send(
    method: 'elicitation/create' | 'sampling/createMessage' | 'roots/list',
    params: Record<string, unknown>,
    what: string,
    signal: AbortSignal,
  ): Promise<Record<string, unknown>> {
    try {
      const send = this.#ctx.mcpReq.send as (
        request: { method: string; params: Record<string, unknown> },
        options: { signal: AbortSignal; timeout: number; resetTimeoutOnProgress: boolean },
      ) => Promise<unknown>;
      const result = await send(
        { method, params },
        { signal, timeout: this.#timeoutMs, resetTimeoutOnProgress: true },
      );
      return result as Record<string, unknown>;
    } catch (thrown) {
      throw clientRequestError(thrown, what, signal);
    }
  }
}
