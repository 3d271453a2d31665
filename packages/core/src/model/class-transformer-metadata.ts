interface TransformerStorage {
  getExposedMetadatas(target: Function): unknown[];
  getExcludedMetadatas(target: Function): unknown[];
  _exposeMetadatas: Map<Function, unknown>;
  _excludeMetadatas: Map<Function, unknown>;
  _transformMetadatas: Map<Function, Map<string, unknown[]>>;
}

// class-transformer 0.5 exports its metadata storage only from this internal path.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const storage = (require('class-transformer/cjs/storage') as { defaultMetadataStorage: TransformerStorage })
  .defaultMetadataStorage;

/**
 * Whether a class (or a base class) carries class-transformer decorators that change how a plain
 * value becomes an instance (`@Transform`, `@Expose`, `@Exclude`, `@Type`), which the compiled
 * decoder then honours by handing that class to class-transformer.
 */
export function usesClassTransformer(target: Function): boolean {
  // With no @Expose, @Exclude or @Transform anywhere there is nothing to find (and nothing for
  // class-transformer to cache about the class's ancestors, which it keeps for good).
  if (storage._exposeMetadatas.size > 0 && storage.getExposedMetadatas(target).length > 0) return true;
  if (storage._excludeMetadatas.size > 0 && storage.getExcludedMetadatas(target).length > 0) return true;
  if (storage._transformMetadatas.size === 0) return false;
  for (
    let current: Function | null = target;
    current && current !== Object;
    current = Object.getPrototypeOf(current) as Function | null
  ) {
    const transforms = storage._transformMetadatas.get(current);
    if (transforms && transforms.size > 0) return true;
  }
  return false;
}
