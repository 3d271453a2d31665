// Symbol.for, not Symbol: two installed copies must recognise each other's errors.
const BRAND = Symbol.for('toolwright.ToolEnvelopeError');

/** Thrown by `decodeToolEnvelope` when a value is not an envelope this code may accept (e.g. an unknown namespace). */
export class ToolEnvelopeError extends Error {
  override readonly name = 'ToolEnvelopeError';

  constructor(
    message: string,
    /** The envelope field at fault: `namespace`, `name`, … (`''` for the value as a whole). */
    readonly field: string,
  ) {
    super(message);
  }

  /** Whether `value` is a `ToolEnvelopeError` from any installed copy of @toolwright/registry (`instanceof` sees one copy only). */
  static is(value: unknown): value is ToolEnvelopeError {
    try {
      return (
        typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true
      );
    } catch {
      // A Proxy's `get` may throw.
      return false;
    }
  }
}

Object.defineProperty(ToolEnvelopeError.prototype, BRAND, { value: true });
