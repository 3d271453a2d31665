/**
 * The requests whose body is still arriving (F20, R17), capped: at the cap, a new request makes
 * room by dropping the one that has waited longest. A complete request takes milliseconds to
 * read, so the oldest unfinished body is the likeliest to be a client that stopped sending;
 * refusing the newcomer instead would let a few hundred stalled connections lock everyone out.
 */
export class PendingBodies {
  // A Set iterates in insertion order: its first entry is the longest waiting.
  readonly #waiting = new Set<() => void>();
  readonly #max: number;

  constructor(max: number) {
    this.#max = max;
  }

  /** Requests whose body is being read now. */
  get size(): number {
    return this.#waiting.size;
  }

  /** The cap this set holds to. */
  get max(): number {
    return this.#max;
  }

  /**
   * Registers a body being read; `evict` is called if a newer one needs its place. Returns the
   * function to call once the body is read (or given up), which is a no-op after an eviction.
   */
  enter(evict: () => void): () => void {
    while (this.#waiting.size >= this.#max) {
      const oldest = this.#waiting.values().next().value as (() => void) | undefined;
      if (oldest === undefined) break;
      this.#waiting.delete(oldest);
      oldest();
    }
    this.#waiting.add(evict);
    return () => {
      this.#waiting.delete(evict);
    };
  }
}
