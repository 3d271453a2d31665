import type { CompleteOptions } from '../metadata/catalog-options';
import { appendOwnRecord } from '../metadata/metadata-store';
import type { CatalogMethodDecorator } from './catalog-method-decorator';

/**
 * Marks a method of a service class as the completer of one prompt argument
 * (`@Complete({ prompt, argument })`) or resource-template variable
 * (`@Complete({ resourceTemplate, argument })`): `method(value, context)` returns candidate values,
 * with the service's injected dependencies at hand. Records only; the registry checks that the
 * prompt or template and its argument exist.
 */
export function Complete(options: CompleteOptions): CatalogMethodDecorator {
  const frozen = Object.freeze({ ...options });
  return (target, propertyKey) => {
    appendOwnRecord('completeMethods', target, { method: String(propertyKey), options: frozen });
  };
}
