import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { getDesignMetadata } from '../metadata/metadata-store';
import { memberOf } from '../metadata/member-of';
import type { EnumSource, ParamOptions, TypeReference, TypeThunkResult } from '../metadata/param-options';
import { readPropertyParamRecords } from '../metadata/read-records';
import type { PropertyParamRecord } from '../metadata/records';
import type {
  ArgsModel,
  ArrayNode,
  NumberNode,
  PropertyModel,
  StringNode,
  TypeNode,
  ValidatorCheck,
} from './args-model';
import { usesClassTransformer } from './class-transformer-metadata';
import { completeModel, newModel } from './complete-model';
import type { DefinitionProblem } from './definition-problem';
import { enumValues } from './enum-values';
import { foldValidator } from './fold-validator';
import { lenientDecodersOf } from './lenient-decoders-of';
import { NoArguments } from './no-arguments';
import type { Mutable, ParamOptionsDraft } from './param-options-draft';
import { shareTypeNode } from './share-type-node';
import { ToolDefinitionError } from './tool-definition-error';
import { canonicalOrder, validatorsOf } from './validator-metadata';

const cache = new WeakMap<Function, ArgsModel>();

/**
 * The built model of an args class: computed once per class from `@Param`, reflection and
 * class-validator metadata, then cached. Throws a `ToolDefinitionError` listing every problem.
 */
export function getArgsModel(target: Function): ArgsModel {
  const cached = cache.get(target);
  if (cached) return cached;
  if (target === NoArguments) {
    // The documented args class of a tool without arguments: an empty model, so an empty object schema.
    const empty = completeModel(newModel(NoArguments, NoArguments.name, false), [], []);
    cache.set(target, empty);
    return empty;
  }
  const problems: DefinitionProblem[] = [];
  const model = new ModelBuilder(problems).build(target);
  if (problems.length > 0) {
    for (const built of builtDuringFailure) cache.delete(built);
    builtDuringFailure.length = 0;
    throw new ToolDefinitionError(problems);
  }
  builtDuringFailure.length = 0;
  return model;
}

/** An inline parameter of a tool method, as the model builder sees it. */
export interface InlineParam {
  readonly index: number;
  readonly options: ParamOptions;
  readonly designType: unknown;
}

/**
 * Builds the model of a method's inline `@Param` parameters: a synthetic args class whose
 * properties are the parameters, in parameter order. Not cached here (the caller caches per method).
 */
export function buildInlineArgsModel(
  className: string,
  method: string,
  params: readonly InlineParam[],
): ArgsModel {
  const problems: DefinitionProblem[] = [];
  const synthetic = { [`${className}.${method} arguments`]: class {} }[`${className}.${method} arguments`]!;
  const builder = new ModelBuilder(problems);
  const properties: PropertyModel[] = [];
  for (const param of [...params].sort((a, b) => a.index - b.index)) {
    const where = `${className}.${method}(parameter ${param.index})`;
    const name = param.options.name;
    if (!name) {
      problems.push({
        code: 'missing_param_name',
        where,
        message:
          'a method parameter needs an explicit name, since parameter names do not survive compilation.',
        fix: `write @Param('name', { … }) on parameter ${param.index}.`,
      });
      continue;
    }
    const property = builder.buildProperty(where, name, param.options, param.designType, []);
    if (property) properties.push(property);
  }
  const model = completeModel(newModel(synthetic, `${className}.${method}`, false), properties, problems);
  if (problems.length > 0) {
    // Nested classes built on the way are evicted too, so reading one of them later reports its problems.
    for (const built of builtDuringFailure) cache.delete(built);
    builtDuringFailure.length = 0;
    throw new ToolDefinitionError(problems);
  }
  builtDuringFailure.length = 0;
  return model;
}

// Models built while a build fails are evicted so a later read reports the problems again. A list
// (each class is built once per read), emptied after every read.
const builtDuringFailure: Function[] = [];

class ModelBuilder {
  constructor(private readonly problems: DefinitionProblem[]) {}

