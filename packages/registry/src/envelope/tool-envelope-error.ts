import { brandErrorClass, hasErrorBrand } from '@toolwright/core/internal';

/** Thrown by `decodeToolEnvelope` when a value is not an envelope this code may accept (e.g. an unknown namespace). */
export class ToolEnvelopeError extends Error {
  constructor(
    message: string,
    /** The envelope field at fault: `namespace`, `name`, … (`''` for the value as a whole). */
    readonly field: string,
  ) {
    super(message);
  }

  /** Whether `value` is a `ToolEnvelopeError` from any installed copy of @toolwright/registry (`instanceof` sees one copy only). */
  static is(value: unknown): value is ToolEnvelopeError {
    return hasErrorBrand(value, BRAND);
  }
}

const BRAND = brandErrorClass(ToolEnvelopeError, 'ToolEnvelopeError');
