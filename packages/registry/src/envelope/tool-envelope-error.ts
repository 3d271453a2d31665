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
}
