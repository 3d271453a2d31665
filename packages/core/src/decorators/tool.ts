import { appendOwnRecord } from '../metadata/metadata-store';
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
  // Object.assign rather than a spread with a key added: every tool's options then have one layout,
  // which keeps reading a thousand tools' options as fast as reading one's.
  const frozen = Object.freeze(
    Object.assign({}, options, { annotations: options.annotations && { ...options.annotations } }),
  );
  return (target, propertyKey) => {
    if (propertyKey === undefined) appendOwnRecord('tool', target, frozen);
    else appendOwnRecord('toolMethods', target, { method: String(propertyKey), options: frozen });
  };
}
