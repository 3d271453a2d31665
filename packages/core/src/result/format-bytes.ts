/** A byte count in words: `512 bytes`, `256 KiB`, `1.2 MiB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${trimZero((bytes / 1024).toFixed(1))} KiB`;
  return `${trimZero((bytes / (1024 * 1024)).toFixed(1))} MiB`;
}

function trimZero(text: string): string {
  return text.endsWith('.0') ? text.slice(0, -2) : text;
}
