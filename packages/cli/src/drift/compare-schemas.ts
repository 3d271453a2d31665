import type { SchemaDrift, UncheckedProperty } from './schema-drift';
import { describeShape, type PropertyShape, type SchemaShape } from './schema-shape';

/**
 * The drift between an args class's decorator schema (what the model is told) and the schema of its
 * TypeScript type (what the code expects), property by property, nested classes and array items
 * included. Both are shapes of object schemas.
 */
export function compareSchemas(
  decorator: SchemaShape,
  typescript: SchemaShape,
  argsClass: string,
  unchecked: UncheckedProperty[] = [],
): SchemaDrift[] {
  const drifts: SchemaDrift[] = [];
  compareProperties(decorator, typescript, '', argsClass, drifts, new Set(), unchecked);
  return drifts;
}

function compareProperties(
  decorator: SchemaShape,
  typescript: SchemaShape,
  prefix: string,
  argsClass: string,
  drifts: SchemaDrift[],
  seen: Set<SchemaShape>,
  unchecked: UncheckedProperty[],
): void {
  if (seen.has(decorator)) return;
  seen.add(decorator);
  const decorated = decorator.properties ?? new Map<string, PropertyShape>();
  const declared = typescript.properties ?? new Map<string, PropertyShape>();
  const add = (drift: Omit<SchemaDrift, 'argsClass'>): void => void drifts.push({ argsClass, ...drift });
  for (const [name, typed] of declared) {
    const property = prefix + name;
    const schema = decorated.get(name);
    if (schema === undefined) {
      add({
        code: 'undeclared_property',
        property,
        message: `${property} is declared in TypeScript (${describeShape(typed.shape)}) but has no @Param: the model never sends it, so the code always sees undefined.`,
        fix: `decorate it with @Param({ … }), or remove it from the args class.`,
      });
      continue;
    }
    if (typed.required !== schema.required && !schema.hasDefault) {
      const type = describeShape(typed.shape);
      add(
        typed.required
          ? {
              code: 'required_mismatch',
              property,
              message: `${property} is required in TypeScript (${name}!: ${type}) but optional in the schema (optional: true), so the tool can receive undefined.`,
              fix: `declare it ${name}?: ${type} and handle undefined; or drop optional: true from its @Param (or give it a default).`,
            }
          : {
              code: 'required_mismatch',
              property,
              message: `${property} is optional in TypeScript (${name}?: ${type}) but required in the schema: its @Param has no optional: true, so the model must always send it.`,
              fix: `add optional: true to its @Param (or give it a default); or make the property required (${name}!: ${type}).`,
            },
      );
    }
    const skip = (path: string, reason: string): void =>
      void unchecked.push({ argsClass, property: path, reason });
    compareValues(
      schema.shape,
      typed.shape,
      property,
      add,
      (nested, nestedTyped, path) =>
        compareProperties(nested, nestedTyped, `${path}.`, argsClass, drifts, seen, unchecked),
      skip,
    );
  }
  for (const name of decorated.keys()) {
    if (declared.has(name)) continue;
    add({
      code: 'unknown_property',
      property: prefix + name,
      message: `${prefix + name} is in the schema but the TypeScript class does not declare it.`,
      fix: 'declare the property in the args class, or remove its @Param.',
    });
  }
}

