import { schemaInDialect, type JsonSchemaDialect, type StandardJsonSchemaOptions } from '@toolwright/core';

/** The input schema handed to the AI SDK: Standard Schema v1 plus Standard JSON Schema v1. */
export interface AiSdkInputSchema {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: 'toolwright';
    readonly validate: (value: unknown) => { readonly value: unknown };
    readonly jsonSchema: {
      readonly input: (options: StandardJsonSchemaOptions) => Record<string, unknown>;
      readonly output: (options: StandardJsonSchemaOptions) => Record<string, unknown>;
    };
  };
}

/**
 * A tool's JSON Schema as the AI SDK reads it (`jsonSchema.input({ target: 'draft-07' })`, a fresh
 * copy each time: the AI SDK writes into it). Its `validate` lets every value through on purpose:
 * the AI SDK words a failed validation its own way, so toolwright's decoder decides in `execute`,
 * and the model reads toolwright's "Invalid arguments for …" text as the tool's error.
 */
export function inputSchemaOf(schema: Readonly<Record<string, unknown>>): AiSdkInputSchema {
  const write = (options: StandardJsonSchemaOptions): Record<string, unknown> =>
    schemaInDialect(schema, options?.target as JsonSchemaDialect);
  return Object.freeze({
    '~standard': Object.freeze({
      version: 1 as const,
      vendor: 'toolwright' as const,
      validate: (value: unknown) => ({ value }),
      jsonSchema: Object.freeze({ input: write, output: write }),
    }),
  });
}
