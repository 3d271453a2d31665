import { scrubText } from '@toolwright/core/internal';

/** The longest opt-in attribute text kept by default, in characters. */
export const DEFAULT_MAX_ATTRIBUTE_LENGTH = 8192;

/**
 * A value as attribute text: strings as they are, anything else as JSON, with every host value
 * (`hostValues`: the call's bag, the registry's secrets) replaced, cut to `maxLength` with a
 * marker. Never throws: a value JSON cannot write is described, not recorded.
 */
export function attributeText(value: unknown, hostValues: readonly string[], maxLength: number): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = '[unserializable]';
    }
  }
  // Scrubbed before it is cut: a secret split by the cut would survive in part.
  const scrubbed = hostValues.length === 0 ? text : scrubText(text, hostValues);
  return scrubbed.length > maxLength ? `${scrubbed.slice(0, maxLength)}…[truncated]` : scrubbed;
}

/** The host values of a call context, or none when reading them fails. */
export function safeHostValues(read: () => readonly string[]): readonly string[] {
  try {
    const values = read();
    return Array.isArray(values) ? values : [];
  } catch {
    return [];
  }
}