  build(target: Function): ArgsModel {
    const cached = cache.get(target);
    if (cached) return cached;
    const records = readPropertyParamRecords(target);
    const className = (memberOf(target, 'name') as string) || 'anonymous class';
    const validatorsByProperty = validatorsOf(target);

    if (records.length === 0) {
      this.problems.push({
        code: 'no_params',
        where: className,
        message: 'the class has no @Param properties, so it cannot describe tool arguments.',
        fix: `decorate each argument property of ${className} with @Param({ description: … }).`,
      });
    }
    if (validatorsByProperty !== undefined) {
      for (const property of validatorsByProperty.keys()) {
        if (!records.some((record) => record.property === property)) {
          this.problems.push({
            code: 'validator_without_param',
            where: `${className}.${property}`,
            message: 'has class-validator decorators but no @Param, so the model would never see it.',
            fix: `add @Param({ description: … }) to ${className}.${property}, or remove its validators.`,
          });
        }
      }
    }

    // Register the (mutable, not yet frozen) model first so recursive references resolve to it.
    const model = newModel(target, className, usesClassTransformer(target));
    cache.set(target, model);
    builtDuringFailure.push(target);
    const properties: PropertyModel[] = [];

    const prototype = memberOf(target, 'prototype') as object;
    const initializers = new Initializers(target);
    // Indexed, one property's records at a time (they are next to each other).
    for (let start = 0; start < records.length;) {
      const property = records[start]!.property;
      let end = start + 1;
      while (end < records.length && records[end]!.property === property) end += 1;
      const where = `${className}.${property}`;
      const options =
        end === start + 1 ? records[start]!.options : this.mergeOptions(where, records.slice(start, end));
      const designType = getDesignMetadata('design:type', prototype, property);
      const initial = initializers.read(property);
      if (
        designType === Object &&
        options.type === undefined &&
        options.enum === undefined &&
        isPrimitive(initial)
      ) {
        // `limit = 10`: TypeScript records design:type only from an annotation, never from an initializer.
        const typeName = typeof initial;
        this.problems.push({
          code: 'reflection_gap',
          where,
          message: `reflection gives Object: its type comes only from its initializer (${property} = ${JSON.stringify(initial)}), which TypeScript does not record (or from a union or alias).`,
          fix: `annotate it: ${property}: ${typeName} = ${JSON.stringify(initial)} (the initializer then becomes the schema default); for a union of literals, @Param({ enum: [...] }).`,
        });
        start = end;
        continue;
      }
      // An annotated property's initializer is its default, unless @Param states one.
      const withDefault =
        options.default === undefined && options.optional !== true && matchesDesignType(initial, designType)
          ? { ...options, default: initial }
          : options;
      const built = this.buildProperty(
        where,
        options.name ?? property,
        withDefault,
        designType,
        validatorsByProperty?.get(property) ?? NONE,
        property,
      );
      if (built) properties.push(built);
      start = end;
    }
    return completeModel(model, properties, this.problems);
  }

  buildProperty(
    where: string,
    name: string,
    paramOptions: ParamOptions,
    designType: unknown,
    validators: readonly ValidationMetadata[],
    property: string = name,
  ): PropertyModel | undefined {
    // Validators fold into the options: a copy, since the records are the decorators' own.
    const options: ParamOptionsDraft = validators.length === 0 ? paramOptions : { ...paramOptions };
    let checks: ValidatorCheck[] | undefined;
    let residualValidators: ValidationMetadata[] | undefined;
    let integerFromValidators = false;

    const ordered = canonicalOrder(validators);
    for (let i = 0; i < ordered.length; i += 1) {
      const validator = ordered[i]!;
      const outcome = foldValidator(validator, options);
      if (outcome === 'integer') {
        integerFromValidators = true;
      } else if (outcome === 'check') {
        (checks ??= []).push({
          name: validator.name ?? '',
          constraints: validator.constraints ?? [],
          each: validator.each === true,
        });
      } else if (outcome === 'residual') {
        (residualValidators ??= []).push(validator);
      }
    }
    if (integerFromValidators) options.integer = true;

    const type = this.resolveType(where, options, designType);
    if (!type) return undefined;
    this.checkBounds(where, options);
    const lenient =
      options.lenient === undefined
        ? undefined
        : lenientDecodersOf(where, options.lenient, type, this.problems);

    const hasDefault = options.default !== undefined;
    const optional = options.optional === true || hasDefault;
    const nullable = options.nullable === true;
    const frozenChecks = checks ? Object.freeze(checks) : NONE;
    const residual = residualValidators ? Object.freeze(residualValidators) : NONE;
    // Optional keys are present only when set. Most properties have at most a description: written
    // as one literal, their keys all live in the object, not in a second array of added keys.
    if (!hasDefault && !options.title && !options.examples && !options.deprecated && !lenient) {
      const description = options.description;
      return Object.freeze(
        description
          ? {
              property,
              name,
              type,
              optional,
              nullable,
              hasDefault,
              description,
              checks: frozenChecks,
              residualValidators: residual,
            }
          : {
              property,
              name,
              type,
              optional,
              nullable,
              hasDefault,
              checks: frozenChecks,
              residualValidators: residual,
            },
      );
    }
    const built: Partial<Mutable<PropertyModel>> = { property, name, type, optional, nullable, hasDefault };
    if (hasDefault) built.default = options.default;
    if (options.description) built.description = options.description;
    if (options.title) built.title = options.title;
    if (options.examples) built.examples = Object.freeze([...options.examples]);
    if (options.deprecated) built.deprecated = true;
    if (lenient) built.lenient = lenient;
    built.checks = frozenChecks;
    built.residualValidators = residual;
    return Object.freeze(built as PropertyModel);
  }

