/** The snapshot format version `Resources.snapshot` writes and `Resources.restore` reads. */
export const RESOURCES_SNAPSHOT_VERSION = 1;

/**
 * The bound `Params` and `State` values as JSON data, keyed by class name. Nothing else is in it:
 * constants, factories and classes (a working directory, a client handle) are transient.
 */
export interface ResourcesSnapshot {
  readonly version: typeof RESOURCES_SNAPSHOT_VERSION;
  readonly params: Readonly<Record<string, unknown>>;
  readonly state: Readonly<Record<string, unknown>>;
}
