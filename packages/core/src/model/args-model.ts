import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

// The model and its type nodes are one tree (a nested class's node holds its model), so they live
// in one file: split, the two files would import each other. A lenient decoder reads type nodes and
// a property holds its lenient decoders, so it lives here too.

/** A string value and its bounds. */
export interface StringNode {
  readonly kind: 'string';
  readonly minLength?: number;
  readonly maxLength?: number;
  /** A regular-expression source, as JSON Schema's `pattern` (unicode, unanchored). */
  readonly pattern?: string;
  readonly format?: string;
}

/** A number (or integer) value and its bounds. */
export interface NumberNode {
  readonly kind: 'number';
  readonly integer: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
}

/** A boolean value. */
export interface BooleanNode {
  readonly kind: 'boolean';
}

/** One of a fixed list of strings or numbers. */
export interface EnumNode {
  readonly kind: 'enum';
  readonly values: readonly (string | number)[];
}

/** An array of one item type. */
export interface ArrayNode {
  readonly kind: 'array';
  readonly items: TypeNode;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
}

/** A nested args class, inlined in schemas (through `$defs` only when recursive). */
export interface ObjectNode {
  readonly kind: 'object';
  readonly model: ArgsModel;
}

/** The normalized type of one argument: what the schema says and what the decoder checks. */
export type TypeNode = StringNode | NumberNode | BooleanNode | EnumNode | ArrayNode | ObjectNode;

/**
 * A class-validator check the compiled decoder runs by calling class-validator's own function
 * (formats such as `isEmail`), so both give the same verdict.
 */
export interface ValidatorCheck {
  /** class-validator's validator name (`isEmail`, `isUrl`, `isUuid`, …). */
  readonly name: string;
  readonly constraints: readonly unknown[];
  /** Applies to each innermost item of an array. */
  readonly each: boolean;
}

/** One argument of a tool, built from `@Param`, reflection and class-validator metadata. */
export interface PropertyModel {
  /** The property on the args instance. */
  readonly property: string;
  /** The name the model sees (the property name, or a method parameter's explicit name). */
  readonly name: string;
  readonly type: TypeNode;
  readonly optional: boolean;
  readonly nullable: boolean;
  readonly hasDefault: boolean;
  readonly default?: unknown;
  readonly description?: string;
  readonly title?: string;
  readonly examples?: readonly unknown[];
  readonly deprecated?: boolean;
  /** Format checks delegated to class-validator functions. */
  readonly checks: readonly ValidatorCheck[];
  /** class-validator metadata the compiled decoder does not cover (custom validators, …). */
  readonly residualValidators: readonly ValidationMetadata[];
  /** Alternative forms read before the declared check (`@Param({ lenient })`); absent for most properties. */
  readonly lenient?: readonly LenientDecoder[];
}

/** The built, frozen description of an args class: the single source for its schema and its decoder. */
export interface ArgsModel {
  /** The class instances are built on (a synthetic class for inline method parameters). */
  readonly target: Function;
  /** The class name, for messages. */
  readonly name: string;
  readonly properties: readonly PropertyModel[];
  readonly byName: ReadonlyMap<string, PropertyModel>;
  /** Some property needs class-validator after the compiled decoder (custom validators). */
  readonly needsClassValidator: boolean;
  /** The class uses class-transformer decorators (`@Transform`, `@Expose`, …) the decoder must honour. */
  readonly usesClassTransformer: boolean;
}

/**
 * What a `LenientDecoder` made of a value: `{ value }`, the canonical value the declared check then
 * judges; `{ refused }`, a reason the model reads (the value looked like the alternative form but is
 * not a valid one); `undefined`, not the alternative form (the declared check reports the value as sent).
 */
export type LenientReading = { readonly value: unknown } | { readonly refused: string } | undefined;

/**
 * A narrow alternative form one `@Param` accepts besides the canonical one, declared with
 * `@Param({ lenient })` (docs/tools-and-params.md). It runs before the declared check and only on a
 * value of another JSON type than the one the schema asks for, so a canonical value decodes exactly
 * as without it; what it reads must then pass the declared check, so it never widens the constraints.
 * The schema still describes the canonical form only.
 */
export interface LenientDecoder {
  /** Names it in definition problems: `commaSeparated`. */
  readonly name: string;
  /** The declared types it reads, in words: `an array of strings, numbers, booleans or enum values`. */
  readonly widens: string;
  /** Whether it reads values for a property (or, for an array, its innermost items) of this type. */
  supports(type: TypeNode): boolean;
  /** The canonical form of a value sent in the alternative form (plain JSON data only). */
  read(value: unknown, type: TypeNode): LenientReading;
}
