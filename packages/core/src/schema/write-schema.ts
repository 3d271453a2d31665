import type { ArgsModel, PropertyModel } from '../model/args-model';
import type { TypeNode } from '../model/args-model';
import { deepFreeze, registerDeeplyFrozen } from './deep-freeze';
import type { JsonSchema, SchemaTarget } from './json-schema';
import { jsonText } from './json-text';
import { OPENAI_STRICT_FORMATS } from './openai-strict-keywords';
import { findRecursiveModels } from './recursive-models';
import { lengthHint, valueHint, withHints } from './strict-hints';

type MutableSchema = Record<string, unknown>;

// Every schema node lists its keywords in one canonical order, so equal models give byte-equal JSON:
//   $ref, anyOf, type, title, description, enum, minLength, maxLength, pattern, format, minimum,
//   exclusiveMinimum, maximum, exclusiveMaximum, multipleOf, items, minItems, maxItems, uniqueItems,
//   properties, required, additionalProperties, default, examples, deprecated, $defs.
// Nodes are written once, keyword by keyword in that order, and frozen as they are made.

const NULL_SCHEMA: JsonSchema = Object.freeze({ type: 'null' });

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
  /** Found when the first class-typed property is met: most models have none. */
  private recursive: ReadonlySet<ArgsModel> | undefined;
  /** Definition names, in order of first reference; made with the first reference. */
  private definitionNames: Map<ArgsModel, string> | undefined;

  constructor(
    private readonly root: ArgsModel,
    target: SchemaTarget,
  ) {
    this.strict = target === 'openai-strict';
  }

  write(): JsonSchema {
    const schema = this.objectSchema(this.root);
    if (this.definitionNames !== undefined) {
      // A Map iterator also visits entries added while iterating: definitions met while writing a
      // definition are written in turn.
      const definitions: MutableSchema = {};
      for (const [model, name] of this.definitionNames)
        defineOwn(definitions, name, Object.freeze(this.objectSchema(model)));
      schema['$defs'] = Object.freeze(definitions);
    }
    return registerDeeplyFrozen(Object.freeze(schema));
  }

  /** An object schema, left unfrozen so the root can still take `$defs`. */
  private objectSchema(model: ArgsModel): MutableSchema {
    // Started empty and filled keyword by keyword, like every node, so all nodes are built alike.
    const schema: MutableSchema = {};
    schema['type'] = 'object';
    this.writeObjectKeywords(schema, model);
    return schema;
  }

  private writeObjectKeywords(schema: MutableSchema, model: ArgsModel): void {
    const properties = newPropertiesObject();
    const required: string[] = [];
    // Indexed: an iterator would be allocated for every object of every schema.
    for (let i = 0; i < model.properties.length; i += 1) {
      const property = model.properties[i]!;
      defineOwn(properties, property.name, this.propertySchema(property));
      if (this.strict || !property.optional) required.push(property.name);
    }
    schema['properties'] = Object.freeze(properties);
    // OpenAI wants `required` on every object, even an empty one; elsewhere an empty list is noise.
    // A copy sized to its contents: the pushed list keeps spare room.
    if (required.length > 0 || this.strict) schema['required'] = Object.freeze(required.slice());
    schema['additionalProperties'] = false;
  }

  private propertySchema(property: PropertyModel): JsonSchema {
    // Strict mode requires every property; an optional one is sent as null, which the decoder reads as absent.
    const nullable = property.nullable || (this.strict && property.optional);
    if (isBare(property)) return this.bareSchema(property.type, nullable);
    return this.nodeSchema(property.type, nullable, this.descriptionOf(property), property);
  }

  /**
   * The schema of a property with nothing but its type, which depends on the type node alone
   * when that is a value: written once per node and shared by every property of that type (type
   * nodes are themselves shared across models).
   */
  private bareSchema(node: TypeNode, nullable: boolean): JsonSchema {
    // An object or an array may reach a class, whose schema depends on the root ($defs, `#`).
    const cache =
      node.kind === 'object' || node.kind === 'array'
        ? undefined
        : BARE_SCHEMAS[this.strict ? (nullable ? 3 : 2) : nullable ? 1 : 0]!;
    let schema = cache?.get(node);
    if (schema === undefined) {
      const description = this.strict ? withHints(undefined, strictHints(node)) : undefined;
      schema = this.nodeSchema(node, nullable, description);
      cache?.set(node, schema);
    }
    return schema;
  }

  /**
   * The schema of a type node with its annotations: a property's (title, description, default,
   * examples, deprecated), or only a description (array items, strict targets).
   */
  private nodeSchema(
    node: TypeNode,
    nullable: boolean,
    description: string | undefined,
    property?: PropertyModel,
  ): JsonSchema {
    const schema: MutableSchema = {};
    // Nullable classes become `anyOf` with null, recursive classes a `$ref`; either way their
    // keywords are not written inline.
    let inline = true;
    if (node.kind === 'object') {
      if (this.isRecursive(node.model)) {
        const reference = this.referenceTo(node.model);
        inline = false;
        if (nullable) schema['anyOf'] = Object.freeze([Object.freeze({ $ref: reference }), NULL_SCHEMA]);
        // OpenAI refuses keywords beside a $ref, so a strict reference with a description is wrapped.
        else if (this.strict && description !== undefined)
          schema['anyOf'] = Object.freeze([Object.freeze({ $ref: reference })]);
        else schema['$ref'] = reference;
      } else if (nullable) {
        inline = false;
        schema['anyOf'] = Object.freeze([Object.freeze(this.objectSchema(node.model)), NULL_SCHEMA]);
      }
    }
    if (inline) schema['type'] = nullable ? withNull(typeOf(node)) : typeOf(node);
    // Titles, defaults, examples and deprecation are hints in the description of a strict schema.
    const annotated = property !== undefined && !this.strict;
    if (annotated) {
      const title = property.title?.trim();
      if (title) schema['title'] = title;
    }
    if (description !== undefined) schema['description'] = description;
    if (inline) this.writeTypeKeywords(schema, node, nullable);
    if (annotated) {
      if (property.hasDefault) {
        const value = jsonCopy(property.default);
        if (value !== undefined) schema['default'] = value;
      }
      if (property.examples && property.examples.length > 0) {
        const examples = jsonCopy(property.examples);
        if (examples !== undefined) schema['examples'] = examples;
      }
      if (property.deprecated === true) schema['deprecated'] = true;
    }
    return Object.freeze(schema);
  }

  /** The keywords of a type between the annotations (`enum` … `additionalProperties`). */
  private writeTypeKeywords(schema: MutableSchema, node: TypeNode, nullable: boolean): void {
    switch (node.kind) {
      case 'enum':
        // The model's values are already a frozen list of strings and numbers.
        schema['enum'] = nullable ? Object.freeze([...node.values, null]) : node.values;
        return;
      case 'string':
        if (!this.strict) {
          if (node.minLength !== undefined) schema['minLength'] = node.minLength;
          if (node.maxLength !== undefined) schema['maxLength'] = node.maxLength;
        }
        if (node.pattern !== undefined) schema['pattern'] = node.pattern;
        if (node.format !== undefined && (!this.strict || OPENAI_STRICT_FORMATS.has(node.format)))
          schema['format'] = node.format;
        return;
      case 'number':
        if (node.minimum !== undefined) schema['minimum'] = node.minimum;
        if (node.exclusiveMinimum !== undefined) schema['exclusiveMinimum'] = node.exclusiveMinimum;
        if (node.maximum !== undefined) schema['maximum'] = node.maximum;
        if (node.exclusiveMaximum !== undefined) schema['exclusiveMaximum'] = node.exclusiveMaximum;
        if (node.multipleOf !== undefined) schema['multipleOf'] = node.multipleOf;
        return;
      case 'array': {
        const itemDescription = this.strict ? withHints(undefined, strictHints(node.items)) : undefined;
        schema['items'] = this.nodeSchema(node.items, false, itemDescription);
        if (node.minItems !== undefined) schema['minItems'] = node.minItems;
        if (node.maxItems !== undefined) schema['maxItems'] = node.maxItems;
        if (!this.strict && node.uniqueItems === true) schema['uniqueItems'] = true;
        return;
      }
      case 'object':
        this.writeObjectKeywords(schema, node.model);
        return;
      case 'boolean':
        return;
    }
  }

  /** A property's description; for a strict target, with what the dropped keywords said as hints. */
  private descriptionOf(property: PropertyModel): string | undefined {
    if (!this.strict) return property.description?.trim() || undefined;
    const hints = strictHints(property.type);
    if (property.hasDefault) hints.push(`default: ${valueHint(property.default)}`);
    if (property.examples && property.examples.length > 0) {
      hints.push(`examples: ${property.examples.map(valueHint).join(', ')}`);
    }
    if (property.deprecated === true) hints.push('deprecated');
    // A title is a shorter label of what the description says; it stands in only when there is no description.
    return withHints(property.description?.trim() || property.title, hints);
  }

  private isRecursive(model: ArgsModel): boolean {
    this.recursive ??= findRecursiveModels(this.root);
    return this.recursive.has(model);
  }

  private referenceTo(model: ArgsModel): string {
    if (model === this.root) return '#';
    this.definitionNames ??= new Map();
    let name = this.definitionNames.get(model);
    if (name === undefined) {
      name = uniqueName(definitionName(model.name), new Set(this.definitionNames.values()));
      this.definitionNames.set(model, name);
    }
    return `#/$defs/${name}`;
  }
}

