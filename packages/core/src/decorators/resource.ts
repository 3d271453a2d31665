import type { ResourceOptions } from '../metadata/catalog-options';
import { appendOwnRecord } from '../metadata/metadata-store';
import type { CatalogMethodDecorator } from './catalog-method-decorator';

/**
 * Marks a method of a service class as an MCP resource with a fixed URI: `read(ctx)` returns its
 * contents (a string, bytes, `{ text }`/`{ blob }`, or a list of them). Records only; the
 * definition is judged when the registry reads it.
 */
export function Resource(options: ResourceOptions): CatalogMethodDecorator {
  const frozen = Object.freeze({ ...options });
  return (target, propertyKey) => {
    appendOwnRecord('resourceMethods', target, { method: String(propertyKey), options: frozen });
  };
}