function compareValues(
  decorator: SchemaShape,
  typescript: SchemaShape,
  property: string,
  add: (drift: Omit<SchemaDrift, 'argsClass'>) => void,
  nested: (decorator: SchemaShape, typescript: SchemaShape, path: string) => void,
  skip: (property: string, reason: string) => void,
): void {
  // `any` / `unknown` in TypeScript: nothing to compare.
  if (typescript.types.size === 0 && typescript.values === undefined) return;
  if (typescript.tuple === true || decorator.tuple === true) {
    skip(
      property,
      'a tuple type ([A, B]): its items differ by position, which check-schemas does not compare',
    );
    return;
  }
  const schemaText = describeShape(decorator);
  const typeText = describeShape(typescript);
  if (typescript.types.size > 1 && !sameSet(typescript.types, decorator.types)) {
    add({
      code: 'union_type',
      property,
      message: `${property} is ${typeText} in TypeScript, a union of types the decorators cannot see (reflection gives Object); the schema says ${schemaText}.`,
      fix: `narrow the TypeScript type to ${describeShape({ ...decorator, nullable: typescript.nullable })}, or accept one type (e.g. a string) and convert it in the tool, or split it into separate optional arguments.`,
    });
    return;
  }
  if (!sameSet(typescript.types, decorator.types)) {
    add({
      code: 'type_mismatch',
      property,
      message: `${property} is ${typeText} in TypeScript but ${schemaText} in the schema.`,
      fix: `make them agree: change the TypeScript type, or its @Param type (e.g. @Param({ type: () => ${thunkFor(typescript)} })).`,
    });
    return;
  }
  if (typescript.nullable !== decorator.nullable) {
    add(
      typescript.nullable
        ? {
            code: 'nullable_mismatch',
            property,
            message: `${property} may be null in TypeScript (${typeText}) but the schema does not allow null.`,
            fix: 'add nullable: true to its @Param, or remove | null from the type.',
          }
        : {
            code: 'nullable_mismatch',
            property,
            message: `${property} may be null in the schema (nullable: true) but its TypeScript type (${typeText}) does not include null.`,
            fix: 'add | null to the TypeScript type and handle it, or drop nullable: true.',
          },
    );
  }
  const typedValues = typescript.values;
  const schemaValues = decorator.values;
  if (typedValues !== undefined && schemaValues === undefined) {
    add({
      code: 'enum_mismatch',
      property,
      message: `${property} allows only ${list(typedValues)} in TypeScript, but the schema accepts any ${[...decorator.types].join(' | ')} (reflection sees only ${reflected(decorator)}).`,
      fix: `@Param({ enum: [${typedValues.map((value) => JSON.stringify(value)).join(', ')}] }).`,
    });
  } else if (typedValues === undefined && schemaValues !== undefined) {
    add({
      code: 'enum_mismatch',
      property,
      message: `${property} allows only ${list(schemaValues)} in the schema, but its TypeScript type is any ${[...typescript.types].join(' | ')}.`,
      fix: `type it as ${schemaValues.map((value) => JSON.stringify(value)).join(' | ')} (or the enum), so the code sees what the model may send.`,
    });
  } else if (
    typedValues !== undefined &&
    schemaValues !== undefined &&
    !sameSet(new Set(typedValues), new Set(schemaValues))
  ) {
    add({
      code: 'enum_mismatch',
      property,
      message: `${property} allows ${list(typedValues)} in TypeScript but ${list(schemaValues)} in the schema.`,
      fix: 'list the same values in the type and in @Param({ enum: […] }).',
    });
  }
  if (
    typescript.format === 'date-time' &&
    decorator.format !== 'date-time' &&
    decorator.types.has('string')
  ) {
    add({
      code: 'type_mismatch',
      property,
      message: `${property} is a Date in TypeScript but a plain string in the schema: the model may send any text, and the tool receives a string, not a Date.`,
      fix: `type it as string and parse it in the tool, or declare @Param({ format: 'date-time' }) and convert the string to a Date.`,
    });
  }
  compareBounds(decorator, typescript, property, add);
  if (typescript.items !== undefined && decorator.items !== undefined) {
    compareValues(decorator.items, typescript.items, `${property}[]`, add, nested, skip);
  }
  if (typescript.properties !== undefined && decorator.properties !== undefined)
    nested(decorator, typescript, property);
}

function sameSet<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): boolean {
  return a.size === b.size && [...a].every((value) => b.has(value));
}

function list(values: readonly unknown[]): string {
  return values.map((value) => JSON.stringify(value)).join(' | ');
}

function reflected(shape: SchemaShape): string {
  const [type] = shape.types;
  return type === 'string'
    ? 'String'
    : type === 'number'
      ? 'Number'
      : type === 'boolean'
        ? 'Boolean'
        : 'its type';
}

function thunkFor(shape: SchemaShape): string {
  const [type] = shape.types;
  switch (type) {
    case 'string':
      return 'String';
    case 'number':
      return 'Number';
    case 'boolean':
      return 'Boolean';
    case 'array':
      return shape.items === undefined ? '[Item]' : `[${thunkFor(shape.items)}]`;
    default:
      return 'SomeArgsClass';
  }
}

// JSDoc constraints (`/** @minimum 1 */`) reach the TypeScript schema; the decorators must say the same.
function compareBounds(
  decorator: SchemaShape,
  typescript: SchemaShape,
  property: string,
  add: (drift: Omit<SchemaDrift, 'argsClass'>) => void,
): void {
  const typed = typescript.bounds ?? {};
  const declared = decorator.bounds ?? {};
  for (const [key, value] of Object.entries(typed)) {
    const mine = declared[key];
    if (mine === value) continue;
    add({
      code: 'bounds_mismatch',
      property,
      message:
        mine === undefined
          ? `${property} has the JSDoc constraint @${key} ${value} in TypeScript, but its @Param has no ${key}: the model is not told, and the decoder does not check it.`
          : `${property} has @${key} ${value} in its JSDoc but ${key}: ${mine} in its @Param.`,
      fix: `make them agree: @Param({ ${key}: ${value} }), or change the JSDoc tag.`,
    });
  }
}
