import { TOOL_NAME_PATTERN } from '@toolwright/core';

const MAX_NAME_LENGTH = 64;

/**
 * The local name of a remote tool: `prefix + remoteName` with every character outside
 * `[a-zA-Z0-9_-]` replaced by `_`, at most 64 characters. A name that had to be changed or cut
 * ends with a short hash of the remote name, so two remote names never collapse into one.
 */
export function localToolName(prefix: string, remoteName: string): string {
  const joined = `${prefix}${remoteName}`;
  if (TOOL_NAME_PATTERN.test(joined)) return joined;
  const cleaned = joined.replace(/[^a-zA-Z0-9_-]/g, '_');
  const suffix = `_${shortHash(remoteName)}`;
  return `${cleaned.slice(0, MAX_NAME_LENGTH - suffix.length)}${suffix}`;
}

/** A name prefix made from a server's name: `My Server!` → `My_Server___`. Empty for no name. */
export function defaultPrefix(serverName: string | undefined): string {
  if (serverName === undefined || serverName.trim() === '') return 'mcp__';
  const cleaned = serverName.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 24);
  return `${cleaned}__`;
}

// FNV-1a, 32 bits, in base 36: only to keep sanitized names apart, not for security.
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36).padStart(7, '0');
}