  /** The options of a property with several @Param records (one @Param per property is the rule). */
  private mergeOptions(where: string, records: readonly PropertyParamRecord[]): ParamOptions {
    const merged: Record<string, unknown> = {};
    for (const { options } of records) {
      for (const key of Object.keys(options)) {
        const value = (options as Record<string, unknown>)[key];
        if (value === undefined) continue;
        if (key in merged && !sameOption(merged[key], value)) {
          this.problems.push({
            code: 'conflicting_params',
            where,
            message: `two @Param decorators disagree on '${key}'.`,
            fix: 'keep one @Param per property, or make them agree.',
          });
          continue;
        }
        merged[key] = value;
      }
    }
    return merged as ParamOptions;
  }

  private resolveType(where: string, options: ParamOptionsDraft, designType: unknown): TypeNode | undefined {
    if (options.type) {
      let result: TypeThunkResult;
      try {
        result = options.type();
      } catch (error) {
        this.problems.push({
          code: 'invalid_type_thunk',
          where,
          message: `its type thunk threw: ${error instanceof Error ? error.message : String(error)}.`,
          fix: 'make the thunk return a class or [Class], e.g. type: () => [EditOp].',
        });
        return undefined;
      }
      return this.fromReference(where, result, options, 0);
    }
    if (
      options.enum !== undefined &&
      (designType === undefined || designType === Object || designType === String || designType === Number)
    ) {
      return this.enumNode(where, options.enum, options);
    }
    if (designType === Array) {
      this.problems.push({
        code: 'reflection_gap',
        where,
        message: 'reflection gives Array; say the item type.',
        fix: `@Param({ type: () => [Item] }) — e.g. () => [String], () => [Number] or () => [SomeArgsClass].`,
      });
      return undefined;
    }
    if (designType === undefined || designType === Object) {
      const seen =
        designType === undefined
          ? 'undefined (is emitDecoratorMetadata on?)'
          : 'Object (a union, alias, interface or any)';
      this.problems.push({
        code: 'reflection_gap',
        where,
        message: `reflection gives ${seen}; say the type.`,
        fix:
          '@Param({ type: () => SomeClass }) for a nested class, or @Param({ enum: [...] }) for a union of literals; ' +
          'T | null reflects as Object too: @Param({ type: () => String, nullable: true }).',
      });
      return undefined;
    }
    return this.fromReference(where, designType as TypeReference, options, 0);
  }

  private fromReference(
    where: string,
    reference: TypeThunkResult,
    options: ParamOptionsDraft,
    depth: number,
  ): TypeNode | undefined {
    if (Array.isArray(reference)) {
      if (reference.length !== 1) {
        this.problems.push({
          code: 'invalid_type_thunk',
          where,
          message: `its type thunk returns an array of ${reference.length} entries.`,
          fix: 'an array type has exactly one item type: type: () => [Item].',
        });
        return undefined;
      }
      const items = this.fromReference(where, reference[0] as TypeThunkResult, options, depth + 1);
      if (!items) return undefined;
      const node: Mutable<ArrayNode> = { kind: 'array', items };
      if (depth === 0) {
        if (options.minItems !== undefined) node.minItems = options.minItems;
        if (options.maxItems !== undefined) node.maxItems = options.maxItems;
        if (options.uniqueItems !== undefined) node.uniqueItems = options.uniqueItems;
      }
      return Object.freeze(node);
    }
    if (options.enum !== undefined) return this.enumNode(where, options.enum, options);
    if (reference === String) {
      const node: Mutable<StringNode> = { kind: 'string' };
      if (options.minLength !== undefined) node.minLength = options.minLength;
      if (options.maxLength !== undefined) node.maxLength = options.maxLength;
      if (options.format !== undefined) node.format = options.format;
      if (options.pattern !== undefined)
        node.pattern = options.pattern instanceof RegExp ? options.pattern.source : options.pattern;
      return shareTypeNode(node);
    }
    if (reference === Number) {
      const node: Mutable<NumberNode> = { kind: 'number', integer: options.integer === true };
      if (options.minimum !== undefined) node.minimum = options.minimum;
      if (options.maximum !== undefined) node.maximum = options.maximum;
      if (options.exclusiveMinimum !== undefined) node.exclusiveMinimum = options.exclusiveMinimum;
      if (options.exclusiveMaximum !== undefined) node.exclusiveMaximum = options.exclusiveMaximum;
      if (options.multipleOf !== undefined) node.multipleOf = options.multipleOf;
      return shareTypeNode(node);
    }
    if (reference === Boolean) return BOOLEAN_NODE;
    if (reference === Object || reference === Array || reference === undefined || reference === null) {
      this.problems.push({
        code: 'reflection_gap',
        where,
        message: `its type resolves to ${String((reference as Function | undefined)?.name ?? reference)}.`,
        fix: 'name a concrete type: String, Number, Boolean, an args class, or [Item].',
      });
      return undefined;
    }
    if (typeof reference !== 'function' || UNSUPPORTED.has(reference)) {
      const label = typeof reference === 'function' ? reference.name : typeof reference;
      this.problems.push({
        code: 'unsupported_type',
        where,
        message: `${label} has no JSON form a model can send.`,
        fix: 'use a string (with a format, e.g. date-time), a number, a boolean, an args class or an array.',
      });
      return undefined;
    }
    const nested = cache.get(reference) ?? this.build(reference);
    return Object.freeze({ kind: 'object' as const, model: nested });
  }

