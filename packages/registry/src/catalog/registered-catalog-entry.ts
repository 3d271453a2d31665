import type {
  ErasedPrompt,
  ErasedResource,
  ErasedResourceTemplate,
  PromptDefinition,
  ResourceDefinition,
  ResourceTemplateDefinition,
} from '@toolwright/core';
import type { ToolNamespace } from '../taxonomy/tool-namespace';

/** What every registered resource, template and prompt carries besides its definition. */
interface RegisteredEntry {
  /** Where it came from, for messages: `DocsService.readme`. */
  readonly source: string;
  /** The namespace of its registration (`toolset(namespace, …)`), as its class's tools have. */
  readonly namespace: ToolNamespace;
}

/** A registered resource: its definition (description rendered) and its bound form. */
export interface RegisteredResource extends RegisteredEntry {
  readonly definition: ResourceDefinition;
  readonly erased: ErasedResource;
}

/** A registered resource template: its definition (description rendered) and its bound form. */
export interface RegisteredResourceTemplate extends RegisteredEntry {
  readonly definition: ResourceTemplateDefinition;
  readonly erased: ErasedResourceTemplate;
}

/** A registered prompt: its definition (descriptions rendered) and its bound form. */
export interface RegisteredPrompt extends RegisteredEntry {
  readonly definition: PromptDefinition;
  readonly erased: ErasedPrompt;
}
