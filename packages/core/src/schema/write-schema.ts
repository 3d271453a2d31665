import type { ArgsModel, PropertyModel } from '../model/args-model';
import type { ArrayNode, EnumNode, NumberNode, StringNode, TypeNode } from '../model/type-node';
import { deepFreeze } from './deep-freeze';
import type { JsonSchema, SchemaTarget } from './json-schema';
import { jsonText } from './json-text';
import { OPENAI_STRICT_FORMATS } from './openai-strict-keywords';
import { findRecursiveModels } from './recursive-models';
import { lengthHint, valueHint, withHints } from './strict-hints';

type MutableSchema = Record<string, unknown>;

// Every schema node lists its keywords in this order, so equal models give byte-equal JSON.
const KEYWORD_ORDER = [
  '$ref',
  'anyOf',
  'type',
  'title',
  'description',
  'enum',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'multipleOf',
  'items',
  'minItems',
  'maxItems',
  'uniqueItems',
  'properties',
  'required',
  'additionalProperties',
  'default',
  'examples',
  'deprecated',
  '$defs',
] as const;

const NULL_SCHEMA: JsonSchema = { type: 'null' };

/**
 * Writes the JSON Schema of an args model for a target: every class inlined, except classes that
 * reference themselves (directly or indirectly), which go to `$defs` (the root itself is `#`).
 * The result is deeply frozen.
 */
export function writeSchema(root: ArgsModel, target: SchemaTarget): JsonSchema {
  return new SchemaWriter(root, target).write();
}

class SchemaWriter {
  private readonly strict: boolean;
  private readonly recursive: ReadonlySet<ArgsModel>;
  /** Definition names, in order of first reference. */
  private readonly definitionNames = new Map<ArgsModel, string>();
  private readonly usedNames = new Set<string>();

  constructor(
    private readonly root: ArgsModel,
    target: SchemaTarget,
  ) {
    this.strict = target === 'openai-strict';
    this.recursive = findRecursiveModels(root);
  }

  write(): JsonSchema {
    const schema = this.objectSchema(this.root);
    // A Map iterator also visits entries added while iterating: definitions met while writing a
    // definition are written in turn.
    const definitions: [string, JsonSchema][] = [];
    for (const [model, name] of this.definitionNames) definitions.push([name, this.objectSchema(model)]);
    return deepFreeze(
      definitions.length > 0 ? ordered({ ...schema, $defs: Object.fromEntries(definitions) }) : schema,
    );
  }

  private objectSchema(model: ArgsModel): MutableSchema {
    const properties: [string, JsonSchema][] = [];
    const required: string[] = [];
    for (const property of model.properties) {
      properties.push([property.name, this.propertySchema(property)]);
      if (this.strict || !property.optional) required.push(property.name);
    }
    return ordered({
      type: 'object',
      // fromEntries defines own data properties, so even a '__proto__' argument stays a plain key.
      properties: Object.fromEntries(properties),
      // OpenAI wants `required` on every object, even an empty one; elsewhere an empty list is noise.
      required: required.length > 0 || this.strict ? required : undefined,
      additionalProperties: false,
    });
  }

  private propertySchema(property: PropertyModel): MutableSchema {
    // Strict mode requires every property; an optional one is sent as null, which the decoder reads as absent.
    const nullable = property.nullable || (this.strict && property.optional);
    const hints: string[] = [];
    const value = this.typeSchema(property.type, hints);
    const base = nullable ? this.nullable(value) : value;
    return this.annotate(base, this.annotations(property, hints));
  }

  private typeSchema(node: TypeNode, hints: string[]): MutableSchema {
    switch (node.kind) {
      case 'string':
        return this.stringSchema(node, hints);
      case 'number':
        return this.numberSchema(node);
      case 'boolean':
        return { type: 'boolean' };
      case 'enum':
        return this.enumSchema(node);
      case 'array':
        return this.arraySchema(node, hints);
      case 'object':
        return this.recursive.has(node.model)
          ? { $ref: this.referenceTo(node.model) }
          : this.objectSchema(node.model);
    }
  }

  private stringSchema(node: StringNode, hints: string[]): MutableSchema {
    if (!this.strict) {
      return ordered({
        type: 'string',
        minLength: node.minLength,
        maxLength: node.maxLength,
        pattern: node.pattern,
        format: node.format,
      });
    }
    const length = lengthHint(node.minLength, node.maxLength);
    if (length) hints.push(length);
    const formatSupported = node.format === undefined || OPENAI_STRICT_FORMATS.has(node.format);
    if (!formatSupported) hints.push(`format: ${node.format}`);
    return ordered({
      type: 'string',
      pattern: node.pattern,
      format: formatSupported ? node.format : undefined,
    });
  }

