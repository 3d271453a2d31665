import { ConcurrencyLimiter, type ConcurrencyGrant } from '@toolwright/core';
import { ResourceLocks, type ResourceClaim, type ResourceGrant } from '@toolwright/registry';

/** What a running call holds: its claim on the turn's resources and its place among the running calls. */
export interface CallLease {
  /** Gives up the claim and takes `claim` instead (a repaired call works on what it now names). */
  reclaim(claim: ResourceClaim): Promise<void>;
}

/** How `runByResource` runs the calls of a turn. */
export interface RunByResourceOptions<Item> {
  /** Calls running at once, at most. */
  readonly maxConcurrent: number;
  readonly claimOf: (item: Item) => ResourceClaim;
  /** Settles an item that must not start (the run stopped or was cancelled); whether it did. */
  readonly skip: (item: Item) => boolean;
  readonly run: (item: Item, lease: CallLease) => Promise<void>;
}

/**
 * Runs a turn's calls under one per-turn `ResourceLocks` table, claimed in the model's order: a
 * call starts once no earlier call of the turn writes what it touches or touches what it writes
 * (and a place among the `maxConcurrent` running calls is free), so calls on different keys run
 * at once and calls on one key run in order. A `run` that throws (a hook's bug) stops the calls
 * not started yet; they are left unsettled, and every call is waited for before it is reported.
 */
export async function runByResource<Item>(
  items: readonly Item[],
  options: RunByResourceOptions<Item>,
): Promise<void> {
  const locks = new ResourceLocks({ maxWaiting: items.length });
  const width = new ConcurrencyLimiter({ maxConcurrent: options.maxConcurrent, maxQueue: items.length });
  let failed = false;
  const runOne = async (item: Item, grant: ResourceGrant): Promise<void> => {
    let releaseClaim = await claimed(grant);
    let releaseSlot: (() => void) | undefined;
    try {
      if (failed || options.skip(item)) return;
      releaseSlot = await slotted(width.acquire());
      if (failed || options.skip(item)) return;
      const lease: CallLease = {
        reclaim: async (claim) => {
          // Both given up before waiting again: a call waiting with a place held could starve the
          // calls it waits for of places.
          releaseSlot?.();
          releaseSlot = undefined;
          releaseClaim();
          releaseClaim = await claimed(locks.acquire(claim));
          releaseSlot = await slotted(width.acquire());
        },
      };
      await options.run(item, lease);
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      releaseSlot?.();
      releaseClaim();
    }
  };
  // Claimed synchronously, all of them, before any call runs: the table's order is the model's.
  const running: Promise<void>[] = [];
  for (const item of items) running.push(runOne(item, locks.acquire(options.claimOf(item))));
  const outcomes = await Promise.allSettled(running);
  for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
}

async function claimed(grant: ResourceGrant): Promise<() => void> {
  if (grant.status === 'granted') return grant.release;
  // The table holds as many waiting places as the turn has calls.
  if (grant.status === 'full') throw new Error('runByResource: the turn’s lock table is full.');
  return grant.granted;
}

async function slotted(grant: ConcurrencyGrant): Promise<() => void> {
  if (grant.status === 'granted') return grant.release;
  if (grant.status === 'full') throw new Error('runByResource: the turn’s call queue is full.');
  return grant.granted;
}
