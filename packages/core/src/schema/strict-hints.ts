import { jsonText } from './json-text';

// Strict targets drop keywords the provider refuses; what a dropped keyword said still matters to the
// model, so it moves into the description as a short hint, e.g. "Path (at least 1 character)".

/** The hint for string length bounds a strict schema cannot state, or `undefined` when there are none. */
export function lengthHint(minLength: number | undefined, maxLength: number | undefined): string | undefined {
  if (minLength !== undefined && maxLength !== undefined) {
    return minLength === maxLength
      ? `exactly ${characters(minLength)}`
      : `${minLength} to ${characters(maxLength)}`;
  }
  if (minLength !== undefined) return `at least ${characters(minLength)}`;
  if (maxLength !== undefined) return `at most ${characters(maxLength)}`;
  return undefined;
}

/** A value as the model would write it, for hints such as "default: 10". */
export function valueHint(value: unknown): string {
  return jsonText(value) ?? String(value);
}

/** The description followed by its hints in parentheses; `undefined` when both are empty. */
export function withHints(description: string | undefined, hints: readonly string[]): string | undefined {
  const text = description?.trim();
  if (hints.length === 0) return text || undefined;
  const suffix = `(${hints.join('; ')})`;
  return text ? `${text} ${suffix}` : suffix;
}

function characters(count: number): string {
  return count === 1 ? '1 character' : `${count} characters`;
}
