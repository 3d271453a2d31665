import type { ModelClient, ModelRequest } from '../../model/model-client';
import { ModelError } from '../../model/model-error';
import type { ModelEvent } from '../../model/model-event';
import { httpSettings, type HttpClientOptions, type HttpSettings } from '../http/http-settings';
import { eventsInBody, fromArray, openStream, readBody, streamEvents } from '../http/open-stream';
import { describeAnthropicError, readAnthropicMessage, readAnthropicStream } from './anthropic-stream-reader';
import { toAnthropicMessages, toAnthropicToolChoice } from './anthropic-wire-messages';

/** Options of `new AnthropicMessagesClient`; each falls back to the environment, then to a default. */
export interface AnthropicMessagesClientOptions extends HttpClientOptions {
  /** Default `ANTHROPIC_BASE_URL`, then `https://api.anthropic.com`. `/v1/messages` is appended (`/messages` after a `/v1`). */
  readonly baseUrl?: string;
  /** Default `ANTHROPIC_API_KEY`; sent as `x-api-key`. */
  readonly apiKey?: string;
  /** Default `ANTHROPIC_MODEL`; required one way or the other. */
  readonly model?: string;
  /** `max_tokens` of every request (default 4096). */
  readonly maxTokens?: number;
  /** The `anthropic-version` header (default `2023-06-01`). */
  readonly version?: string;
  /** Extra request fields (`temperature`, `metadata`, …), sent as given. */
  readonly body?: Readonly<Record<string, unknown>>;
}

/**
 * A client for the Anthropic Messages API over `fetch`: tools as `{ name, description,
 * input_schema }`, `tool_use` / `tool_result` blocks, streaming with `input_json_delta`, timeouts,
 * and retries on 429/5xx/529 honouring `retry-after`.
 */
export class AnthropicMessagesClient implements ModelClient {
  readonly format = 'anthropic' as const;
  readonly model: string;
  readonly baseUrl: string;
  readonly #url: string;
  readonly #headers: Readonly<Record<string, string>>;
  readonly #settings: HttpSettings;
  readonly #maxTokens: number;
  readonly #body: Readonly<Record<string, unknown>> | undefined;

  constructor(options: AnthropicMessagesClientOptions = {}) {
    const env = options.env ?? process.env;
    const model = options.model ?? nonEmpty(env['ANTHROPIC_MODEL']);
    if (model === undefined) {
      throw new ModelError(
        'configuration',
        'AnthropicMessagesClient needs a model name: pass { model } or set ANTHROPIC_MODEL.',
      );
    }
    this.model = model;
    this.baseUrl = (
      options.baseUrl ??
      nonEmpty(env['ANTHROPIC_BASE_URL']) ??
      'https://api.anthropic.com'
    ).replace(/\/+$/, '');
    this.#url = this.baseUrl.endsWith('/v1') ? `${this.baseUrl}/messages` : `${this.baseUrl}/v1/messages`;
    const apiKey = options.apiKey ?? nonEmpty(env['ANTHROPIC_API_KEY']);
    this.#headers = {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      'anthropic-version': options.version ?? '2023-06-01',
      ...(apiKey === undefined ? {} : { 'x-api-key': apiKey }),
      ...options.headers,
    };
    this.#settings = httpSettings(`the Anthropic API at ${this.baseUrl}`, options, describeAnthropicError);
    this.#maxTokens = options.maxTokens ?? 4096;
    this.#body = options.body;
  }

  stream(request: ModelRequest): AsyncIterable<ModelEvent> {
    return this.#stream(request);
  }

  async *#stream(request: ModelRequest): AsyncGenerator<ModelEvent, void, undefined> {
    const body = JSON.stringify(this.#requestBody(request));
    const opened = await openStream(this.#settings, this.#url, this.#headers, body, request.signal);
    const { provider, limits } = this.#settings;
    const type = opened.response.headers.get('content-type') ?? '';
    if (type.includes('application/json')) {
      const text = await readBody(this.#settings, opened);
      // A server that labels its event stream as JSON: read it as the stream it is.
      const events = eventsInBody(this.#settings, text);
      if (events === undefined) yield* readAnthropicMessage(text, provider, limits);
      else yield* readAnthropicStream(fromArray(events), provider, limits);
      return;
    }
    yield* readAnthropicStream(streamEvents(this.#settings, opened), provider, limits);
  }

  #requestBody(request: ModelRequest): Record<string, unknown> {
    const body: Record<string, unknown> = {
      model: this.model,
      max_tokens: this.#maxTokens,
      messages: toAnthropicMessages(request.messages),
      stream: true,
    };
    if (request.system !== undefined && request.system !== '') body['system'] = request.system;
    if (request.tools.length > 0) {
      body['tools'] = request.tools;
      const choice = toAnthropicToolChoice(request.toolChoice, request.parallelToolCalls);
      if (choice !== undefined) body['tool_choice'] = choice;
    }
    return this.#body === undefined ? body : { ...body, ...this.#body };
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
