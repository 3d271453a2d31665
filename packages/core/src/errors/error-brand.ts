/**
 * Gives an error class toolwright's identity, the same way for every error any package throws:
 * its `name` on the prototype (`String(error)` and stack traces read `FinalizeError: …`, and a
 * subclass names itself by branding in turn) and a `Symbol.for('toolwright.<name>')` brand that
 * `hasErrorBrand` checks. `Symbol.for`, not `Symbol`: two installed copies of a package share the
 * symbol, so `FinalizeError.is(error)` holds where `instanceof` (one copy's class) does not.
 * Returns the brand.
 */
export function brandErrorClass(errorClass: abstract new (...args: never[]) => Error, name: string): symbol {
  const brand = Symbol.for(`toolwright.${name}`);
  Object.defineProperty(errorClass.prototype, 'name', { value: name, writable: true, configurable: true });
  Object.defineProperty(errorClass.prototype, brand, { value: true });
  return brand;
}

/** Whether `value` carries `brand` (what each error class's static `is()` answers). Never throws. */
export function hasErrorBrand(value: unknown, brand: symbol): boolean {
  try {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[brand] === true;
  } catch {
    // A Proxy's `get` may throw.
    return false;
  }
}
