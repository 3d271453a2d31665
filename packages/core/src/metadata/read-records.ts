import { getOwnMetadata, MetadataKeys } from './metadata-store';
import type { MethodParamRecords, PropertyParamRecords, ToolMethodRecords } from './records';
import type { ToolOptions } from './tool-options';

/** The `@Tool` options recorded on a class itself (a class tool), if any. */
export function readClassToolRecords(target: Function): readonly ToolOptions[] {
  return getOwnMetadata<readonly ToolOptions[]>(MetadataKeys.tool, target) ?? [];
}

/** The `@Tool` methods recorded on a class's prototype chain (a derived class's methods win). */
export function readToolMethodRecords(target: Function): ToolMethodRecords {
  const merged = new Map<string, ToolMethodRecords extends ReadonlyMap<string, infer V> ? V : never>();
  for (const prototype of prototypeChain(target.prototype as object)) {
    const own = getOwnMetadata<ToolMethodRecords>(MetadataKeys.toolMethods, prototype);
    if (!own) continue;
    for (const [method, records] of own) if (!merged.has(method)) merged.set(method, records);
  }
  return merged;
}

/** `@Param` records of an args class, including those inherited from base classes (base first). */
export function readPropertyParamRecords(target: Function): PropertyParamRecords {
  const merged = new Map<string, PropertyParamRecords extends ReadonlyMap<string, infer V> ? V : never>();
  for (const prototype of prototypeChain(target.prototype as object).reverse()) {
    const own = getOwnMetadata<PropertyParamRecords>(MetadataKeys.params, prototype);
    if (!own) continue;
    for (const [property, records] of own) merged.set(property, records);
  }
  return merged;
}

/** `@Param` records on the parameters of a class's methods. */
export function readMethodParamRecords(target: Function): MethodParamRecords {
  const merged = new Map<string, MethodParamRecords extends ReadonlyMap<string, infer V> ? V : never>();
  for (const prototype of prototypeChain(target.prototype as object)) {
    const own = getOwnMetadata<MethodParamRecords>(MetadataKeys.methodParams, prototype);
    if (!own) continue;
    for (const [method, records] of own) if (!merged.has(method)) merged.set(method, records);
  }
  return merged;
}

/** Whether a class declares any `@Param` property (its own or inherited). */
export function hasParamMetadata(target: Function): boolean {
  return readPropertyParamRecords(target).size > 0;
}

function prototypeChain(start: object | null): object[] {
  const chain: object[] = [];
  for (
    let current = start;
    current && current !== Object.prototype;
    current = Object.getPrototypeOf(current)
  ) {
    chain.push(current);
  }
  return chain;
}

/** `@Param` records mistakenly placed on constructor parameters (recorded on the class itself). */
export function readConstructorParamRecords(target: Function): readonly unknown[] {
  return getOwnMetadata<MethodParamRecords>(MetadataKeys.methodParams, target)?.get('') ?? [];
}
