/** Tools that must not be registered together, and why. */
export interface ExclusiveRule {
  readonly names: readonly string[];
  readonly reason: string;
}
