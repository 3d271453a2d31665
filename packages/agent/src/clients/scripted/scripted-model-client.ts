import type { ProviderDefinition, ProviderFormat } from '@toolwright/registry';
import type { AgentMessage } from '../../messages/agent-message';
import type { ModelClient, ModelRequest, ToolChoice } from '../../model/model-client';
import { ModelError } from '../../model/model-error';
import type { FinishReason, ModelEvent } from '../../model/model-event';
import type { Usage } from '../../model/usage';
import { isAborted } from '../../loop/is-aborted';

/** A tool call the scripted model makes; `arguments` may be an object (sent as its JSON) or any text, malformed on purpose. */
export interface ScriptedToolCall {
  readonly name: string;
  readonly arguments?: string | Readonly<Record<string, unknown>>;
  /** Default `call_<turn>_<n>`. */
  readonly id?: string;
}

/** One scripted model turn. */
export interface ScriptedTurn {
  readonly text?: string;
  readonly toolCalls?: readonly ScriptedToolCall[];
  /** Default `tool_calls` when there are calls, else `stop`. */
  readonly finishReason?: FinishReason;
  readonly usage?: Usage;
  /** Wait before answering (aborted by the request's signal). */
  readonly delayMs?: number;
  /** Stream the text in pieces of this many characters… */
  readonly chunkSize?: number;
  /** …with this pause between pieces. */
  readonly chunkDelayMs?: number;
  /** Fail the request with this error, after `delayMs`. */
  readonly error?: Error;
}

/** A turn given in advance, or computed from the request (to react to tool results). */
export type ScriptStep =
  ScriptedTurn | ((request: ModelRequest, turn: number) => ScriptedTurn | Promise<ScriptedTurn>);

/** Options of `new ScriptedModelClient`. */
export interface ScriptedModelClientOptions {
  /** The tool-definition format to ask for (default `openai`). */
  readonly format?: ProviderFormat;
  /** Keep a copy of every request in `requests` (default true). */
  readonly record?: boolean;
  /** Start again from the first turn when the script ends, instead of failing (benchmarks). */
  readonly loop?: boolean;
}

/** A request as the scripted client saw it (the transcript copied at that moment). */
export interface RecordedRequest {
  readonly system?: string;
  readonly messages: readonly AgentMessage[];
  readonly tools: readonly ProviderDefinition[];
  readonly toolChoice?: ToolChoice;
  readonly parallelToolCalls?: boolean;
}

/**
 * A model that replays a conversation: each request gets the next scripted turn, streamed as
 * the events a real client would produce. For tests, benchmarks and the offline demo.
 */
export class ScriptedModelClient implements ModelClient {
  readonly format: ProviderFormat;
  /** Every request received, in order (unless `record: false`). */
  readonly requests: RecordedRequest[] = [];
  readonly #steps: readonly ScriptStep[];
  readonly #compiled: (readonly ModelEvent[] | undefined)[];
  readonly #record: boolean;
  readonly #loop: boolean;
  #next = 0;

  constructor(script: readonly ScriptStep[], options: ScriptedModelClientOptions = {}) {
    this.#steps = [...script];
    this.format = options.format ?? 'openai';
    this.#record = options.record ?? true;
    this.#loop = options.loop ?? false;
    // Plain turns are turned into events once, so replaying them costs no allocation per request.
    this.#compiled = this.#steps.map((step, index) => (isPlain(step) ? compile(step, index + 1) : undefined));
  }

  /** How many turns were played. */
  get turnsPlayed(): number {
    return this.#next;
  }

  stream(request: ModelRequest): AsyncIterable<ModelEvent> {
    const turn = this.#next++;
    if (this.#record) {
      this.requests.push({
        system: request.system,
        messages: request.messages.slice(),
        tools: request.tools,
        toolChoice: request.toolChoice,
        parallelToolCalls: request.parallelToolCalls,
      });
    }
    const index = this.#loop && this.#steps.length > 0 ? turn % this.#steps.length : turn;
    return this.#play(request, index, turn + 1);
  }

  async *#play(
    request: ModelRequest,
    index: number,
    turn: number,
  ): AsyncGenerator<ModelEvent, void, undefined> {
    const step = this.#steps[index];
    if (step === undefined) {
      throw new ModelError(
        'script',
        `The script has ${this.#steps.length} turn(s); the agent asked for turn ${turn}. Add a turn, or check why the agent did not stop.`,
      );
    }
    const signal = request.signal;
    const compiled = this.#compiled[index];
    const scripted =
      compiled === undefined
        ? await (step as Exclude<ScriptStep, ScriptedTurn>)(request, turn)
        : (step as ScriptedTurn);
    if (scripted.delayMs !== undefined) await pause(scripted.delayMs, signal);
    if (isAborted(signal)) throw cancelled();
    if (scripted.error !== undefined) throw scripted.error;
    const events = compiled ?? compile(scripted, turn);
    const chunkDelay = scripted.chunkDelayMs;
    for (const event of events) {
      if (chunkDelay !== undefined && event.type === 'text-delta') {
        await pause(chunkDelay, signal);
        if (isAborted(signal)) throw cancelled();
      }
      yield event;
    }
  }
}

function isPlain(step: ScriptStep): step is ScriptedTurn {
  return typeof step !== 'function';
}

function compile(turn: ScriptedTurn, number: number): readonly ModelEvent[] {
  const events: ModelEvent[] = [];
  const text = turn.text ?? '';
  const size = turn.chunkSize ?? text.length;
  for (let start = 0; start < text.length; start += Math.max(1, size)) {
    events.push({ type: 'text-delta', text: text.slice(start, start + Math.max(1, size)) });
  }
  const calls = turn.toolCalls ?? [];
  calls.forEach((call, index) => {
    const id = call.id ?? `call_${number}_${index + 1}`;
    const args = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {});
    events.push({ type: 'tool-call-start', index, id, name: call.name });
    events.push({ type: 'tool-call-delta', index, argumentsDelta: args });
    events.push({ type: 'tool-call', index, id, name: call.name, arguments: args });
  });
  events.push({
    type: 'finish',
    finishReason: turn.finishReason ?? (calls.length > 0 ? 'tool_calls' : 'stop'),
    usage: turn.usage,
  });
  return Object.freeze(events);
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (isAborted(signal)) {
      resolve();
      return;
    }
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

function cancelled(): ModelError {
  return new ModelError('cancelled', 'The scripted request was cancelled.');
}