// Schemas of bare value properties by type node: default, default nullable, strict, strict nullable.
const BARE_SCHEMAS: readonly WeakMap<TypeNode, JsonSchema>[] = [
  new WeakMap(),
  new WeakMap(),
  new WeakMap(),
  new WeakMap(),
];

/** A property with no annotation: no description, title, default, examples or deprecation. */
function isBare(property: PropertyModel): boolean {
  return (
    property.description === undefined &&
    property.title === undefined &&
    !property.hasDefault &&
    property.examples === undefined &&
    property.deprecated === undefined
  );
}

/** What a strict schema cannot say about a type itself (string lengths, an unsupported format, uniqueness). */
function strictHints(node: TypeNode): string[] {
  const hints: string[] = [];
  if (node.kind === 'string') {
    const length = lengthHint(node.minLength, node.maxLength);
    if (length) hints.push(length);
    if (node.format !== undefined && !OPENAI_STRICT_FORMATS.has(node.format))
      hints.push(`format: ${node.format}`);
  } else if (node.kind === 'array' && node.uniqueItems === true) {
    hints.push('items must be unique');
  }
  return hints;
}

/** The `type` of a value node (objects are written by the caller). */
function typeOf(node: TypeNode): string | readonly string[] {
  switch (node.kind) {
    case 'string':
    case 'boolean':
    case 'array':
    case 'object':
      return node.kind;
    case 'number':
      return node.integer ? 'integer' : 'number';
    case 'enum':
      return enumType(node.values);
  }
}

