/** A JSON Schema (or a sub-schema) as toolwright emits it: plain JSON, deeply frozen. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/**
 * The dialect a schema is written for: `default` (JSON Schema draft 2020-12, also read by draft-07
 * validators) or `openai-strict` (the subset OpenAI structured outputs accept with `strict: true`).
 */
export type SchemaTarget = 'default' | 'openai-strict';

/** Options of `schemaOf` and `schemaOfModel`. */
export interface SchemaOptions {
  /** The dialect; `default` when absent. */
  readonly target?: SchemaTarget;
}
