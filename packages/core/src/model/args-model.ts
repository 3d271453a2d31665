import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import type { TypeNode } from './type-node';

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
