let allowed: boolean | undefined;

/**
 * Whether this runtime lets toolwright compile code with `new Function` (some edge runtimes and
 * CSP settings forbid it); checked once. Decoders fall back to closures when it does not.
 */
export function codeGenerationAllowed(): boolean {
  if (allowed === undefined) {
    try {
      allowed = (new Function('return true') as () => boolean)() === true;
    } catch {
      allowed = false;
    }
  }
  return allowed;
}
