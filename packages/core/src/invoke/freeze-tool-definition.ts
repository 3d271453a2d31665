import { toolNameProblem } from '../metadata/tool-name-rule';
import { deepFreeze, isDeeplyFrozen } from '../schema/deep-freeze';
import { describeToolSource } from './describe-tool-source';
import type { ToolDefinitionInput } from './erased-tool-spec';
import type { ToolDefinition, ToolDefinitionAnnotations, ToolSource } from './tool-definition';

// A tool without arguments still needs an object schema: providers reject anything else.
const EMPTY_INPUT_SCHEMA = { type: 'object', properties: {}, additionalProperties: false };
// Shared by every definition without annotations (most of them).
const NO_ANNOTATIONS = Object.freeze({});
const ANNOTATION_KEYS = ['destructive', 'idempotent', 'openWorld'] as const;

/**
 * The frozen definition of a tool, with defaults applied (`kind: 'other'`, `namespace: 'native'`,
 * `readOnly: false`, no annotations, an empty object schema) and the schemas copied, so no one
 * can change what the model sees after registration. Throws an `Error` listing every problem.
 */
export function freezeToolDefinition(input: ToolDefinitionInput): ToolDefinition {
  const problems: string[] = [];
  if (typeof input !== 'object' || input === null)
    throw new TypeError('A tool definition must be an object.');
  const nameProblem = toolNameProblem(input.name);
  if (nameProblem !== undefined) problems.push(`${nameProblem.message} Fix: ${nameProblem.fix}`);
  if (typeof input.description !== 'string' || input.description.trim() === '') {
    problems.push('description must be a non-empty string: it is how the model learns what the tool does.');
  }
  // Field by field rather than by loops over key lists: no iterators for each definition, and
  // no call for a field left out (most of them).
  if (input.title !== undefined) checkString(input.title, 'title', problems);
  if (input.kind !== undefined) checkString(input.kind, 'kind', problems);
  if (input.namespace !== undefined) checkString(input.namespace, 'namespace', problems);
  if (input.readOnly !== undefined && typeof input.readOnly !== 'boolean')
    problems.push('readOnly must be a boolean.');
  if (input.timeoutMs !== undefined) checkPositive(input.timeoutMs, 'timeoutMs', problems);
  if (input.maxArgumentBytes !== undefined)
    checkPositive(input.maxArgumentBytes, 'maxArgumentBytes', problems);
  if (input.task !== undefined && input.task !== 'optional' && input.task !== 'required')
    problems.push(`task must be 'optional' or 'required' (got ${JSON.stringify(input.task)}).`);
  if (input.taskInputFirst !== undefined && typeof input.taskInputFirst !== 'boolean')
    problems.push('taskInputFirst must be a boolean.');
  if (input.deferLoading !== undefined && typeof input.deferLoading !== 'boolean')
    problems.push('deferLoading must be a boolean.');
  if (input.lockKey !== undefined) checkLockKey(input.lockKey, input.inputSchema, problems);
  const inputSchema = copySchema(input.inputSchema ?? EMPTY_INPUT_SCHEMA, 'inputSchema', problems);
  const outputSchema =
    input.outputSchema === undefined ? undefined : copySchema(input.outputSchema, 'outputSchema', problems);
  const annotations =
    input.annotations === undefined ? undefined : copyAnnotations(input.annotations, problems);
  if (problems.length > 0) {
    throw new TypeError(
      `Invalid tool definition ${describeToolSource(input)}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
  }
  const name = input.name;
  const description = input.description;
  const kind = input.kind ?? 'other';
  const namespace = input.namespace ?? 'native';
  const readOnly = input.readOnly ?? false;
  const fixedAnnotations = annotations ?? NO_ANNOTATIONS;
  // A decorated tool's definition has its source and none of the other optional keys: written as
  // one literal, its keys all live in the object, not in a second array of added keys.
  if (
    input.source !== undefined &&
    input.title === undefined &&
    outputSchema === undefined &&
    input.requires === undefined &&
    input.timeoutMs === undefined &&
    input.maxArgumentBytes === undefined &&
    input.task === undefined &&
    input.taskInputFirst === undefined &&
    input.deferLoading === undefined &&
    input.lockKey === undefined
  ) {
    const source = freezeSource(input.source);
    return Object.freeze({
      name,
      description,
      kind,
      namespace,
      readOnly,
      inputSchema,
      annotations: fixedAnnotations,
      source,
    });
  }
  const definition: Record<string, unknown> = {
    name,
    description,
    kind,
    namespace,
    readOnly,
    inputSchema,
    annotations: fixedAnnotations,
  };
  if (input.title !== undefined) definition['title'] = input.title;
  if (outputSchema !== undefined) definition['outputSchema'] = outputSchema;
  // Opaque to core (an expression of the registry): kept by reference, not frozen.
  if (input.requires !== undefined) definition['requires'] = input.requires;
  if (input.timeoutMs !== undefined) definition['timeoutMs'] = input.timeoutMs;
  if (input.maxArgumentBytes !== undefined) definition['maxArgumentBytes'] = input.maxArgumentBytes;
  if (input.task !== undefined) definition['task'] = input.task;
  if (input.taskInputFirst !== undefined) definition['taskInputFirst'] = input.taskInputFirst;
  if (input.deferLoading !== undefined) definition['deferLoading'] = input.deferLoading;
  // A function of the arguments, kept by reference like `requires`.
  if (input.lockKey !== undefined) definition['lockKey'] = input.lockKey;
  if (input.source !== undefined) definition['source'] = freezeSource(input.source);
  return Object.freeze(definition) as unknown as ToolDefinition;
}

function checkString(value: unknown, key: string, problems: string[]): void {
  if (typeof value !== 'string') problems.push(`${key} must be a string.`);
}

// A parameter name must be one the model can send, or the lock would never take its value.
function checkLockKey(lockKey: unknown, inputSchema: unknown, problems: string[]): void {
  if (typeof lockKey === 'function') return;
  if (typeof lockKey !== 'string' || lockKey === '') {
    problems.push('lockKey must be the name of a parameter or a function of the arguments.');
    return;
  }
  const properties = (inputSchema as { properties?: unknown } | undefined)?.properties;
  if (
    inputSchema !== undefined &&
    (typeof properties !== 'object' || properties === null || !Object.hasOwn(properties, lockKey))
  )
    problems.push(`lockKey names the parameter ${JSON.stringify(lockKey)}, which the tool does not have.`);
}

function checkPositive(value: unknown, key: string, problems: string[]): void {
  if (!(typeof value === 'number' && Number.isFinite(value) && value > 0))
    problems.push(`${key} must be a positive number.`);
}

/** The known boolean annotations, frozen; `undefined` when none is set. */
function copyAnnotations(
  input: ToolDefinitionAnnotations,
  problems: string[],
): ToolDefinitionAnnotations | undefined {
  let annotations: Record<string, boolean> | undefined;
  for (const key of ANNOTATION_KEYS) {
    const value = input?.[key];
    if (value === undefined) continue;
    if (typeof value === 'boolean') (annotations ??= {})[key] = value;
    else problems.push(`annotations.${key} must be a boolean.`);
  }
  return annotations && Object.freeze(annotations);
}

function freezeSource(source: ToolSource): ToolSource {
  const { className, methodName } = source;
  if (className === undefined) return Object.freeze(methodName === undefined ? {} : { methodName });
  return Object.freeze(methodName === undefined ? { className } : { className, methodName });
}

function copySchema(schema: unknown, key: string, problems: string[]): Readonly<Record<string, unknown>> {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    problems.push(`${key} must be a JSON Schema object.`);
    return {};
  }
  // A schema core derived (schemaOf) is already frozen all the way down: share it.
  if (isDeeplyFrozen(schema)) return schema as Readonly<Record<string, unknown>>;
  try {
    return deepFreeze(structuredClone(schema) as Record<string, unknown>);
  } catch {
    problems.push(`${key} must be plain JSON (no functions, class instances or cycles).`);
    return {};
  }
}
