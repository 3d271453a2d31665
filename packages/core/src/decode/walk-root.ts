import { describeClass, isPlainObject, NOT_PLAIN_MESSAGE } from './compile-model';
import type { CompiledModel } from './compiled-model';
import { INVALID, type DecodeContext } from './decode-context';

/**
 * The structural pass over the arguments of a compiled model: the instance, or `INVALID` with the
 * issues in the context. Instances left for class-validator are in `context.pending`.
 */
export function walkRoot(
  compiled: CompiledModel,
  value: unknown,
  context: DecodeContext,
): object | typeof INVALID {
  // R4 (docs/reliability.md): the arguments are one plain object.
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return context.report(undefined, undefined, 'a JSON object', value, undefined, rootHint(value));
  }
  if (!context.fromJson && !isPlainObject(value)) {
    return context.report(
      undefined,
      undefined,
      'a JSON object',
      value,
      describeClass(value),
      NOT_PLAIN_MESSAGE,
    );
  }
  context.depth = 1;
  return compiled.decodeFields(value as Record<string, unknown>, context, undefined);
}

function rootHint(value: unknown): string {
  if (typeof value === 'string' && /^\s*[{[]/.test(value)) {
    return 'the arguments are a JSON string holding JSON; send the object itself, not a string';
  }
  return 'the arguments must be a JSON object with the tool parameters as properties';
}
