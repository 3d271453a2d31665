import type { JsonSchema } from './json-schema';
import { OPENAI_STRICT_FORMATS, OPENAI_STRICT_KEYWORDS } from './openai-strict-keywords';

/**
 * What keeps a JSON Schema from being accepted by OpenAI strict mode, one line per problem with its
 * JSON pointer (`#/properties/tags: 'uniqueItems' is not supported`); empty when the schema is fine.
 * Useful for schemas toolwright did not write (`dynamicTool`, MCP imports).
 */
export function openAiStrictViolations(schema: JsonSchema): string[] {
  const violations: string[] = [];
  if (!isObjectType(schema['type'])) violations.push(`#: the root must be an object schema (type: 'object')`);
  visit(schema, '#', violations);
  return violations;
}

function visit(schema: unknown, path: string, violations: string[]): void {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    violations.push(`${path}: a schema must be an object`);
    return;
  }
  const node = schema as JsonSchema;
  for (const keyword of Object.keys(node)) {
    if (!OPENAI_STRICT_KEYWORDS.has(keyword)) violations.push(`${path}: '${keyword}' is not supported`);
  }
  const format = node['format'];
  if (format !== undefined && !(typeof format === 'string' && OPENAI_STRICT_FORMATS.has(format))) {
    violations.push(`${path}: format '${String(format)}' is not supported`);
  }
  if (node['$ref'] !== undefined && Object.keys(node).length > 1) {
    violations.push(
      `${path}: $ref cannot have sibling keywords; wrap it: { anyOf: [{ $ref }], description }`,
    );
  }
  const properties = asRecord(node['properties']);
  if (isObjectType(node['type']) || properties) {
    const names = Object.keys(properties ?? {});
    const required = Array.isArray(node['required']) ? (node['required'] as unknown[]) : [];
    const missing = names.filter((name) => !required.includes(name));
    if (missing.length > 0)
      violations.push(`${path}: every property must be required (missing: ${missing.join(', ')})`);
    if (node['additionalProperties'] !== false)
      violations.push(`${path}: additionalProperties must be false`);
  }
  for (const [name, child] of Object.entries(properties ?? {}))
    visit(child, `${path}/properties/${escape(name)}`, violations);
  for (const [name, child] of Object.entries(asRecord(node['$defs']) ?? {})) {
    visit(child, `${path}/$defs/${escape(name)}`, violations);
  }
  if (node['items'] !== undefined) visit(node['items'], `${path}/items`, violations);
  if (node['anyOf'] !== undefined) {
    if (!Array.isArray(node['anyOf'])) violations.push(`${path}: anyOf must be a list`);
    else node['anyOf'].forEach((branch, index) => visit(branch, `${path}/anyOf/${index}`, violations));
  }
}

function isObjectType(type: unknown): boolean {
  return type === 'object' || (Array.isArray(type) && type.includes('object'));
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Escapes a key for a JSON pointer segment. */
function escape(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