  private enumNode(where: string, source: EnumSource, options: ParamOptionsDraft): TypeNode | undefined {
    const values = enumValues(source);
    if (
      values.length === 0 ||
      values.some((v) => typeof v !== 'string' && !(typeof v === 'number' && Number.isFinite(v)))
    ) {
      this.problems.push({
        code: 'invalid_enum',
        where,
        message: 'its enum has no values, or values that are not strings or finite numbers.',
        fix: "give a non-empty list, e.g. enum: ['a', 'b'], or a TypeScript enum.",
      });
      return undefined;
    }
    const allowed = options.allowedValues ? values.filter((v) => options.allowedValues!.includes(v)) : values;
    return Object.freeze({ kind: 'enum' as const, values: Object.freeze(unique(allowed)) });
  }

  private checkBounds(where: string, options: ParamOptionsDraft): void {
    // A lower bound above its upper bound leaves no valid value. Compared inline: the usual
    // property (bounds in order, or none) makes no call.
    const { minimum, maximum, minLength, maxLength, minItems, maxItems } = options;
    if (typeof minimum === 'number' && typeof maximum === 'number' && minimum > maximum)
      this.orderProblem(where, 'minimum', minimum, 'maximum', maximum);
    if (typeof minLength === 'number' && typeof maxLength === 'number' && minLength > maxLength)
      this.orderProblem(where, 'minLength', minLength, 'maxLength', maxLength);
    if (typeof minItems === 'number' && typeof maxItems === 'number' && minItems > maxItems)
      this.orderProblem(where, 'minItems', minItems, 'maxItems', maxItems);
    if (options.pattern !== undefined) {
      try {
        new RegExp(options.pattern instanceof RegExp ? options.pattern.source : options.pattern, 'u');
      } catch {
        this.problems.push({
          code: 'invalid_option',
          where,
          message: 'its pattern is not a valid unicode regular expression.',
          fix: 'write a pattern that compiles with new RegExp(pattern, "u").',
        });
      }
    }
  }

  private orderProblem(where: string, low: string, a: number, high: string, b: number): void {
    this.problems.push({
      code: 'invalid_option',
      where,
      message: `${low} (${a}) is greater than ${high} (${b}), so no value is valid.`,
      fix: `make ${low} ≤ ${high}.`,
    });
  }
}

/** Shared by every property without validator checks (most of them). */
const NONE: readonly never[] = Object.freeze([]);

const BOOLEAN_NODE: TypeNode = Object.freeze({ kind: 'boolean' });

const UNSUPPORTED = new Set<Function>([
  Date,
  Map,
  Set,
  Promise,
  Function,
  Symbol,
  BigInt,
  RegExp,
  WeakMap,
  WeakSet,
]);

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

function sameOption(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof RegExp && b instanceof RegExp) return a.source === b.source && a.flags === b.flags;
  if (typeof a === 'function' || typeof b === 'function') return false;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

// The values an args class's property initializers give, read from one instance made only when a
// property needs it (a class whose constructor throws or needs arguments has none).
class Initializers {
  #instance: Record<string, unknown> | null | undefined;

  constructor(private readonly target: Function) {}

  read(property: string): unknown {
    if (this.#instance === undefined) {
      try {
        this.#instance = new (this.target as new () => Record<string, unknown>)();
      } catch {
        this.#instance = null;
      }
    }
    if (this.#instance === null || !Object.hasOwn(this.#instance, property)) return undefined;
    return this.#instance[property];
  }
}

function isPrimitive(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function matchesDesignType(value: unknown, designType: unknown): boolean {
  return (
    (designType === Number && typeof value === 'number' && Number.isFinite(value)) ||
    (designType === String && typeof value === 'string') ||
    (designType === Boolean && typeof value === 'boolean')
  );
}
