import type { CompleteFunction, Completer, CompletionContext } from '../metadata/catalog-options';
import type { CompletionResult } from './catalog-entries';

/** MCP caps a completion answer at 100 values. */
export const MAX_COMPLETION_VALUES = 100;

/**
 * Completes `value` with one completer: a list is filtered by prefix (case-insensitive, in list
 * order); a function's values are taken as given. Either way the answer keeps at most 100 values,
 * drops anything that is not a string, and says how many there were (`total`, `hasMore`).
 */
export async function completeValues(
  completer: Completer,
  value: string,
  context: CompletionContext,
): Promise<CompletionResult> {
  if (Array.isArray(completer)) {
    const prefix = value.toLowerCase();
    return capped(
      (completer as readonly string[]).filter((candidate) => candidate.toLowerCase().startsWith(prefix)),
      undefined,
      undefined,
    );
  }
  const output = await (completer as CompleteFunction)(value, context);
  if (Array.isArray(output)) return capped(output as readonly unknown[], undefined, undefined);
  const record = (typeof output === 'object' && output !== null ? output : {}) as {
    values?: unknown;
    total?: unknown;
    hasMore?: unknown;
  };
  return capped(
    Array.isArray(record.values) ? record.values : [],
    typeof record.total === 'number' && Number.isSafeInteger(record.total) && record.total >= 0
      ? record.total
      : undefined,
    typeof record.hasMore === 'boolean' ? record.hasMore : undefined,
  );
}

function capped(
  values: readonly unknown[],
  total: number | undefined,
  hasMore: boolean | undefined,
): CompletionResult {
  const strings = values.filter((item): item is string => typeof item === 'string');
  const kept = Object.freeze(strings.slice(0, MAX_COMPLETION_VALUES));
  const count = Math.max(total ?? strings.length, kept.length);
  return Object.freeze({
    values: kept,
    total: count,
    hasMore: hasMore ?? count > kept.length,
  });
}
