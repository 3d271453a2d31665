import 'reflect-metadata';
import type {
  CompleteMethodRecord,
  MethodParamRecord,
  PromptMethodRecord,
  PropertyParamRecord,
  ResourceMethodRecord,
  ResourceTemplateMethodRecord,
  ToolMethodRecord,
} from './records';
import type { ToolOptions } from './tool-options';

// The one writer and the one reader of toolwright's decorator records. Each class (or prototype)
// keeps its own records, in decoration order, in weak maps rather than in reflect-metadata (a Map
// per class and per key, copied on every decorator): a thousand tools retain a few short lists,
// not thousands of Maps. There is no global list of tools.

/** What each kind of record holds. */
interface RecordKinds {
  /** `@Tool` on a class. */
  readonly tool: ToolOptions;
  /** `@Tool` on a method. */
  readonly toolMethods: ToolMethodRecord;
  /** `@Param` on a property. */
  readonly params: PropertyParamRecord;
  /** `@Param` on a method (or constructor) parameter. */
  readonly methodParams: MethodParamRecord;
  /** `@Resource` on a method. */
  readonly resourceMethods: ResourceMethodRecord;
  /** `@ResourceTemplate` on a method. */
  readonly resourceTemplateMethods: ResourceTemplateMethodRecord;
  /** `@Prompt` on a method. */
  readonly promptMethods: PromptMethodRecord;
  /** `@Complete` on a method. */
  readonly completeMethods: CompleteMethodRecord;
}

/** A kind of record toolwright's decorators write. */
export type RecordKind = keyof RecordKinds;

type RecordStore = { readonly [K in RecordKind]: WeakMap<object, readonly RecordKinds[K][]> };

// On a global symbol, versioned by layout, so two installed copies of core share the records.
const STORE_KEY = Symbol.for('toolwright.core.records.v1');

const store: RecordStore = ((globalThis as Record<symbol, RecordStore | undefined>)[STORE_KEY] ??= {
  tool: new WeakMap(),
  toolMethods: new WeakMap(),
  params: new WeakMap(),
  methodParams: new WeakMap(),
  resourceMethods: new WeakMap(),
  resourceTemplateMethods: new WeakMap(),
  promptMethods: new WeakMap(),
  completeMethods: new WeakMap(),
});
// A store made by an older copy of core lacks the catalog kinds: add them (the layout is otherwise the same).
for (const kind of [
  'resourceMethods',
  'resourceTemplateMethods',
  'promptMethods',
  'completeMethods',
] as const)
  (store as { [K in RecordKind]: RecordStore[K] | undefined })[kind] ??= new WeakMap() as never;

/** The records of a kind declared on `target` itself (never inherited), in decoration order. */
export function getOwnRecords<K extends RecordKind>(
  kind: K,
  target: object,
): readonly RecordKinds[K][] | undefined {
  return store[kind].get(target);
}

/** Appends one record to those `target` declares itself; the only writer. */
export function appendOwnRecord<K extends RecordKind>(kind: K, target: object, record: RecordKinds[K]): void {
  const own = store[kind].get(target);
  // A new list each time: sized to its records (a pushed array keeps spare room), and never changed once read.
  store[kind].set(target, own === undefined ? [record] : own.concat([record]));
}

/** Reads TypeScript's emitted design metadata (`design:type`, `design:paramtypes`, `design:returntype`). */
export function getDesignMetadata(
  key: 'design:type' | 'design:paramtypes' | 'design:returntype',
  target: object,
  property?: string | symbol,
): unknown {
  // The target's own metadata first: one lookup where the inherited read makes two, the usual case.
  return property === undefined
    ? (Reflect.getOwnMetadata(key, target) ?? Reflect.getMetadata(key, target))
    : (Reflect.getOwnMetadata(key, target, property) ?? Reflect.getMetadata(key, target, property));
}
