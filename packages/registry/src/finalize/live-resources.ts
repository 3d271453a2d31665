import { Resources, ResourceValidationError, type ResourcesSnapshot } from '@toolwright/resources';

/**
 * The resources of a registry. Once its handle is live (`finalize()` returned it), `restore()` may
 * bring back State (tools hold its cells, so they see the new values) but not Params that differ
 * from the bound ones: the tools were built with those values, and the container and the tools
 * would disagree. Such a restore is refused and changes nothing; restore Params with
 * `registry.restore(snapshot)` before `finalize()` instead.
 */
export class RegistryResources extends Resources {
  #live = false;

  /** Called when the handle is made: from now on, Params are fixed. */
  goLive(): void {
    this.#live = true;
  }

  override restore(snapshot: unknown): void {
    if (this.#live) {
      const changed = changedParams(this.snapshot(), snapshot);
      if (changed.length > 0) {
        throw new ResourceValidationError(
          'in the snapshot; nothing was restored',
          changed.map((name) => ({
            tokenName: `Params<${name}>`,
            message: `Params<${name}> differs from the value the finalized tools were built with, so it cannot be restored on a live handle.`,
            fix: `restore it before finalize(): new ToolRegistry()…restore(snapshot).finalize(); State can be restored here.`,
          })),
        );
      }
    }
    super.restore(snapshot);
  }
}

function changedParams(current: ResourcesSnapshot, next: unknown): string[] {
  const params = (next as { params?: unknown } | null)?.params;
  if (typeof params !== 'object' || params === null) return [];
  const changed: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (!(name in current.params)) continue; // an unknown key: restore itself reports it
    if (JSON.stringify(value) !== JSON.stringify(current.params[name])) changed.push(name);
  }
  return changed;
}
