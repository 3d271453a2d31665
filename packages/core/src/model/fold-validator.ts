import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import type { EnumSource } from '../metadata/param-options';
import { enumValues } from './enum-values';
import type { ParamOptionsDraft } from './param-options-draft';

/**
 * Folds one class-validator decorator into the options. Returns what the decoder must do about it:
 * nothing more (`covered`), enforce integer-ness, call class-validator's function (`check`), or run
 * class-validator itself (`residual`).
 */
export function foldValidator(
  validator: ValidationMetadata,
  options: ParamOptionsDraft,
): 'covered' | 'integer' | 'check' | 'residual' {
  const c = validator.constraints ?? [];
  switch (validator.type) {
    case 'conditionalValidation':
      if (validator.name === 'isOptional') {
        options.optional = true;
        options.nullable = options.nullable ?? false;
        return 'covered';
      }
      return 'residual';
    case 'nestedValidation':
    case 'whitelistValidation':
    case 'isDefined':
      return 'covered';
    case 'customValidation':
      break;
    default:
      return 'residual';
  }
  switch (validator.name) {
    case 'isInt':
      return 'integer';
    case 'isString':
    case 'isNumber':
    case 'isBoolean':
    case 'isArray':
    case 'isDefined':
      return 'covered';
    case 'min':
      options.minimum = maxOf(options.minimum, c[0] as number);
      return 'covered';
    case 'max':
      options.maximum = minOf(options.maximum, c[0] as number);
      return 'covered';
    case 'isPositive':
      options.exclusiveMinimum = maxOf(options.exclusiveMinimum, 0);
      return 'covered';
    case 'isNegative':
      options.exclusiveMaximum = minOf(options.exclusiveMaximum, 0);
      return 'covered';
    case 'isLength':
      options.minLength = maxOf(options.minLength, c[0] as number);
      if (typeof c[1] === 'number') options.maxLength = minOf(options.maxLength, c[1]);
      return 'covered';
    case 'minLength':
      options.minLength = maxOf(options.minLength, c[0] as number);
      return 'covered';
    case 'maxLength':
      options.maxLength = minOf(options.maxLength, c[0] as number);
      return 'covered';
    case 'isNotEmpty':
      return 'residual';
    case 'matches': {
      const pattern = c[0];
      const modifiers = c[1];
      if (options.pattern !== undefined || (typeof modifiers === 'string' && modifiers.length > 0))
        return 'residual';
      if (pattern instanceof RegExp && pattern.flags.replace(/[gu]/g, '') !== '') return 'residual';
      options.pattern = pattern instanceof RegExp ? pattern.source : String(pattern);
      return 'covered';
    }
    case 'isEmail':
      options.format = options.format ?? 'email';
      return 'check';
    case 'isUrl':
      options.format = options.format ?? 'uri';
      return 'check';
    case 'isUuid':
      options.format = options.format ?? 'uuid';
      return 'check';
    case 'isIso8601':
    case 'isDateString':
      options.format = options.format ?? 'date-time';
      return 'check';
    case 'isIn':
      options.allowedValues = intersect(options.allowedValues, c[0] as readonly (string | number)[]);
      if (options.enum === undefined) options.enum = c[0] as readonly (string | number)[];
      return 'covered';
    case 'isEnum':
      options.allowedValues = intersect(options.allowedValues, enumValues(c[0] as EnumSource));
      if (options.enum === undefined) options.enum = c[0] as EnumSource;
      return 'covered';
    case 'arrayMinSize':
      options.minItems = maxOf(options.minItems, c[0] as number);
      return 'covered';
    case 'arrayMaxSize':
      options.maxItems = minOf(options.maxItems, c[0] as number);
      return 'covered';
    case 'arrayUnique':
      if (c.length > 0 && c[0] !== undefined) return 'residual';
      options.uniqueItems = true;
      return 'covered';
    default:
      return 'residual';
  }
}

function maxOf(a: number | undefined, b: number): number {
  return a === undefined ? b : Math.max(a, b);
}

function minOf(a: number | undefined, b: number): number {
  return a === undefined ? b : Math.min(a, b);
}

function intersect(
  current: readonly (string | number)[] | undefined,
  next: readonly (string | number)[],
): readonly (string | number)[] {
  return current === undefined ? next : current.filter((v) => next.includes(v));
}
