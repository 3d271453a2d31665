import type { ToolSnapshot } from '@toolwright/registry';

/** The server capabilities a snapshot's catalog calls for (merge into the server's own). */
export interface CatalogCapabilities {
  readonly resources?: { readonly subscribe: false; readonly listChanged: false };
  readonly prompts?: { readonly listChanged: false };
  readonly completions?: Record<string, never>;
}

/**
 * What to declare in `capabilities`: `resources` when there are resources or templates, `prompts`
 * when there are prompts, `completions` when any prompt argument or template variable completes.
 * The catalog is fixed at finalize, so no list ever changes; subscriptions are not offered.
 */
export function catalogCapabilities(snapshot: ToolSnapshot): CatalogCapabilities {
  const { catalog } = snapshot;
  const hasResources = catalog.resources.length > 0 || catalog.resourceTemplates.length > 0;
  const completes =
    catalog.prompts.some((entry) => entry.erased.completable.length > 0) ||
    catalog.resourceTemplates.some((entry) => entry.erased.completable.length > 0);
  return Object.freeze({
    ...(hasResources
      ? { resources: Object.freeze({ subscribe: false as const, listChanged: false as const }) }
      : {}),
    ...(catalog.prompts.length > 0 ? { prompts: Object.freeze({ listChanged: false as const }) } : {}),
    ...(completes || catalog.prompts.length > 0 || catalog.resourceTemplates.length > 0
      ? { completions: Object.freeze({}) }
      : {}),
  });
}
