import { classValidator } from '../internal/class-validator';
import type { ValidatorCheck } from '../model/args-model';

/** A check on a decoded string, returning whether it passes. */
export type StringCheck = (value: string) => boolean;

type Validator = (value: unknown, ...constraints: unknown[]) => boolean;

// class-validator's validator names (`ValidationMetadata.name`) and the functions behind them, so a
// check here gives the same verdict as the decorator.
// class-validator loads when the first check is compiled, not with this module.
const BY_VALIDATOR_NAME: Readonly<Record<string, () => Validator>> = {
  isEmail: () => classValidator().isEmail as Validator,
  isUrl: () => classValidator().isURL as Validator,
  isUuid: () => classValidator().isUUID as Validator,
  isIso8601: () => classValidator().isISO8601 as Validator,
  isDateString: () => classValidator().isDateString as Validator,
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

// A `format` given in `@Param` without a class-validator decorator. Formats not listed are
// annotations only, as JSON Schema 2020-12 makes them by default.
const BY_FORMAT: Readonly<Record<string, () => StringCheck>> = {
  email: () => {
    const { isEmail } = classValidator();
    return (value) => isEmail(value);
  },
  uri: () => urlCheck(),
  url: () => urlCheck(),
  uuid: () => {
    const { isUUID } = classValidator();
    return (value) => isUUID(value);
  },
  'date-time': () => {
    const { isRFC3339 } = classValidator();
    return (value) => isRFC3339(value);
  },
  date: () => {
    const { isISO8601 } = classValidator();
    return (value) => DATE.test(value) && isISO8601(value, { strict: true });
  },
};

function urlCheck(): StringCheck {
  const { isURL } = classValidator();
  return (value) => isURL(value, { require_protocol: true, require_tld: false });
}

/**
 * The checks a string value must pass beyond type, length and pattern: the property's
 * class-validator format checks when it has any, else the check for its `@Param` format.
 * `undefined` when there is nothing to check.
 */
export function compileStringCheck(
  checks: readonly ValidatorCheck[],
  format: string | undefined,
): StringCheck | undefined {
  if (checks.length > 0) {
    const compiled = checks.map(compileValidatorCheck);
    if (compiled.length === 1) return compiled[0];
    return (value) => compiled.every((check) => check(value));
  }
  return format !== undefined && Object.hasOwn(BY_FORMAT, format) ? BY_FORMAT[format]!() : undefined;
}

function compileValidatorCheck(check: ValidatorCheck): StringCheck {
  const known = Object.hasOwn(BY_VALIDATOR_NAME, check.name) ? BY_VALIDATOR_NAME[check.name] : undefined;
  const validator = known?.() ?? findExport(check.name);
  if (validator === undefined) {
    throw new TypeError(
      `toolwright cannot run the class-validator check '${check.name}'; it has no function of that name.`,
    );
  }
  const constraints = [...check.constraints];
  // Trailing undefined constraints (an omitted options argument) are dropped so defaults apply.
  while (constraints.length > 0 && constraints[constraints.length - 1] === undefined) constraints.pop();
  return (value) => validator(value, ...constraints);
}

function findExport(name: string): Validator | undefined {
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(classValidator())) {
    if (key.toLowerCase() === lower && key[0] === key[0]?.toLowerCase() && typeof value === 'function')
      return value as Validator;
  }
  return undefined;
}
