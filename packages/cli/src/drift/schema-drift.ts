/** What kind of drift there is between an args class's decorator schema and its TypeScript type. */
export type SchemaDriftCode =
  /** Optional on one side, required on the other (`offset?: number` without `optional: true`). */
  | 'required_mismatch'
  /** Different types (`count: number` with a `String` type thunk). */
  | 'type_mismatch'
  /** The TypeScript type is a union of types, which a decorator schema cannot express. */
  | 'union_type'
  /** Different allowed values (`'a' | 'b'` in TypeScript, any string in the schema, or the reverse). */
  | 'enum_mismatch'
  /** `null` allowed on one side only. */
  | 'nullable_mismatch'
  /** A TypeScript property without `@Param`: the model never sends it. */
  | 'undeclared_property'
  /** A schema property the TypeScript class does not declare. */
  | 'unknown_property'
  /** A bound (JSDoc `@minimum 1` in TypeScript, `minimum` in @Param) on one side only, or different. */
  | 'bounds_mismatch';

/** A property the comparison could not follow, and why (reported as "not checked", never as agreeing). */
export interface UncheckedProperty {
  readonly argsClass: string;
  readonly property: string;
  readonly reason: string;
}

/** One difference between what the decorators tell the model and what the TypeScript types tell the code. */
export interface SchemaDrift {
  readonly code: SchemaDriftCode;
  /** The args class, e.g. `ReadFileArgs`. */
  readonly argsClass: string;
  /** The property path inside it: `offset`, `edits[].old_string`. */
  readonly property: string;
  /** What differs, in words. */
  readonly message: string;
  /** How to fix it. */
  readonly fix: string;
}
