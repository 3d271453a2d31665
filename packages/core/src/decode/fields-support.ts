import { plainToInstance } from 'class-transformer';
import { AuthorCodeError } from './author-code-error';
import { closestName } from './closest-name';
import type { CompiledModel, CompiledProperty } from './compiled-model';
import type { DecodeContext } from './decode-context';
import type { PathNode } from './json-path';
import { RESERVED_KEYS } from './reserved-keys';

// The helpers shared by the generated and the closure fields decoders (one behaviour, two speeds).

const RESERVED_MESSAGE = 'the names __proto__, constructor and prototype are never accepted';
const isEnumerable = Object.prototype.propertyIsEnumerable;

/** A new instance of the model's class (field initializers run), or a plain object for class-transformer. */
export function constructTarget(compiled: CompiledModel): Record<string, unknown> {
  if (compiled.viaTransformer) return {};
  try {
    return new compiled.construct() as Record<string, unknown>;
  } catch (error) {
    throw new AuthorCodeError(error);
  }
}

/** Reports a key the model does not declare: reserved (R3) or unknown (R5, with a closest-name hint). */
export function refuseKey(
  compiled: CompiledModel,
  key: string,
  context: DecodeContext,
  here: PathNode | undefined,
): void {
  // Past the kept issues only the count matters: no message closure for 100,000 unknown keys.
  if (!context.keepsIssues) {
    context.countIssue();
  } else if (RESERVED_KEYS.has(key)) {
    context.report(
      here,
      key,
      compiled.allowed,
      undefined,
      `the reserved name ${JSON.stringify(key)}`,
      RESERVED_MESSAGE,
    );
  } else {
    context.report(here, key, compiled.allowed, undefined, 'an unknown property', () =>
      unknownHint(key, compiled.names),
    );
  }
}

function unknownHint(key: string, names: readonly string[]): string {
  const closest = closestName(key, names);
  return closest === undefined ? 'remove it' : `did you mean ${JSON.stringify(closest)}?`;
}

/**
 * Reports what a host-given object hides from `for-in`: symbol keys, and reserved names defined
 * non-enumerable (`Object.defineProperty(o, '__proto__', …)`). Other non-enumerable properties are
 * ignored, as JSON.stringify ignores them. Returns whether anything was reported.
 */
export function refuseHiddenKeys(
  compiled: CompiledModel,
  record: Record<string, unknown>,
  context: DecodeContext,
  here: PathNode | undefined,
): boolean {
  let refused = false;
  if (Object.getOwnPropertySymbols(record).length > 0) {
    context.report(
      here,
      undefined,
      compiled.allowed,
      undefined,
      'a symbol-keyed property',
      'only plain JSON data is accepted',
    );
    refused = true;
  }
  for (const key of RESERVED_KEYS) {
    if (Object.hasOwn(record, key) && !isEnumerable.call(record, key)) {
      refuseKey(compiled, key, context, here);
      refused = true;
    }
  }
  return refused;
}

/** Applies defaults to absent properties and reports missing required ones; false when one is missing. */
export function fillAbsent(
  compiled: CompiledModel,
  record: Record<string, unknown>,
  target: Record<string, unknown>,
  context: DecodeContext,
  here: PathNode | undefined,
): boolean {
  let ok = true;
  for (const property of compiled.properties) {
    if (RESERVED_KEYS.has(property.slot)) continue;
    // Present means what for-in saw: an own enumerable property.
    const value = isEnumerable.call(record, property.name) ? record[property.name] : undefined;
    if (!fillIfAbsent(property, value, target, context, here)) ok = false;
  }
  return ok;
}

/**
 * `fillAbsent` for one property whose value (`undefined` when absent) is `value`: its default, or
 * the issue of a missing required property (false).
 */
export function fillIfAbsent(
  property: CompiledProperty,
  value: unknown,
  target: Record<string, unknown>,
  context: DecodeContext,
  here: PathNode | undefined,
): boolean {
  // R6 (docs/reliability.md): null for an optional, non-nullable property means absent.
  const absent = value === undefined || (value === null && property.optional && !property.nullable);
  if (!absent) return true;
  if (property.makeDefault !== undefined) {
    target[property.slot] = property.makeDefault();
  } else if (!property.optional) {
    context.report(
      here,
      property.name,
      property.expected,
      undefined,
      'nothing',
      'required property is missing',
    );
    return false;
  }
  return true;
}

/**
 * Turns a fully decoded target into the result: through class-transformer when the class uses its
 * decorators, and queued for class-validator when the model has residual validators.
 */
export function completeInstance(
  compiled: CompiledModel,
  target: Record<string, unknown>,
  context: DecodeContext,
  here: PathNode | undefined,
): object {
  let instance: object = target;
  if (compiled.viaTransformer) {
    try {
      instance = plainToInstance(compiled.construct, target) as object;
    } catch (error) {
      throw new AuthorCodeError(error);
    }
  }
  if (compiled.needsValidation)
    (context.pending ??= []).push({ instance, model: compiled.model, path: here });
  return instance;
}
