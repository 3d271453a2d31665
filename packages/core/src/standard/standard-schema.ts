// The shapes of Standard Schema v1 and Standard JSON Schema v1 (standardschema.dev), written out
// here so that core needs no package for them: any library typed against the specs accepts them.
import type { ArgsDecoderOptions } from '../decode/create-args-decoder';
import type { SchemaTarget } from '../schema/json-schema';
import type { JsonSchemaDialect } from '../schema/json-schema-dialect';

/** One problem Standard Schema reports: the message, and where, as keys from the root. */
export interface StandardSchemaIssue {
  readonly message: string;
  readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[];
}

/** What a Standard Schema `validate` returns: the value, or the issues. */
export type StandardSchemaResult<T> =
  { readonly value: T; readonly issues?: undefined } | { readonly issues: readonly StandardSchemaIssue[] };

/** The options Standard JSON Schema passes to `input` and `output`. */
export interface StandardJsonSchemaOptions {
  /** `draft-2020-12`, `draft-07` or `openapi-3.0`; any other target throws, as the spec asks. */
  readonly target: JsonSchemaDialect | (string & {});
  readonly libraryOptions?: Readonly<Record<string, unknown>>;
}

/** The `~standard` property of `standardSchemaOf`: Standard Schema v1 and Standard JSON Schema v1 at once. */
export interface StandardSchemaProps<T> {
  readonly version: 1;
  readonly vendor: 'toolwright';
  /**
   * Runs toolwright's decoder on a parsed value: the args instance, or the decoder's issues. Synchronous
   * unless the args class has async class-validator validators (then a promise, which the spec allows).
   */
  readonly validate: (
    value: unknown,
    options?: { readonly libraryOptions?: Readonly<Record<string, unknown>> },
  ) => StandardSchemaResult<T> | Promise<StandardSchemaResult<T>>;
  readonly jsonSchema: {
    /** The args' JSON Schema in the target's dialect; a new, mutable object each call. */
    readonly input: (options: StandardJsonSchemaOptions) => Record<string, unknown>;
    /** The same as `input`: an args instance serializes to what the schema describes. */
    readonly output: (options: StandardJsonSchemaOptions) => Record<string, unknown>;
  };
  readonly types?: { readonly input: unknown; readonly output: T };
}

/** An args class as Standard Schema v1 and Standard JSON Schema v1 (`standardSchemaOf`). */
export interface ToolwrightStandardSchema<T> {
  readonly '~standard': StandardSchemaProps<T>;
}

/** Options of `standardSchemaOf`: the decoder's (tool named in issue texts, limits) and the schema variant. */
export interface StandardSchemaOptions extends ArgsDecoderOptions {
  /**
   * The schema written for every target: `default`, or `openai-strict` (every property required,
   * optional ones nullable: the form OpenAI's strict mode accepts; the decoder reads null as absent).
   */
  readonly variant?: SchemaTarget;
}
