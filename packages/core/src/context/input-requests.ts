import { decodeArgs } from '../decode/decode-args';
import { ToolError } from '../errors/tool-error';
import type { ContentBlock } from '../result/content-block';
import { schemaOf } from '../schema/schema-of';
import { createToken, type Token, type TokenLike } from './token';

/** What `ctx.elicit` asks the user: a message and the form's fields, from an args class or a raw schema. */
export interface ElicitRequest<T extends object = Record<string, unknown>> {
  /**
   * A name for this request, unique within the call (default: its position). Under MCP
   * 2026-07-28 it is the request's key in `inputRequests`, which clients may show or script against.
   */
  readonly key?: string;
  /** What the user is asked, shown above the form. */
  readonly message: string;
  /** The form: its `@Param` properties (primitives, enums, defaults); the answer is decoded into an instance. */
  readonly args?: new (...args: any[]) => T;
  /** The form as a flat JSON object schema, when there is no args class; the answer is passed on as sent. */
  readonly schema?: Readonly<Record<string, unknown>>;
}

/** The user's answer to `ctx.elicit`: accepted with the form's content, declined, or dismissed. */
export type ElicitResult<T> =
  | { readonly action: 'accept'; readonly content: T }
  | { readonly action: 'decline' }
  | { readonly action: 'cancel' };

/** One message of a sampling request. */
export interface SamplingMessage {
  readonly role: 'user' | 'assistant';
  readonly content: ContentBlock;
}

/** What `ctx.sample` asks the client's model. */
export interface SampleRequest {
  /** A name for this request, unique within the call (see `ElicitRequest.key`). */
  readonly key?: string;
  readonly messages: readonly SamplingMessage[];
  readonly maxTokens: number;
  readonly systemPrompt?: string;
  readonly temperature?: number;
  readonly stopSequences?: readonly string[];
  /** Hints for the client's choice of model, passed on as given. */
  readonly modelPreferences?: Readonly<Record<string, unknown>>;
}

/** The client model's answer to `ctx.sample`. */
export interface SampleResult {
  readonly role: 'user' | 'assistant';
  readonly content: ContentBlock;
  readonly model: string;
  readonly stopReason?: string;
}

/** A root the client exposes (a directory or another URI the user allows the server to work in). */
export interface Root {
  readonly uri: string;
  readonly name?: string;
}

/** The form of an elicitation as it travels to the client. */
export interface ElicitationForm {
  readonly key?: string;
  readonly message: string;
  readonly requestedSchema: Readonly<Record<string, unknown>>;
}

/**
 * The host's side of a call's input requests (`ctx.elicit`, `ctx.sample`, `ctx.listRoots`),
 * provided in the call's bag under `InputRequester` by whatever carries the call (the MCP server
 * does, for either protocol revision). It answers with the client's raw reply, or rejects with a
 * `ToolError`.
 */
export interface InputRequester {
  /** Which requests the caller can answer. */
  readonly supports: { readonly elicitation: boolean; readonly sampling: boolean; readonly roots: boolean };
  elicit(form: ElicitationForm, signal: AbortSignal): Promise<ElicitResult<unknown>>;
  sample(request: SampleRequest, signal: AbortSignal): Promise<SampleResult>;
  listRoots(signal: AbortSignal, key?: string): Promise<readonly Root[]>;
  /** Told when a tool's request is refused because the caller lacks its capability (before the ToolError). */
  refused?(kind: keyof InputRequester['supports']): void;
}

/** Options of `ctx.listRoots`. */
export interface ListRootsOptions {
  /** A name for this request, unique within the call (see `ElicitRequest.key`). */
  readonly key?: string;
}

/** The token of a call's `InputRequester`. */
export const InputRequester: Token<InputRequester> = createToken<InputRequester>('InputRequester');

type Kind = keyof InputRequester['supports'];

// What the requests read of the call context; named here rather than imported, so that the
// context's own declaration can name these requests' types without a cycle between the files.
interface RequestingContext {
  readonly toolName: string;
  readonly signal: AbortSignal;
  get<T>(token: TokenLike<T>): T | undefined;
}

const WHAT: Readonly<Record<Kind, string>> = {
  elicitation: 'ask the user for input',
  sampling: "ask the client's model for a completion",
  roots: 'list the roots the client exposes',
};

function requesterFor(ctx: RequestingContext, kind: Kind): InputRequester {
  const requester = ctx.get(InputRequester);
  if (requester === undefined) {
    throw ToolError.notImplemented(
      `${ctx.toolName} needs to ${WHAT[kind]}, but it was called where nobody can answer (not from an MCP client). Do the task without it.`,
      { toolName: ctx.toolName, details: { request: kind } },
    );
  }
  if (!requester.supports[kind]) {
    requester.refused?.(kind);
    throw ToolError.notImplemented(
      `${ctx.toolName} needs to ${WHAT[kind]}, but the client did not declare the ${kind} capability. Use a client that supports ${kind}, or do the task without it.`,
      { toolName: ctx.toolName, details: { request: kind } },
    );
  }
  return requester;
}

/** `ctx.elicit`: builds the form from the args class and decodes an accepted answer into an instance. */
export async function elicitThrough<T extends object>(
  ctx: RequestingContext,
  request: ElicitRequest<T>,
): Promise<ElicitResult<T>> {
  const requester = requesterFor(ctx, 'elicitation');
  const requestedSchema = formSchema(request);
  const form: ElicitationForm =
    request.key === undefined
      ? { message: request.message, requestedSchema }
      : { key: request.key, message: request.message, requestedSchema };
  const answer = await requester.elicit(form, ctx.signal);
  if (answer.action !== 'accept') return answer;
  if (request.args === undefined) return answer as ElicitResult<T>;
  try {
    const content = await decodeArgs(request.args, answer.content ?? {});
    return { action: 'accept', content };
  } catch (thrown) {
    const detail = ToolError.is(thrown) ? ` ${thrown.modelText}` : '';
    throw ToolError.invalidArguments(
      `The user's answer to "${request.message.slice(0, 80)}" did not fit the form.${detail}`,
      { toolName: ctx.toolName, cause: thrown },
    );
  }
}

/** `ctx.sample`. */
export async function sampleThrough(ctx: RequestingContext, request: SampleRequest): Promise<SampleResult> {
  return await requesterFor(ctx, 'sampling').sample(request, ctx.signal);
}

/** `ctx.listRoots`. */
export async function listRootsThrough(
  ctx: RequestingContext,
  options: ListRootsOptions = {},
): Promise<readonly Root[]> {
  return await requesterFor(ctx, 'roots').listRoots(ctx.signal, options.key);
}

// Elicitation forms are flat objects of primitives: the args schema minus the keywords the
// elicitation schema does not have.
function formSchema(request: ElicitRequest<object>): Record<string, unknown> {
  if (request.args === undefined) {
    if (request.schema === undefined)
      throw new TypeError('ctx.elicit: give the form as `args` (an args class) or `schema`.');
    return { ...request.schema };
  }
  const schema = schemaOf(request.args) as Record<string, unknown>;
  const form: Record<string, unknown> = { type: 'object', properties: schema['properties'] ?? {} };
  const required = schema['required'];
  if (Array.isArray(required) && required.length > 0) form['required'] = required;
  return form;
}
