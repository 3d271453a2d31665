import type { ToolLockKey } from '@toolwright/core';
import { ENVELOPE_INPUT_ALIASES } from '../envelope/project-envelope-input';
import type { RegisteredTool } from '../finalize/registered-tool';
import type { ToolKind } from '../taxonomy/tool-kind';
import { pathLockKey } from './path-lock-key';
import { EXCLUSIVE_CLAIM, SHARED_CLAIM, type ResourceClaim } from './resource-claim';

// Kinds whose calls work on one file or directory, named by their path argument.
const FILE_KINDS: Readonly<Record<ToolKind, boolean>> = Object.freeze({
  read: true,
  write: true,
  edit: true,
  patch: false,
  delete: true,
  move: false,
  list: true,
  glob: true,
  search: true,
  code_search: true,
  shell: false,
  process: false,
  fetch: false,
  web_search: false,
  browser: false,
  image_gen: false,
  image_view: true,
  video_gen: false,
  audio_gen: false,
  transcribe: false,
  todo: false,
  plan: false,
  task: false,
  ask_user: false,
  memory: false,
  notebook_read: true,
  notebook_edit: true,
  diagnostics: false,
  git: false,
  query: false,
  resource: false,
  other: false,
});

/**
 * The claim of one call, from the taxonomy: a read-only tool reads, any other writes; the keys are
 * the tool's own (`lockKey`) or, for file kinds (read, write, edit, delete, list, glob, search, …),
 * the path argument under any of its dialect names (`path`, `file_path`, `filePath`, …) as a
 * `pathLockKey`. A call whose key cannot be found — no key declared, no path sent, arguments that
 * do not parse — claims everything: it cannot race what it might touch. `patch` and `move` name
 * several paths inside their arguments, so they claim everything unless they declare a key.
 */
export function resourceClaimOf(tool: RegisteredTool, args: unknown): ResourceClaim {
  const mode = tool.readOnly ? 'read' : 'write';
  const lockKey = tool.erased.definition.lockKey;
  const keys =
    lockKey !== undefined
      ? declaredKeys(lockKey, args)
      : FILE_KINDS[tool.kind]
        ? pathKeys(recordOf(args), ENVELOPE_INPUT_ALIASES.path)
        : undefined;
  if (keys === undefined) return mode === 'read' ? SHARED_CLAIM : EXCLUSIVE_CLAIM;
  return { keys, mode };
}

function declaredKeys(lockKey: ToolLockKey, args: unknown): readonly string[] | undefined {
  const record = recordOf(args);
  if (typeof lockKey === 'string') return pathKeys(record, [lockKey]);
  if (record === undefined) return undefined;
  let given: unknown;
  try {
    given = lockKey(record);
  } catch {
    return undefined;
  }
  if (typeof given === 'string') return given === '' ? undefined : [given];
  if (!Array.isArray(given) || given.length === 0) return undefined;
  for (const key of given as unknown[]) if (typeof key !== 'string' || key === '') return undefined;
  return Object.freeze([...(given as string[])]);
}

function pathKeys(
  record: Readonly<Record<string, unknown>> | undefined,
  names: readonly string[],
): readonly string[] | undefined {
  if (record === undefined) return undefined;
  for (const name of names) {
    if (!Object.hasOwn(record, name)) continue;
    const value = record[name];
    return typeof value === 'string' ? [pathLockKey(value)] : undefined;
  }
  return undefined;
}

// The arguments as the model sent them: a JSON text (the agent's) or a parsed object.
function recordOf(args: unknown): Readonly<Record<string, unknown>> | undefined {
  let value = args;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value === '' ? '{}' : value) as unknown;
    } catch {
      return undefined;
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return value as Readonly<Record<string, unknown>>;
}
