import { closureFieldsDecoder } from './closure-fields-decoder';
import type { DecoderImplementation } from './compiled-model';
import { generateFieldsDecoder } from './generate-fields-decoder';
import { closureScannedKeys, generateScannedKeys } from './scanned-keys';

/** The reference implementation: closures shared by every model, allowed on every runtime. */
export const CLOSURE_DECODERS: DecoderImplementation = Object.freeze<DecoderImplementation>({
  name: 'closures',
  generated: false,
  fieldsDecoder: (compiled) => closureFieldsDecoder(compiled),
  scannedKeys: (names) => closureScannedKeys(names),
});

/** Code generated per model with `new Function`: faster once a model is hot, where the runtime allows it. */
export const GENERATED_DECODERS: DecoderImplementation = Object.freeze<DecoderImplementation>({
  name: 'generated',
  generated: true,
  fieldsDecoder: (compiled) => generateFieldsDecoder(compiled),
  scannedKeys: (names) => generateScannedKeys(names),
});

/** Every implementation, the reference first: the list the contract suite runs. */
export const DECODER_IMPLEMENTATIONS: readonly DecoderImplementation[] = Object.freeze([
  CLOSURE_DECODERS,
  GENERATED_DECODERS,
]);
