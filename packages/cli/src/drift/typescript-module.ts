import type * as TJS from 'typescript-json-schema';

/** typescript-json-schema, with the TypeScript compiler it uses (the two must share one `ts`). */
export type TypescriptJsonSchema = typeof TJS;

/** Loads typescript-json-schema on demand: only `check-schemas` pays for loading TypeScript. */
export function loadTypescriptJsonSchema(): TypescriptJsonSchema {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('typescript-json-schema') as TypescriptJsonSchema;
}
