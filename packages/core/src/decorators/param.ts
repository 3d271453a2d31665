import { MetadataKeys, updateOwnMetadata } from '../metadata/metadata-store';
import type { ParamOptions } from '../metadata/param-options';
import type { MethodParamRecord, PropertyParamRecord } from '../metadata/records';

/** A decorator usable on an args-class property and on a tool method's parameter. */
export type ParamDecorator = (
  target: object,
  propertyKey: string | symbol | undefined,
  parameterIndex?: number,
) => void;

/**
 * Declares a tool argument: on a property of an args class (`@Param({ description })`), or on a
 * parameter of a tool method with an explicit name (`@Param('path', { … })`), since parameter names
 * do not survive compilation. Records only; the definition is judged when it is read.
 */
export function Param(options?: ParamOptions): ParamDecorator;
export function Param(name: string, options?: ParamOptions): ParamDecorator;
export function Param(nameOrOptions?: string | ParamOptions, maybeOptions?: ParamOptions): ParamDecorator {
  const options: ParamOptions =
    typeof nameOrOptions === 'string' ? { ...maybeOptions, name: nameOrOptions } : { ...nameOrOptions };
  return (target, propertyKey, parameterIndex) => {
    if (typeof parameterIndex === 'number') {
      // Constructor parameters (propertyKey undefined) are recorded under '' and refused when read.
      const method = propertyKey === undefined ? '' : String(propertyKey);
      const record: MethodParamRecord = { index: parameterIndex, options };
      updateOwnMetadata<Map<string, MethodParamRecord[]>>(
        MetadataKeys.methodParams,
        target,
        () => new Map(),
        (current) => appendTo(current, method, record),
      );
      return;
    }
    const property = String(propertyKey);
    const record: PropertyParamRecord = { property, options };
    updateOwnMetadata<Map<string, PropertyParamRecord[]>>(
      MetadataKeys.params,
      target,
      () => new Map(),
      (current) => appendTo(current, property, record),
    );
  };
}

function appendTo<K, V>(current: ReadonlyMap<K, readonly V[]>, key: K, value: V): Map<K, V[]> {
  // Copy-on-write: a subclass's metadata never aliases its base class's map.
  const next = new Map<K, V[]>();
  for (const [k, v] of current) next.set(k, [...v]);
  next.set(key, [...(next.get(key) ?? []), value]);
  return next;
}
