import type * as ClassValidatorModule from 'class-validator';

/** class-validator's metadata storage (the one global every copy of it shares). */
export type ValidatorStorage = ReturnType<typeof ClassValidatorModule.getMetadataStorage>;

let loaded: typeof ClassValidatorModule | undefined;

/**
 * class-validator, loaded on first use. Most registries never need it — a format check or a
 * class-validator decorator does — and it is about 3 MB of heap (validator.js and libphonenumber
 * with it) that a process serving tools would otherwise carry and every full GC would scan.
 */
export function classValidator(): typeof ClassValidatorModule {
  // A deferred require on purpose: an `import` would load the module with this one.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (loaded ??= require('class-validator') as typeof ClassValidatorModule);
}

/**
 * class-validator's storage when some copy of class-validator has made it — any of its decorators
 * does, on the first class it decorates — and `undefined` before that: then no class declares a
 * validator, and nothing needs loading to know it.
 */
export function existingValidatorStorage(): ValidatorStorage | undefined {
  return (globalThis as { classValidatorMetadataStorage?: ValidatorStorage }).classValidatorMetadataStorage;
}
