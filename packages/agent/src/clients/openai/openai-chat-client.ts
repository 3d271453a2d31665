import type { ProviderFormat } from '@toolwright/registry';
import type { ModelClient, ModelRequest } from '../../model/model-client';
import { ModelError } from '../../model/model-error';
import type { ModelEvent } from '../../model/model-event';
import { httpSettings, type HttpClientOptions, type HttpSettings } from '../http/http-settings';
import { eventsInBody, fromArray, openStream, readBody, streamEvents } from '../http/open-stream';
import { describeOpenAiError, readOpenAiCompletion, readOpenAiStream } from './openai-stream-reader';
import { toOpenAiMessages, toOpenAiToolChoice } from './openai-wire-messages';
import { explainNotFound } from './explain-not-found';

/** Options of `new OpenAiChatClient`; each falls back to the environment, then to a default. */
export interface OpenAiChatClientOptions extends HttpClientOptions {
  /** Default `OPENAI_BASE_URL`, then `https://api.openai.com/v1`. `/chat/completions` is appended. */
  readonly baseUrl?: string;
  /** Default `OPENAI_API_KEY`; without one no `Authorization` header is sent (local servers). */
  readonly apiKey?: string;
  /** Default `OPENAI_MODEL`; required one way or the other. */
  readonly model?: string;
  /** Send strict-mode tool definitions (`openai-strict`). */
  readonly strict?: boolean;
  /** Extra request fields (`temperature`, `max_completion_tokens`, `seed`, …), sent as given. */
  readonly body?: Readonly<Record<string, unknown>>;
}

/**
 * A client for any OpenAI-compatible Chat Completions server, over `fetch`: tools and
 * `tool_choice`, parallel tool calls, SSE streaming with tool-call arguments arriving in fragments,
 * usage from the final chunk, timeouts, and retries on 429/5xx honouring `retry-after`.
 */
export class OpenAiChatClient implements ModelClient {
  readonly format: ProviderFormat;
  readonly model: string;
  readonly baseUrl: string;
  readonly #url: string;
  readonly #headers: Readonly<Record<string, string>>;
  readonly #settings: HttpSettings;
  readonly #body: Readonly<Record<string, unknown>> | undefined;

  constructor(options: OpenAiChatClientOptions = {}) {
    const env = options.env ?? process.env;
    const model = options.model ?? nonEmpty(env['OPENAI_MODEL']);
    if (model === undefined) {
      throw new ModelError(
        'configuration',
        'OpenAiChatClient needs a model name: pass { model } or set OPENAI_MODEL.',
      );
    }
    this.model = model;
    this.baseUrl = (
      options.baseUrl ??
      nonEmpty(env['OPENAI_BASE_URL']) ??
      'https://api.openai.com/v1'
    ).replace(/\/+$/, '');
    this.#url = `${this.baseUrl}/chat/completions`;
    this.format = options.strict === true ? 'openai-strict' : 'openai';
    const apiKey = options.apiKey ?? nonEmpty(env['OPENAI_API_KEY']);
    this.#headers = {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...(apiKey === undefined ? {} : { authorization: `Bearer ${apiKey}` }),
      ...options.headers,
    };
    this.#settings = httpSettings(
      `the OpenAI-compatible server at ${this.baseUrl}`,
      options,
      describeOpenAiError,
    );
    this.#body = options.body;
  }

  stream(request: ModelRequest): AsyncIterable<ModelEvent> {
    return this.#stream(request);
  }

  async *#stream(request: ModelRequest): AsyncGenerator<ModelEvent, void, undefined> {
    const body = JSON.stringify(this.#requestBody(request));
    let opened;
    try {
      opened = await openStream(this.#settings, this.#url, this.#headers, body, request.signal);
    } catch (failure) {
      throw explainNotFound(failure, this.baseUrl, this.#url);
    }
    const { provider, limits } = this.#settings;
    const type = opened.response.headers.get('content-type') ?? '';
    if (type.includes('application/json')) {
      const text = await readBody(this.#settings, opened);
      // A server that labels its event stream as JSON: read it as the stream it is.
      const events = eventsInBody(this.#settings, text);
      if (events === undefined) yield* readOpenAiCompletion(text, provider, limits);
      else yield* readOpenAiStream(fromArray(events), provider, limits);
      return;
    }
    yield* readOpenAiStream(streamEvents(this.#settings, opened), provider, limits);
  }

  #requestBody(request: ModelRequest): Record<string, unknown> {
    const body: Record<string, unknown> = {
      model: this.model,
      messages: toOpenAiMessages(request.system, request.messages),
      stream: true,
      stream_options: { include_usage: true },
    };
    if (request.tools.length > 0) {
      body['tools'] = request.tools;
      if (request.toolChoice !== undefined) body['tool_choice'] = toOpenAiToolChoice(request.toolChoice);
      if (request.parallelToolCalls !== undefined) body['parallel_tool_calls'] = request.parallelToolCalls;
    }
    return this.#body === undefined ? body : { ...body, ...this.#body };
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
