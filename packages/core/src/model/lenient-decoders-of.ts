import type { LenientDecoder, TypeNode } from './args-model';
import type { DefinitionProblem } from './definition-problem';

/**
 * The lenient decoders a property declares (`@Param({ lenient })`), each of which must read the
 * property's type or, for an array, its innermost items; `undefined` when there is none, or when one
 * does not fit (its problem is added to `problems`).
 */
export function lenientDecodersOf(
  where: string,
  declared: LenientDecoder | readonly LenientDecoder[],
  type: TypeNode,
  problems: DefinitionProblem[],
): readonly LenientDecoder[] | undefined {
  const list: readonly unknown[] = Array.isArray(declared) ? declared : [declared];
  let fits = true;
  for (const decoder of list) {
    if (!isLenientDecoder(decoder)) {
      problems.push({
        code: 'invalid_option',
        where,
        message: 'its lenient option is not a lenient decoder.',
        fix: 'pass a built-in one (commaSeparated(), numericString(), jsonString()) or an object with name, widens, supports() and read().',
      });
      fits = false;
    } else if (!reads(decoder, type)) {
      problems.push({
        code: 'invalid_option',
        where,
        message: `its lenient decoder ${decoder.name} reads ${decoder.widens}, not ${describeKind(type)}.`,
        fix: `remove ${decoder.name}, or declare a type it reads.`,
      });
      fits = false;
    }
  }
  return fits && list.length > 0 ? Object.freeze([...(list as LenientDecoder[])]) : undefined;
}

function isLenientDecoder(value: unknown): value is LenientDecoder {
  if (typeof value !== 'object' || value === null) return false;
  const decoder = value as Partial<Record<keyof LenientDecoder, unknown>>;
  return (
    typeof decoder.name === 'string' &&
    typeof decoder.widens === 'string' &&
    typeof decoder.supports === 'function' &&
    typeof decoder.read === 'function'
  );
}

// Whether a decoder reads the type or its innermost items; one whose supports() throws reads neither.
function reads(decoder: LenientDecoder, type: TypeNode): boolean {
  let items = type;
  while (items.kind === 'array') items = items.items;
  try {
    return decoder.supports(type) || decoder.supports(items);
  } catch {
    return false;
  }
}

function describeKind(type: TypeNode): string {
  switch (type.kind) {
    case 'array':
      return `an array of ${describeKind(type.items).replace(/^an? /, '')}s`;
    case 'number':
      return type.integer ? 'an integer' : 'a number';
    case 'object':
      return 'an object';
    case 'enum':
      return 'an enum';
    default:
      return `a ${type.kind}`;
  }
}
