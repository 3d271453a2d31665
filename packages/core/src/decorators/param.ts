import { appendOwnRecord } from '../metadata/metadata-store';
import type { ParamOptions } from '../metadata/param-options';

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
  // Object.assign rather than a spread with a key added, as in @Tool: every copy has one layout.
  const options: ParamOptions =
    typeof nameOrOptions === 'string'
      ? Object.assign({}, maybeOptions, { name: nameOrOptions })
      : { ...nameOrOptions };
  return (target, propertyKey, parameterIndex) => {
    if (typeof parameterIndex === 'number') {
      // Constructor parameters (propertyKey undefined) are recorded under '' and refused when read.
      const method = propertyKey === undefined ? '' : String(propertyKey);
      appendOwnRecord('methodParams', target, { method, index: parameterIndex, options });
      return;
    }
    appendOwnRecord('params', target, { property: String(propertyKey), options });
  };
}
