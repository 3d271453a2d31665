/** Limits applied to untrusted arguments before and while they are decoded (R1 and R3 in docs/reliability.md). */
export interface DecodeLimits {
  /** Largest accepted raw JSON text, in UTF-8 bytes. Default 1 MiB. */
  readonly maxBytes: number;
  /** Deepest accepted nesting of objects and arrays (the top-level object is depth 1). Default 64. */
  readonly maxDepth: number;
  /** Most values (object properties and array items) visited in one decode. Default 100,000. */
  readonly maxNodes: number;
}

/** The default decoding limits. */
export const DEFAULT_DECODE_LIMITS: DecodeLimits = Object.freeze({
  maxBytes: 1024 * 1024,
  maxDepth: 64,
  maxNodes: 100_000,
});

/** Completes partial limits with the defaults, rejecting values that would disable a limit by mistake. */
export function resolveDecodeLimits(limits: Partial<DecodeLimits> | undefined): DecodeLimits {
  if (limits === undefined) return DEFAULT_DECODE_LIMITS;
  const { maxBytes, maxDepth, maxNodes } = limits;
  // Callers that set no limit share the defaults.
  if (maxBytes === undefined && maxDepth === undefined && maxNodes === undefined)
    return DEFAULT_DECODE_LIMITS;
  const resolved: DecodeLimits = {
    maxBytes: checkedLimit('maxBytes', maxBytes ?? DEFAULT_DECODE_LIMITS.maxBytes),
    maxDepth: checkedLimit('maxDepth', maxDepth ?? DEFAULT_DECODE_LIMITS.maxDepth),
    maxNodes: checkedLimit('maxNodes', maxNodes ?? DEFAULT_DECODE_LIMITS.maxNodes),
  };
  return Object.freeze(resolved);
}

function checkedLimit(name: keyof DecodeLimits, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`decode limit ${name} must be a positive integer, got ${String(value)}`);
  }
  return value;
}
