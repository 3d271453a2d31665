import { claimsConflict, type ResourceClaim } from './resource-claim';

/** Claims a `ResourceLocks` lets wait at once, by default; one more is refused as busy (R12). */
export const DEFAULT_MAX_WAITING_CLAIMS = 4096;

/** Options of a `ResourceLocks` table. */
export interface ResourceLocksOptions {
  /** Claims allowed to wait at once (default `DEFAULT_MAX_WAITING_CLAIMS`); a claim beyond it is `full`. */
  readonly maxWaiting?: number;
}

/** The answer of `ResourceLocks.acquire`. */
export type ResourceGrant =
  /** The resources are yours; call `release` when the call ends (extra calls are ignored). */
  | { readonly status: 'granted'; readonly release: () => void }
  /** Waiting for earlier conflicting claims: `granted` resolves with the release; `cancel` gives up. */
  | { readonly status: 'queued'; readonly granted: Promise<() => void>; readonly cancel: () => void }
  /** `maxWaiting` claims are already waiting: fail fast. */
  | { readonly status: 'full'; readonly waiting: number };

interface Entry {
  readonly claim: ResourceClaim;
  held: boolean;
  resolve?: (release: () => void) => void;
  release?: () => void;
}

/**
 * A table of per-resource locks, in submission order: a claim waits for every earlier claim it
 * conflicts with (writes of the same key in order; a read after a write of its key; a write after
 * a read of it) and for nothing else, so calls on different keys run at once. Owned by its caller —
 * an agent turn has one, a host gives one to `handle.call(…, { locks })` — never global. Claims
 * are taken only for top-level calls: a tool's `ctx.dispatch` does not claim again, so a call
 * holding a key can call a tool on that key without waiting on itself.
 */
export class ResourceLocks {
  readonly maxWaiting: number;
  // Held and waiting claims, oldest first.
  #entries: Entry[] = [];
  #waiting = 0;

  constructor(options: ResourceLocksOptions = {}) {
    const maxWaiting = options.maxWaiting ?? DEFAULT_MAX_WAITING_CLAIMS;
    if (!Number.isInteger(maxWaiting) || maxWaiting < 0) {
      throw new RangeError(
        `ResourceLocks: maxWaiting must be a non-negative integer, got ${String(maxWaiting)}.`,
      );
    }
    this.maxWaiting = maxWaiting;
  }

  /** Claims held now. */
  get held(): number {
    return this.#entries.length - this.#waiting;
  }

  /** Claims waiting now. */
  get waiting(): number {
    return this.#waiting;
  }

  /** Takes the claim at once, queues it behind the earlier claims it conflicts with, or refuses it. */
  acquire(claim: ResourceClaim): ResourceGrant {
    const entries = this.#entries;
    const blocked = this.#blocked(claim, entries.length);
    if (blocked && this.#waiting >= this.maxWaiting) return { status: 'full', waiting: this.#waiting };
    const entry: Entry = { claim, held: !blocked };
    entries.push(entry);
    if (!blocked) return { status: 'granted', release: this.#releaser(entry) };
    this.#waiting += 1;
    const granted = new Promise<() => void>((resolve) => {
      entry.resolve = resolve;
    });
    const cancel = (): void => {
      if (!entry.held) {
        this.#remove(entry);
        this.#waiting -= 1;
        this.#wake();
      } else entry.release?.();
    };
    return { status: 'queued', granted, cancel };
  }

  // Whether an entry earlier than `before` conflicts with the claim.
  #blocked(claim: ResourceClaim, before: number): boolean {
    const entries = this.#entries;
    for (let index = 0; index < before; index += 1)
      if (claimsConflict(entries[index]!.claim, claim)) return true;
    return false;
  }

  #releaser(entry: Entry): () => void {
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      this.#remove(entry);
      this.#wake();
    };
    entry.release = release;
    return release;
  }

  #remove(entry: Entry): void {
    const index = this.#entries.indexOf(entry);
    if (index >= 0) this.#entries.splice(index, 1);
  }

  // Grants every waiting claim that no earlier claim blocks any more, oldest first.
  #wake(): void {
    const entries = this.#entries;
    for (let index = 0; index < entries.length; index += 1) {
      const entry = entries[index]!;
      if (entry.held || this.#blocked(entry.claim, index)) continue;
      entry.held = true;
      this.#waiting -= 1;
      entry.resolve!(this.#releaser(entry));
    }
  }
}
