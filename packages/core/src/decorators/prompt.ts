import type { PromptOptions } from '../metadata/catalog-options';
import { appendOwnRecord } from '../metadata/metadata-store';
import type { CatalogMethodDecorator } from './catalog-method-decorator';

/**
 * Marks a method of a service class as an MCP prompt: it builds the prompt's messages from its
 * arguments (an args class, or `@Param` parameters) and returns text, a list of messages, or
 * `{ description?, messages }`. Records only; judged when the registry reads it.
 */
export function Prompt(options: PromptOptions): CatalogMethodDecorator {
  const frozen = Object.freeze({ ...options, complete: options.complete && { ...options.complete } });
  return (target, propertyKey) => {
    appendOwnRecord('promptMethods', target, { method: String(propertyKey), options: frozen });
  };
}
