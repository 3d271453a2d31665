import type { ArgsModel } from '../model/args-model';
import type { DecodeContext, INVALID, ValueDecoder } from './decode-context';
import type { PathNode } from './json-path';

/** Decodes the properties of one object into a new instance (or `INVALID`, issues in the context). */
export type FieldsDecoder = (
  record: Record<string, unknown>,
  context: DecodeContext,
  here: PathNode | undefined,
) => object | typeof INVALID;

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
  /** The closures' decoder, or the generated one once the model is hot (`generateModelCode`). */
  decodeFields: FieldsDecoder;
  decodeNested: ValueDecoder;
  /** `decodeFields` and the model's scanner use generated code. */
  generated: boolean;
}
