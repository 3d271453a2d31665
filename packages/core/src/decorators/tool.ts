import { MetadataKeys, updateOwnMetadata } from '../metadata/metadata-store';
import type { ToolMethodRecord } from '../metadata/records';
import type { ToolOptions } from '../metadata/tool-options';

/** A decorator usable on a class (one tool) and on methods of a service class (one tool each). */
export type ToolDecorator = (
  target: object,
  propertyKey?: string | symbol,
  descriptor?: PropertyDescriptor,
) => void;

/**
 * Marks a class as a tool (implementing `run(args, ctx)` or `async *execute(args, ctx)`), or a
 * method of a service class as a tool. Records only: a tool without `run`/`execute` is refused
 * when its definition is read, so decorator order never matters.
 */
export function Tool(options: ToolOptions): ToolDecorator {
  const frozen = Object.freeze({
    ...options,
    annotations: options.annotations && { ...options.annotations },
  });
  return (target, propertyKey) => {
    if (propertyKey === undefined) {
      updateOwnMetadata<readonly ToolOptions[]>(
        MetadataKeys.tool,
        target,
        () => [],
        (current) => [...current, frozen],
      );
      return;
    }
    const method = String(propertyKey);
    const record: ToolMethodRecord = { method, options: frozen };
    updateOwnMetadata<Map<string, ToolMethodRecord[]>>(
      MetadataKeys.toolMethods,
      target,
      () => new Map(),
      (current) => {
        const next = new Map<string, ToolMethodRecord[]>();
        for (const [k, v] of current) next.set(k, [...v]);
        next.set(method, [...(next.get(method) ?? []), record]);
        return next;
      },
    );
  };
}