/** A type that also accepts null. */
function withNull(type: string | readonly string[]): readonly string[] {
  return Object.freeze(typeof type === 'string' ? [type, 'null'] : [...type, 'null']);
}

function enumType(values: readonly (string | number)[]): string | readonly string[] {
  const types: string[] = [];
  if (values.some((v) => typeof v === 'string')) types.push('string');
  const numbers = values.filter((v) => typeof v === 'number');
  if (numbers.length > 0) types.push(numbers.every((n) => Number.isInteger(n)) ? 'integer' : 'number');
  return types.length === 1 ? (types[0] as string) : Object.freeze(types);
}

/**
 * Defines an own data property. Keys `Object.prototype` already has (`__proto__`, `toString`, …)
 * are defined rather than assigned, so an argument named `__proto__` stays a plain key.
 */
function defineOwn(target: MutableSchema, key: string, value: unknown): void {
  if (key in Object.prototype)
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/**
 * An empty plain object for a schema's `properties`, made as a lookup table rather than as a
 * literal. Argument names are mostly a tool's own, so `properties` objects share no structure
 * with each other; built as literals, the schemas of a thousand tools took twice the memory and
 * several times the time to derive (the many-tools rows of docs/performance.md). Same object for
 * every reader: a plain object with `Object.prototype`.
 */
function newPropertiesObject(): MutableSchema {
  return Object.setPrototypeOf(Object.create(null), Object.prototype) as MutableSchema;
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

/** A frozen JSON copy of a default or an example, so freezing the schema never freezes the author's value. */
function jsonCopy(value: unknown): unknown {
  const text = jsonText(value);
  return text === undefined ? undefined : deepFreeze(JSON.parse(text) as unknown);
}
