import 'reflect-metadata';

// The one writer and the one reader of toolwright's decorator metadata. Metadata lives on each class
// under namespaced keys; nothing else in toolwright calls `Reflect.*` for its own keys, and there is
// no global list of tools.

/** The namespaced metadata keys toolwright writes. */
export const MetadataKeys = {
  tool: 'toolwright:core/tool',
  toolMethods: 'toolwright:core/tool-methods',
  params: 'toolwright:core/params',
  methodParams: 'toolwright:core/method-params',
} as const;

/** Reads metadata defined on `target` itself (never inherited). */
export function getOwnMetadata<T>(key: string, target: object, property?: string | symbol): T | undefined {
  return (
    property === undefined
      ? Reflect.getOwnMetadata(key, target)
      : Reflect.getOwnMetadata(key, target, property)
  ) as T | undefined;
}

/** Replaces own metadata with `update(current)`; the only writer. */
export function updateOwnMetadata<T>(
  key: string,
  target: object,
  initial: () => T,
  update: (current: T) => T,
): void {
  const current = getOwnMetadata<T>(key, target) ?? initial();
  Reflect.defineMetadata(key, update(current), target);
}

/** Reads TypeScript's emitted design metadata (`design:type`, `design:paramtypes`, `design:returntype`). */
export function getDesignMetadata(
  key: 'design:type' | 'design:paramtypes' | 'design:returntype',
  target: object,
  property?: string | symbol,
): unknown {
  return property === undefined
    ? Reflect.getMetadata(key, target)
    : Reflect.getMetadata(key, target, property);
}
