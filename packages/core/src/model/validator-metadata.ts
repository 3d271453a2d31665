import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { existingValidatorStorage } from '../internal/class-validator';

/** class-validator's metadata of an args class, by property; `undefined` when it has none. */
export function validatorsOf(target: Function): Map<string, ValidationMetadata[]> | undefined {
  const storage = existingValidatorStorage();
  // Without any validator declared anywhere there is nothing to look up (nor to load).
  if (storage === undefined || storage.hasValidationMetaData === false) return undefined;
  const validators = storage.getTargetValidationMetadatas(target, '', true, false);
  return validators.length === 0 ? undefined : groupBy(validators, (v) => v.propertyName);
}

/**
 * class-validator lists metadata in decorator application order. Folding is commutative except where
 * JSON Schema holds one value (the first `@Matches` becomes the pattern, the first `@IsEmail`/`@IsUrl`
 * the format, the first `@IsIn` the enum order), so validators are folded in a canonical order and
 * decorator order never changes the model.
 */
export function canonicalOrder(validators: readonly ValidationMetadata[]): readonly ValidationMetadata[] {
  if (validators.length < 2) return validators;
  const keyed = validators.map((validator) => ({ validator, key: validatorKey(validator) }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map((k) => k.validator);
}

function validatorKey(v: ValidationMetadata): string {
  return `${v.name ?? ''}\u0000${v.type}\u0000${v.each === true ? 1 : 0}\u0000${constraintsKey(v.constraints)}`;
}

function constraintsKey(constraints: readonly unknown[] | undefined): string {
  try {
    return JSON.stringify(constraints ?? [], (_key, value: unknown) =>
      value instanceof RegExp
        ? `/${value.source}/${value.flags}`
        : typeof value === 'function'
          ? String(value)
          : value,
    );
  } catch {
    return '';
  }
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group === undefined) groups.set(k, [item]);
    else group.push(item);
  }
  return groups;
}
