/** A duration in words for model text: `250 ms`, `1 second`, `3 seconds`. */
export function formatDuration(milliseconds: number): string {
  if (!Number.isFinite(milliseconds) || milliseconds < 0) return 'a moment';
  if (milliseconds < 1000) return `${Math.max(1, Math.round(milliseconds))} ms`;
  const seconds = Math.round(milliseconds / 1000);
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}
