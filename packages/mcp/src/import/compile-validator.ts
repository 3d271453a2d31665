import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import { type ArgumentIssue } from '@toolwright/core';
import { describeReceived } from '@toolwright/core/internal';

/** A compiled check of arguments against a remote tool's input schema: the issues, empty when valid. */
export type ArgumentValidator = (value: unknown) => readonly ArgumentIssue[];

/** The compiled validator, or why the schema could not be compiled. */
export type CompileOutcome =
  | { readonly ok: true; readonly validate: ArgumentValidator }
  | { readonly ok: false; readonly reason: string };

type AjvInstance = InstanceType<typeof Ajv>;

/**
 * Compiles validators for remote schemas with ajv: no coercion, no defaults, no removal (the value
 * validated is exactly the value sent), formats not asserted, remote `$ref`s never fetched, and
 * `pattern` left to the remote server (a hostile pattern could stall us on the model's input).
 * Draft 2020-12 and 2019-09 schemas are compiled as such, anything else as draft-07.
 */
export class ValidatorCompiler {
  #draft07: AjvInstance | undefined;
  #draft2019: AjvInstance | undefined;
  #draft2020: AjvInstance | undefined;

  compile(schema: Record<string, unknown>): CompileOutcome {
    const declared = typeof schema['$schema'] === 'string' ? schema['$schema'] : '';
    let ajv: AjvInstance;
    let prepared = withoutPatterns(schema);
    if (declared.includes('2020-12')) ajv = this.#draft2020 ??= new Ajv2020(AJV_OPTIONS);
    else if (declared.includes('2019-09')) ajv = this.#draft2019 ??= new Ajv2019(AJV_OPTIONS);
    else {
      ajv = this.#draft07 ??= new Ajv(AJV_OPTIONS);
      if ('$schema' in prepared) {
        const { $schema: _ignored, ...rest } = prepared;
        prepared = rest;
      }
    }
    let validate: ValidateFunction;
    try {
      validate = ajv.compile(prepared);
    } catch (error) {
      return {
        ok: false,
        reason: `the schema does not compile (${error instanceof Error ? error.message.slice(0, 200) : 'unknown error'})`,
      };
    }
    return {
      ok: true,
      validate: (value) =>
        validate(value) ? NO_ISSUES : (validate.errors ?? []).map((error) => toIssue(error, value)),
    };
  }
}

const NO_ISSUES: readonly ArgumentIssue[] = Object.freeze([]);

const AJV_OPTIONS = {
  strict: false,
  allErrors: true,
  validateFormats: false,
  coerceTypes: false,
  useDefaults: false,
  removeAdditional: false,
  logger: false as const,
  loadSchema: undefined,
} as const;

// Keeps the structure; removes `pattern` wherever it is a keyword (not a property named pattern).
function withoutPatterns(schema: Record<string, unknown>): Record<string, unknown> {
  const copy = (value: unknown, inProperties: boolean): unknown => {
    if (Array.isArray(value)) return value.map((item) => copy(item, false));
    if (typeof value !== 'object' || value === null) return value;
    const result: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      if (!inProperties && key === 'pattern' && typeof child === 'string') continue;
      const childIsPropertyMap =
        !inProperties &&
        (key === 'properties' ||
          key === '$defs' ||
          key === 'definitions' ||
          key === 'patternProperties' ||
          key === 'dependentSchemas');
      result[key] = copy(child, childIsPropertyMap);
    }
    return result;
  };
  return copy(schema, false) as Record<string, unknown>;
}

function toIssue(error: ErrorObject, root: unknown): ArgumentIssue {
  const segments =
    error.instancePath === '' ? [] : error.instancePath.slice(1).split('/').map(unescapePointer);
  const value = valueAt(root, segments);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return {
        path: formatPath([...segments, String(params['missingProperty'])]),
        expected: 'a value (required)',
        received: 'nothing',
      };
    case 'additionalProperties': {
      const key = String(params['additionalProperty']);
      return {
        path: formatPath([...segments, key]),
        expected: 'no such property',
        received: describeReceived((value as Record<string, unknown> | undefined)?.[key]),
        message: 'remove it',
      };
    }
    case 'type':
      return {
        path: formatPath(segments),
        expected: `${article(String(params['type']))}`,
        received: describeReceived(value),
      };
    case 'enum':
      return {
        path: formatPath(segments),
        expected: `one of ${(params['allowedValues'] as unknown[] | undefined)?.map((item) => JSON.stringify(item)).join(', ') ?? 'the allowed values'}`,
        received: describeReceived(value),
      };
    default:
      return {
        path: formatPath(segments),
        expected: `a value that ${error.message ?? `satisfies ${error.keyword}`}`,
        received: describeReceived(value),
      };
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function valueAt(root: unknown, segments: readonly string[]): unknown {
  let value = root;
  for (const segment of segments) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = Object.hasOwn(value, segment) ? (value as Record<string, unknown>)[segment] : undefined;
  }
  return value;
}

function formatPath(segments: readonly string[]): string {
  let path = '';
  for (const segment of segments) {
    if (/^\d+$/.test(segment)) path += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) path += path === '' ? segment : `.${segment}`;
    else path += `[${JSON.stringify(segment)}]`;
  }
  return path;
}
