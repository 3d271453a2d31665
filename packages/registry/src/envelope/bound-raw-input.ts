import { isPayloadField } from '../taxonomy/payload-fields';
import { capEnvelopeString, parseEnvelopeInput } from './project-envelope-input';

/** The most characters of JSON text an envelope's `rawInput` takes. */
export const RAW_INPUT_LIMIT = 1024;

/** The longest argument name a raw input keeps (longer ones are dropped). */
export const RAW_INPUT_MAX_KEY_LENGTH = 64;

/** How deep a raw input goes: values nested deeper are dropped. */
export const RAW_INPUT_MAX_DEPTH = 3;

/** The most fields of one object, or items of one array, a raw input looks at. */
const MAX_ENTRIES = 64;

/** A value of a raw input: JSON data with short single-line strings. */
export type RawInputValue = string | number | boolean | null | readonly RawInputValue[] | RawInput;

/** The bounded raw input of an envelope: a call's arguments for display when none projects. */
export interface RawInput {
  readonly [name: string]: RawInputValue;
}

const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * A call's input (a parsed object or its JSON text), bounded for display: fields the taxonomy marks
 * as payloads (`PAYLOAD_FIELDS`) dropped at any depth, and so are strings with a line break (file
 * contents), names longer than `RAW_INPUT_MAX_KEY_LENGTH`, reserved names and values nested deeper
 * than `RAW_INPUT_MAX_DEPTH`; strings capped at `ENVELOPE_STRING_LIMIT`; whole fields kept in order
 * while its JSON text stays within `RAW_INPUT_LIMIT` characters. `undefined` when nothing is left.
 * Never throws.
 */
export function boundRawInput(input: unknown): RawInput | undefined {
  const source = parseEnvelopeInput(input);
  if (source === undefined) return undefined;
  const kept = boundObject(source, 1, RAW_INPUT_LIMIT);
  return kept === undefined ? undefined : Object.freeze(kept);
}

// The object's fields that fit in `budget` characters of JSON (`{}` included).
function boundObject(
  source: Record<string, unknown>,
  depth: number,
  budget: number,
): Record<string, RawInputValue> | undefined {
  const kept: Record<string, RawInputValue> = {};
  let used = 2;
  let count = 0;
  let looked = 0;
  for (const key of Object.keys(source)) {
    if (++looked > MAX_ENTRIES) break;
    if (RESERVED.has(key) || key.length > RAW_INPUT_MAX_KEY_LENGTH || isPayloadField(key)) continue;
    const room = budget - used - (count > 0 ? 1 : 0) - JSON.stringify(key).length - 1;
    const value = boundValue(source[key], depth, room);
    if (value === undefined) continue;
    const size = JSON.stringify(key).length + 1 + JSON.stringify(value).length + (count > 0 ? 1 : 0);
    if (used + size > budget) continue;
    kept[key] = value;
    used += size;
    count += 1;
  }
  return count === 0 ? undefined : kept;
}

function boundValue(value: unknown, depth: number, budget: number): RawInputValue | undefined {
  if (budget <= 0) return undefined;
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string') return /[\n\r]/.test(value) ? undefined : capEnvelopeString(value);
  if (typeof value !== 'object' || depth >= RAW_INPUT_MAX_DEPTH) return undefined;
  if (Array.isArray(value)) return boundArray(value, depth + 1, budget);
  return boundObject(value as Record<string, unknown>, depth + 1, budget);
}

function boundArray(source: readonly unknown[], depth: number, budget: number): RawInputValue[] | undefined {
  const kept: RawInputValue[] = [];
  let used = 2;
  for (let index = 0; index < source.length && index < MAX_ENTRIES; index += 1) {
    const room = budget - used - (kept.length > 0 ? 1 : 0);
    const item = boundValue(source[index], depth, room);
    if (item === undefined) continue;
    const size = JSON.stringify(item).length + (kept.length > 0 ? 1 : 0);
    if (used + size > budget) break;
    kept.push(item);
    used += size;
  }
  return source.length > 0 && kept.length === 0 ? undefined : kept;
}
