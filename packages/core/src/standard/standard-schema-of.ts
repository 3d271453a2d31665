import { createArgsDecoder } from '../decode/create-args-decoder';
import { pathKeys } from '../decode/json-path';
import { describeArgumentIssue } from '../errors/format-argument-issues';
import { ToolError } from '../errors/tool-error';
import { getArgsModel } from '../model/build-args-model';
import { isJsonSchemaDialect, schemaInDialect } from '../schema/json-schema-dialect';
import { schemaOfModel } from '../schema/schema-of';
import type {
  StandardJsonSchemaOptions,
  StandardSchemaIssue,
  StandardSchemaOptions,
  StandardSchemaProps,
  StandardSchemaResult,
  ToolwrightStandardSchema,
} from './standard-schema';

/**
 * An args class as a Standard Schema v1 (`~standard.validate`: toolwright's decoder, with the same
 * verdicts and curated issue texts as `decodeArgs`, each issue with its `path` as keys) and a
 * Standard JSON Schema v1 (`~standard.jsonSchema.input/output({ target })` for `draft-2020-12`,
 * `draft-07` and `openapi-3.0`; another target throws). Throws the class's `ToolDefinitionError`
 * when it cannot describe tool arguments.
 */
export function standardSchemaOf<T extends object>(
  argsClass: abstract new (...args: never[]) => T,
  options: StandardSchemaOptions = {},
): ToolwrightStandardSchema<T> {
  const { variant, ...decoderOptions } = options;
  const model = getArgsModel(argsClass);
  const schema = schemaOfModel(model, { target: variant ?? 'default' });
  const decode = createArgsDecoder<T>(model, decoderOptions);
  const jsonSchema = (jsonOptions: StandardJsonSchemaOptions): Record<string, unknown> => {
    const target = jsonOptions?.target;
    if (!isJsonSchemaDialect(target)) {
      throw new TypeError(
        `standardSchemaOf(${model.name}) cannot write JSON Schema target '${String(target)}'; use 'draft-2020-12', 'draft-07' or 'openapi-3.0'.`,
      );
    }
    return schemaInDialect(schema, target);
  };
  const props: StandardSchemaProps<T> = {
    version: 1,
    vendor: 'toolwright',
    validate: (value) => {
      // The decoder reads a string as JSON text; to Standard Schema a string is a value (not an object).
      const outcome = decode(typeof value === 'string' ? JSON.stringify(value) : value);
      return decode.isAsync ? Promise.resolve(outcome).then(toResult) : toResult(outcome as T | ToolError);
    },
    jsonSchema: Object.freeze({ input: jsonSchema, output: jsonSchema }),
  };
  return Object.freeze({ '~standard': Object.freeze(props) });
}

function toResult<T extends object>(outcome: T | ToolError): StandardSchemaResult<T> {
  if (!ToolError.is(outcome)) return { value: outcome };
  const issues = outcome.issues;
  if (issues === undefined || issues.length === 0) return { issues: [{ message: outcome.modelText }] };
  return {
    issues: issues.map((issue): StandardSchemaIssue => {
      const path = pathKeys(issue.path);
      return path.length === 0
        ? { message: describeArgumentIssue(issue) }
        : { message: describeArgumentIssue(issue), path };
    }),
  };
}
