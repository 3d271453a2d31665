/** The 2025 revision: `initialize`, sessions, server-to-client requests. */
export const LEGACY_REVISION = '2025-11-25';
/** The 2026 revision: stateless requests with a per-request `_meta` envelope, `input_required` results. */
export const MODERN_REVISION = '2026-07-28';

/** Whether a negotiated protocol version is of the stateless era (2026-07-28 and later). */
export function isModernRevision(version: string | undefined): boolean {
  // Revisions are dates, so they order as strings.
  return version !== undefined && version >= MODERN_REVISION;
}
