import { ModelError } from '../model/model-error';
import { MAX_STREAM_INDEX } from './http/stream-limits';

/**
 * A tool-call (or content-block) index from the wire, checked: a whole number from 0 to
 * `MAX_STREAM_INDEX`, or `fallback` when the server sent none. Anything else (`-1`, `1.5`, `"0"`,
 * `4294967294`) fails the response as `protocol`: a call keyed by a value the server made up
 * would be lost or merged.
 */
export function wireIndex(provider: string, value: unknown, fallback: number, what = 'a tool call'): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_STREAM_INDEX)
    return value;
  const shown = typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : String(value).slice(0, 40);
  throw new ModelError(
    'protocol',
    `${provider} sent ${what} with index ${shown}; an index must be a whole number from 0 to ${MAX_STREAM_INDEX}.`,
  );
}

/** The error for a response with more than `maxToolCalls` calls. */
export function tooManyToolCalls(provider: string, limit: number): ModelError {
  return new ModelError(
    'protocol',
    `${provider} sent more than ${limit} tool calls in one response, the limit (maxToolCalls).`,
  );
}

/** The error for a call whose argument text outgrew `maxToolCallArgumentCharacters`. */
export function argumentsTooLong(provider: string, name: string, limit: number): ModelError {
  const shown = name === '' ? 'a tool call' : `the call of ${JSON.stringify(name.slice(0, 64))}`;
  return new ModelError(
    'protocol',
    `${provider} sent arguments of more than ${limit} characters for ${shown}, the limit (maxToolCallArgumentCharacters).`,
  );
}
