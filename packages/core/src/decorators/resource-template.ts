import type { ResourceTemplateOptions } from '../metadata/catalog-options';
import { appendOwnRecord } from '../metadata/metadata-store';
import type { CatalogMethodDecorator } from './catalog-method-decorator';

/**
 * Marks a method of a service class as an MCP resource template: an RFC 6570 URI template whose
 * variables are the method's `@Param` arguments (an args class or `@Param` parameters). Records
 * only; variables and params are matched when the registry reads it.
 */
export function ResourceTemplate(options: ResourceTemplateOptions): CatalogMethodDecorator {
  const frozen = Object.freeze({ ...options, complete: options.complete && { ...options.complete } });
  return (target, propertyKey) => {
    appendOwnRecord('resourceTemplateMethods', target, { method: String(propertyKey), options: frozen });
  };
}