  private numberSchema(node: NumberNode): MutableSchema {
    return ordered({
      type: node.integer ? 'integer' : 'number',
      minimum: node.minimum,
      exclusiveMinimum: node.exclusiveMinimum,
      maximum: node.maximum,
      exclusiveMaximum: node.exclusiveMaximum,
      multipleOf: node.multipleOf,
    });
  }

  private enumSchema(node: EnumNode): MutableSchema {
    return { type: enumType(node.values), enum: [...node.values] };
  }

  private arraySchema(node: ArrayNode, hints: string[]): MutableSchema {
    const itemHints: string[] = [];
    const items = this.typeSchema(node.items, itemHints);
    const itemDescription = withHints(undefined, itemHints);
    const uniqueItems = node.uniqueItems === true ? true : undefined;
    if (this.strict && uniqueItems) hints.push('items must be unique');
    return ordered({
      type: 'array',
      items: itemDescription ? this.annotate(items, { description: itemDescription }) : items,
      minItems: node.minItems,
      maxItems: node.maxItems,
      uniqueItems: this.strict ? undefined : uniqueItems,
    });
  }

  private annotations(property: PropertyModel, hints: string[]): MutableSchema {
    if (!this.strict) {
      return {
        title: property.title?.trim() || undefined,
        description: property.description?.trim() || undefined,
        default: property.hasDefault ? jsonCopy(property.default) : undefined,
        examples: property.examples && property.examples.length > 0 ? jsonCopy(property.examples) : undefined,
        deprecated: property.deprecated === true ? true : undefined,
      };
    }
    const dropped = [...hints];
    if (property.hasDefault) dropped.push(`default: ${valueHint(property.default)}`);
    if (property.examples && property.examples.length > 0) {
      dropped.push(`examples: ${property.examples.map(valueHint).join(', ')}`);
    }
    if (property.deprecated === true) dropped.push('deprecated');
    // A title is a shorter label of what the description says; it stands in only when there is no description.
    return { description: withHints(property.description?.trim() || property.title, dropped) };
  }

  /** Adds null to a value's accepted values: a type array for values, `anyOf` for objects. */
  private nullable(value: MutableSchema): MutableSchema {
    if ('$ref' in value || value['type'] === 'object') return { anyOf: [value, NULL_SCHEMA] };
    const type = value['type'];
    const types = Array.isArray(type) ? type : [type];
    return ordered({
      ...value,
      type: types.includes('null') ? types : [...types, 'null'],
      enum: Array.isArray(value['enum']) ? [...(value['enum'] as unknown[]), null] : undefined,
    });
  }

  private annotate(schema: MutableSchema, annotations: MutableSchema): MutableSchema {
    const present = Object.entries(annotations).filter(([, value]) => value !== undefined);
    if (present.length === 0) return schema;
    // OpenAI refuses keywords beside a $ref, so a strict reference with a description is wrapped.
    const base = this.strict && '$ref' in schema ? { anyOf: [schema] } : schema;
    return ordered({ ...base, ...Object.fromEntries(present) });
  }

  private referenceTo(model: ArgsModel): string {
    if (model === this.root) return '#';
    let name = this.definitionNames.get(model);
    if (name === undefined) {
      name = uniqueName(definitionName(model.name), this.usedNames);
      this.usedNames.add(name);
      this.definitionNames.set(model, name);
    }
    return `#/$defs/${name}`;
  }
}

/** Orders keywords canonically and drops undefined ones. */
function ordered(schema: MutableSchema): MutableSchema {
  const result: MutableSchema = {};
  for (const keyword of KEYWORD_ORDER) if (schema[keyword] !== undefined) result[keyword] = schema[keyword];
  return result;
}

function enumType(values: readonly (string | number)[]): string | string[] {
  const types: string[] = [];
  if (values.some((v) => typeof v === 'string')) types.push('string');
  const numbers = values.filter((v) => typeof v === 'number');
  if (numbers.length > 0) types.push(numbers.every((n) => Number.isInteger(n)) ? 'integer' : 'number');
  return types.length === 1 ? (types[0] as string) : types;
}

/** A `$defs` key safe inside a JSON pointer and a URI fragment. */
function definitionName(className: string): string {
  const safe = className.replace(/[^A-Za-z0-9_.-]/g, '_');
  return safe.length > 0 ? safe : 'Definition';
}

function uniqueName(name: string, used: ReadonlySet<string>): string {
  if (!used.has(name)) return name;
  let index = 2;
  while (used.has(`${name}${index}`)) index += 1;
  return `${name}${index}`;
}

/** A JSON copy of a default or an example, so freezing the schema never freezes the author's value. */
function jsonCopy(value: unknown): unknown {
  const text = jsonText(value);
  return text === undefined ? undefined : (JSON.parse(text) as unknown);
}
