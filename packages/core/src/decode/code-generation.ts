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

/**
 * Decodes of one tool's arguments before its args classes get generated code. Until then (and for
 * every tool past its set's budget, see `DecodeAccelerator`) closures decode: generating and compiling a class's code
 * costs some 150 µs, and it pays only on a tool called thousands of times. The closures are the
 * faster of the two as soon as calls spread over more than a few classes: a thousand classes of
 * generated code make every call several times slower than the shared closures (measured:
 * ~6 µs against ~2 µs per call, round robin over 1,000 tools; 0.66 µs against 0.80 µs on one).
 */
export const DECODES_BEFORE_GENERATING = 1000;
