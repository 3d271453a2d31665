import { getOwnRecords, type RecordKind } from './metadata-store';
import { memberOf } from './member-of';
import type {
  MethodParamRecord,
  PropertyParamRecord,
  PropertyParamRecords,
  ToolMethodRecord,
  ToolMethodRecords,
} from './records';
import type { ToolOptions } from './tool-options';

const NO_RECORDS: readonly never[] = Object.freeze([]);
const NO_GROUPS: ReadonlyMap<string, never> = new Map<string, never>();

/** The `@Tool` options recorded on a class itself (a class tool), if any. */
export function readClassToolRecords(target: Function): readonly ToolOptions[] {
  return getOwnRecords('tool', target) ?? NO_RECORDS;
}

/** The `@Tool` methods recorded on a class's prototype chain (a derived class's methods win). */
export function readToolMethodRecords(target: Function): ToolMethodRecords {
  let merged: Map<string, ToolMethodRecord[]> | undefined;
  for (let prototype = firstPrototype(target); prototype; prototype = parentPrototype(prototype)) {
    const own = getOwnRecords('toolMethods', prototype);
    if (own === undefined) continue;
    const level = groupBy(own, (record) => record.method);
    if (merged === undefined) merged = level;
    else for (const [method, records] of level) if (!merged.has(method)) merged.set(method, records);
  }
  return merged ?? NO_GROUPS;
}

/** The kinds of method records a catalog decorator writes. */
export type CatalogRecordKind = Extract<
  RecordKind,
  'resourceMethods' | 'resourceTemplateMethods' | 'promptMethods' | 'completeMethods'
>;

/** The catalog records of one kind on a class's prototype chain, by method (a derived class's methods win). */
export function readCatalogMethodRecords<K extends CatalogRecordKind>(
  kind: K,
  target: Function,
): ReadonlyMap<string, readonly NonNullable<ReturnType<typeof getOwnRecords<K>>>[number][]> {
  type Entry = NonNullable<ReturnType<typeof getOwnRecords<K>>>[number];
  let merged: Map<string, Entry[]> | undefined;
  for (let prototype = firstPrototype(target); prototype; prototype = parentPrototype(prototype)) {
    const own = getOwnRecords(kind, prototype);
    if (own === undefined) continue;
    const level = groupBy<Entry>(own, (record) => record.method);
    if (merged === undefined) merged = level;
    else for (const [method, records] of level) if (!merged.has(method)) merged.set(method, records);
  }
  return merged ?? NO_GROUPS;
}

/** Whether a class (or a base class) declares any resource, resource template, prompt or completer. */
export function hasCatalogMetadata(target: Function): boolean {
  for (let prototype = firstPrototype(target); prototype; prototype = parentPrototype(prototype))
    if (
      getOwnRecords('resourceMethods', prototype) !== undefined ||
      getOwnRecords('resourceTemplateMethods', prototype) !== undefined ||
      getOwnRecords('promptMethods', prototype) !== undefined ||
      getOwnRecords('completeMethods', prototype) !== undefined
    )
      return true;
  return false;
}

/** Whether a class (or a base class) declares any `@Tool`, on itself or on a method. */
export function hasToolMetadata(target: Function): boolean {
  return readClassToolRecords(target).length > 0 || readToolMethodRecords(target).size > 0;
}

/**
 * `@Param` records of an args class, including those inherited from base classes: each property's
 * records together, properties in declaration order (base first; a property a derived class
 * declares again keeps its place and takes the derived records).
 */
export function readPropertyParamRecords(target: Function): PropertyParamRecords {
  const prototype = firstPrototype(target);
  if (prototype === undefined) return NO_RECORDS;
  const own = getOwnRecords('params', prototype);
  // The usual class (one @Param per property, none inherited) is read as recorded, with no grouping.
  if (own !== undefined && !inheritsParams(prototype) && eachPropertyOnce(own)) return own;
  const grouped = mergePropertyRecords(prototype);
  if (grouped === undefined) return NO_RECORDS;
  const records: PropertyParamRecord[] = [];
  grouped.forEach((group) => {
    for (let i = 0; i < group.length; i += 1) records.push(group[i]!);
  });
  return records;
}

function inheritsParams(prototype: object): boolean {
  for (let parent = parentPrototype(prototype); parent; parent = parentPrototype(parent))
    if (getOwnRecords('params', parent) !== undefined) return true;
  return false;
}

function eachPropertyOnce(records: readonly PropertyParamRecord[]): boolean {
  // Classes have a handful of properties: comparing each pair costs less than a set.
  if (records.length > 32) return new Set(records.map((record) => record.property)).size === records.length;
  for (let i = 1; i < records.length; i += 1)
    for (let j = 0; j < i; j += 1) if (records[i]!.property === records[j]!.property) return false;
  return true;
}

function mergePropertyRecords(prototype: object | undefined): Map<string, PropertyParamRecord[]> | undefined {
  if (prototype === undefined) return undefined;
  const merged = mergePropertyRecords(parentPrototype(prototype));
  const own = getOwnRecords('params', prototype);
  if (own === undefined) return merged;
  const level = groupBy(own, (record) => record.property);
  if (merged === undefined) return level;
  // A property a derived class declares again keeps its place and takes the derived records.
  for (const [property, records] of level) merged.set(property, records);
  return merged;
}

/** `@Param` records on the parameters of one method, from the nearest class that declares any. */
export function readMethodParamRecords(target: Function, method: string): readonly MethodParamRecord[] {
  for (let prototype = firstPrototype(target); prototype; prototype = parentPrototype(prototype)) {
    const own = getOwnRecords('methodParams', prototype);
    if (own === undefined) continue;
    const records = own.filter((record) => record.method === method);
    if (records.length > 0) return records;
  }
  return NO_RECORDS;
}

/** Whether a class declares any `@Param` property (its own or inherited). */
export function hasParamMetadata(target: Function): boolean {
  for (let prototype = firstPrototype(target); prototype; prototype = parentPrototype(prototype))
    if (getOwnRecords('params', prototype) !== undefined) return true;
  return false;
}

/** `@Param` records mistakenly placed on constructor parameters (recorded on the class itself). */
export function readConstructorParamRecords(target: Function): readonly unknown[] {
  const own = getOwnRecords('methodParams', target);
  return own ? own.filter((record) => record.method === '') : NO_RECORDS;
}

// Records are read along a class's prototype chain, derived first, up to (not including) Object.prototype.

function firstPrototype(target: Function): object | undefined {
  const prototype = memberOf(target, 'prototype') as object | null | undefined;
  return prototype && prototype !== Object.prototype ? prototype : undefined;
}

function parentPrototype(prototype: object): object | undefined {
  const parent = Object.getPrototypeOf(prototype) as object | null;
  return parent && parent !== Object.prototype ? parent : undefined;
}

/** Records grouped by key, keys in order of their first record. */
function groupBy<R>(records: readonly R[], keyOf: (record: R) => string): Map<string, R[]> {
  const groups = new Map<string, R[]>();
  // Indexed: an iterator would be allocated on every read of a class.
  for (let i = 0; i < records.length; i += 1) {
    const record = records[i]!;
    const key = keyOf(record);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [record]);
    else group.push(record);
  }
  return groups;
}
