import type { ArgsModel, PropertyModel } from '../model/args-model';
import type { TypeNode } from '../model/args-model';
import { codeGenerationAllowed } from './code-generation';
import { compileValueDecoder } from './compile-value-decoder';
import type { CompiledModel, CompiledProperty } from './compiled-model';
import { INVALID, type ValueDecoder } from './decode-context';
import { describeAllowed, describeExpected, describeProperty } from './describe-expected';
import { lenientValueDecoder } from './lenient/lenient-value-decoder';
import { CLOSURE_DECODERS, GENERATED_DECODERS } from './decoder-implementations';
import { RESERVED_KEYS } from './reserved-keys';

const compiledModels = new WeakMap<ArgsModel, CompiledModel>();

/** Compiles a model (and the models it references) once; cached per model. */
export function compileModel(model: ArgsModel): CompiledModel {
  const cached = compiledModels.get(model);
  if (cached !== undefined) return cached;
  const properties: CompiledProperty[] = [];
  const byName = new Map<string, CompiledProperty>();
  const compiled: CompiledModel = {
    model,
    properties,
    byName,
    names: model.properties.map((p) => p.name),
    allowed: `only known properties (${describeAllowed(model)})`,
    expected: describeExpected({ kind: 'object', model }),
    viaTransformer: model.usesClassTransformer,
    needsValidation: model.needsClassValidator,
    construct: model.target as new () => object,
    decodeFields: () => INVALID,
    decodeNested: () => INVALID,
    implementation: CLOSURE_DECODERS,
  };
  // Registered before its properties compile, so a recursive model finds itself.
  compiledModels.set(model, compiled);
  compiled.decodeNested = nestedDecoder(compiled);
  for (const property of model.properties) {
    const entry = compileProperty(property, compiled.viaTransformer);
    properties.push(entry);
    if (!RESERVED_KEYS.has(entry.name)) byName.set(entry.name, entry);
  }
  // Closures first: code is generated only for the few classes that turn out hot.
  compiled.decodeFields = CLOSURE_DECODERS.fieldsDecoder(compiled);
  return compiled;
}

/**
 * Gives a compiled model, and every model its properties reach, generated code in place of the
 * closures (the same outcome on every input, faster once the engine has optimised it). `false`
 * when the runtime forbids code generation. The process's budget is the caller's to check
 * (`claimGeneratedCode`).
 */
export function generateModelCode(compiled: CompiledModel): boolean {
  if (compiled.implementation.generated) return true;
  if (!codeGenerationAllowed()) return false;
  for (const model of reachableModels(compiled.model)) {
    const reached = compileModel(model);
    if (reached.implementation.generated) continue;
    reached.decodeFields = GENERATED_DECODERS.fieldsDecoder(reached);
    reached.implementation = GENERATED_DECODERS;
  }
  return true;
}

/** A model and the models its properties reach (nested classes, array items), each once. */
function reachableModels(root: ArgsModel): Set<ArgsModel> {
  const found = new Set<ArgsModel>([root]);
  // A Set iterator also visits the models added while iterating.
  for (const model of found) for (const property of model.properties) addModels(property.type, found);
  return found;
}

function addModels(node: TypeNode, found: Set<ArgsModel>): void {
  if (node.kind === 'object') found.add(node.model);
  else if (node.kind === 'array') addModels(node.items, found);
}

function compileProperty(property: PropertyModel, viaTransformer: boolean): CompiledProperty {
  return {
    name: property.name,
    slot: viaTransformer ? property.name : property.property,
    optional: property.optional,
    nullable: property.nullable,
    expected: describeProperty(property),
    decode: propertyDecoder(property),
    makeDefault: property.hasDefault ? defaultMaker(property.default) : undefined,
  };
}

// A property without lenient decoders (nearly all) gets the declared check itself: leniency costs
// nothing where it is not declared, on the closures, the generated code and the scanner alike.
function propertyDecoder(property: PropertyModel): ValueDecoder {
  const nested = (model: ArgsModel): ValueDecoder => compileModel(model).decodeNested;
  const lenient = property.lenient;
  if (lenient === undefined) return compileValueDecoder(property.type, property.checks, nested);
  const onValue = lenient.filter((decoder) => decoder.supports(property.type));
  const onItems = lenient.filter((decoder) => !onValue.includes(decoder));
  const decode = compileValueDecoder(
    property.type,
    property.checks,
    nested,
    onItems.length === 0 ? undefined : (items, decodeItem) => lenientValueDecoder(items, onItems, decodeItem),
  );
  return onValue.length === 0 ? decode : lenientValueDecoder(property.type, onValue, decode);
}

function defaultMaker(value: unknown): () => unknown {
  // Each instance gets its own copy of an object default, so one call cannot change the next one's.
  return typeof value === 'object' && value !== null ? () => structuredClone(value) : () => value;
}

/** The hint of an issue about a host-given object that is not plain JSON data. */
export const NOT_PLAIN_MESSAGE = 'only plain JSON data is accepted';

function nestedDecoder(compiled: CompiledModel): ValueDecoder {
  return (value, context, parent, key) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return context.report(parent, key, compiled.expected, value);
    }
    if (!context.fromJson && !isPlainObject(value)) {
      return context.report(parent, key, compiled.expected, value, describeClass(value), NOT_PLAIN_MESSAGE);
    }
    if (++context.depth > context.maxDepth) {
      context.depth--;
      return context.abort(parent, key, `nesting at most ${context.maxDepth} levels deep`, 'deeper nesting');
    }
    const result = compiled.decodeFields(value as Record<string, unknown>, context, { parent, key });
    context.depth--;
    return result;
  };
}

/** Whether a host-given object is plain JSON data (its prototype is `Object.prototype` or null). */
export function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A non-plain object, for an issue's "received" text: `an instance of Date`. */
export function describeClass(value: object): string {
  const constructor = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)
    ?.constructor;
  const name =
    typeof constructor?.name === 'string' && constructor.name !== '' ? constructor.name : undefined;
  return name === undefined ? 'an object that is not plain JSON' : `an instance of ${name.slice(0, 64)}`;
}
