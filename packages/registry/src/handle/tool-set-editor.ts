import type { ToolRegistrationOptions, RegistrableTool } from '../finalize/registrable-tool';

/** The edits of one change batch (`handle.batch(edit => …)`), applied together, announced once. */
export interface ToolSetEditor {
  /** Adds tools; a class is instantiated through the registry's container. */
  add(tools: RegistrableTool | readonly RegistrableTool[], options?: ToolRegistrationOptions): this;
  /** Removes tools by name; names not present are ignored. */
  remove(names: string | readonly string[]): this;
  /** Whether the batch's tool set, as edited so far, has this name. */
  has(name: string): boolean;
}
