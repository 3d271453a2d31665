import type { ArgsModel } from '../model/args-model';
import type { DecodeContext, INVALID, ValueDecoder } from './decode-context';
import type { PathNode } from './json-path';
import type { ScannedKeys } from './scanned-keys';

/** Decodes the properties of one object into a new instance (or `INVALID`, issues in the context). */
export type FieldsDecoder = (
  record: Record<string, unknown>,
  context: DecodeContext,
  here: PathNode | undefined,
) => object | typeof INVALID;

/**
 * One implementation of the decoding accelerator's parts: how a compiled model's fields are
 * decoded and how its scanner recognises its names. Every implementation gives the same outcome
 * on every input as the reference, the closures (`CLOSURE_DECODERS`); they differ in speed only.
 * The contract suite (test/decode/decoder-implementation.contract.test.ts) runs every one listed
 * in `DECODER_IMPLEMENTATIONS` against it.
 */
export interface DecoderImplementation {
  readonly name: string;
  /** Whether it generates code (`new Function`), which some runtimes forbid. */
  readonly generated: boolean;
  readonly fieldsDecoder: (compiled: CompiledModel) => FieldsDecoder;
  readonly scannedKeys: (names: readonly string[]) => ScannedKeys;
}

/** One property of a compiled model. */
export interface CompiledProperty {
  /** The JSON name the model sends. */
  readonly name: string;
  /** Where the decoded value goes: the instance property, or the JSON name for class-transformer. */
  readonly slot: string;
  readonly optional: boolean;
  readonly nullable: boolean;
  /** What the property accepts, in words. */
  readonly expected: string;
  readonly decode: ValueDecoder;
  readonly makeDefault: (() => unknown) | undefined;
}

/** An args model compiled for decoding. */
export interface CompiledModel {
  readonly model: ArgsModel;
  readonly properties: readonly CompiledProperty[];
  /** Properties by JSON name, without reserved names (which are always refused). */
  readonly byName: ReadonlyMap<string, CompiledProperty>;
  readonly names: readonly string[];
  /** The "expected" text of an unknown-property issue. */
  readonly allowed: string;
  /** What an object of this model must be, in words. */
  readonly expected: string;
  /** Build a plain object and hand it to class-transformer (the class uses its decorators). */
  readonly viaTransformer: boolean;
  readonly needsValidation: boolean;
  readonly construct: new () => object;
  /** The decoder of `implementation`: the closures', or the generated one once the model is hot. */
  decodeFields: FieldsDecoder;
  decodeNested: ValueDecoder;
  /** What `decodeFields` and the model's scanner are made with (`generateModelCode` changes it). */
  implementation: DecoderImplementation;
}
