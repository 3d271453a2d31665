import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ProgressItem, ToolResult } from '@toolwright/core';
import type { ToolServerHandle } from '@toolwright/registry';

/** A fresh directory under the system temp dir (real path), removed by `removeTempDir`. */
export function makeTempDir(prefix: string): string {
  return realpathSync(mkdtempSync(path.join(os.tmpdir(), `coding-tools-${prefix}-`)));
}

/** Removes a directory made by `makeTempDir`. */
export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Writes a file under `root`, creating directories. */
export function writeFile(root: string, relative: string, content: string | Uint8Array): string {
  const absolute = path.join(root, relative);
  mkdirSync(path.dirname(absolute), { recursive: true });
  writeFileSync(absolute, content);
  return absolute;
}

/** Reads a file under `root` as UTF-8. */
export function readFile(root: string, relative: string): string {
  return readFileSync(path.join(root, relative), 'utf8');
}

/** A call's result and every progress item it reported. */
export interface CallOutcome {
  readonly result: ToolResult;
  readonly progress: ProgressItem[];
  /** The model-visible text of the result. */
  readonly text: string;
}

/** Calls a tool with JSON arguments, collecting progress. */
export async function call(
  handle: ToolServerHandle,
  name: string,
  args: unknown,
  options: { signal?: AbortSignal; onProgress?: (item: ProgressItem) => void } = {},
): Promise<CallOutcome> {
  const progress: ProgressItem[] = [];
  const result = await handle.call(name, JSON.stringify(args), {
    signal: options.signal,
    onProgress: (item) => {
      progress.push(item);
      options.onProgress?.(item);
    },
  });
  return { result, progress, text: contentText(result) };
}

/** The text blocks of a result, joined. */
export function contentText(result: ToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n');
}

/** The error kind of a failed result, or `ok`. */
export function kindOf(result: ToolResult): string {
  return result.ok ? 'ok' : result.error.kind;
}

/**
 * Whether a process is gone. A direct child is reaped by Node, so `kill(pid, 0)` fails with ESRCH.
 * An orphaned grandchild is reparented to PID 1; where PID 1 does not reap (some containers), it
 * lingers as a zombie — dead, holding no resources — which counts as gone.
 */
export function isGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

/** Whether `kill(pid, 0)` fails with ESRCH (the process no longer exists at all). */
export function noSuchProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Polls `condition` until it holds or `timeoutMs` passes; returns whether it held. */
export async function eventually(condition: () => boolean, timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return condition();
}
