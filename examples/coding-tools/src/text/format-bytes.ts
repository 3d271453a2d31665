/** A byte count in words: `512 bytes`, `12.5 KiB`, `3 MiB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  if (bytes < 1024 * 1024) return `${trimZero((bytes / 1024).toFixed(1))} KiB`;
  return `${trimZero((bytes / (1024 * 1024)).toFixed(1))} MiB`;
}

/** A duration in words: `850 ms`, `1.2 s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${trimZero((ms / 1000).toFixed(1))} s`;
}

function trimZero(text: string): string {
  return text.endsWith('.0') ? text.slice(0, -2) : text;
}
