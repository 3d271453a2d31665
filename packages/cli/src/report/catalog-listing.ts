import type { ToolServerHandle } from '@toolwright/registry';

/** What `toolwright schema --catalog` prints: the lists an MCP client would get, in order. */
export interface CatalogListing {
  readonly resources: readonly object[];
  readonly resourceTemplates: readonly object[];
  readonly prompts: readonly object[];
}

/** The resources, resource templates and prompts of a handle, as `resources/list`, `resources/templates/list` and `prompts/list` give them. */
export function catalogListing(handle: ToolServerHandle): CatalogListing {
  const { catalog } = handle.snapshot();
  return {
    resources: catalog.resources.map((entry) => entry.definition),
    resourceTemplates: catalog.resourceTemplates.map((entry) => entry.definition),
    prompts: catalog.prompts.map((entry) => entry.definition),
  };
}

/** `2 resources, 1 resource template, 4 prompts`, or `''` for a handle without any. */
export function catalogCounts(handle: ToolServerHandle | undefined): string {
  if (handle === undefined) return '';
  const { catalog } = handle.snapshot();
  const parts: string[] = [];
  const count = (n: number, noun: string): void => {
    if (n > 0) parts.push(`${n} ${noun}${n === 1 ? '' : 's'}`);
  };
  count(catalog.resources.length, 'resource');
  count(catalog.resourceTemplates.length, 'resource template');
  count(catalog.prompts.length, 'prompt');
  return parts.join(', ');
}
