import { readdir, readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';

/** The environment variable that marks every process a command starts (children inherit it). */
export const PROCESS_TREE_VARIABLE = 'TOOLWRIGHT_PROCESS_TREE';

/** A fresh marker value for one command. */
export function newProcessTreeMarker(): string {
  return randomBytes(12).toString('hex');
}

interface ProcessEntry {
  readonly pid: number;
  readonly ppid: number;
  readonly pgrp: number;
  readonly marked: boolean;
  readonly start: string;
}

/** A process of a command's tree: its id and its start time (which tells a reused id apart). */
export interface TreeMember {
  readonly pid: number;
  readonly start: string;
}

/**
 * The processes that belong to one command, found in `/proc` (Linux): those in its process
 * group, those whose environment carries its marker — which is how a descendant that left the
 * group and the session (`setsid`) and was reparented to init is still found — and every
 * descendant of either, by parent id (a child that cleared its environment, while its parent
 * lives). Never this process. Empty where there is no `/proc`: then only the process group is
 * reachable.
 */
export async function findProcessTree(leader: number, marker: string): Promise<TreeMember[]> {
  let names: string[];
  try {
    names = await readdir('/proc');
  } catch {
    return [];
  }
  const needle = Buffer.from(`${PROCESS_TREE_VARIABLE}=${marker}\0`);
  const entries = await Promise.all(
    names.filter((name) => /^\d+$/.test(name)).map((name) => readEntry(Number(name), needle)),
  );
  const members = new Set<number>();
  const children = new Map<number, number[]>();
  const starts = new Map<number, string>();
  for (const entry of entries) {
    if (entry === undefined || entry.pid === process.pid) continue;
    starts.set(entry.pid, entry.start);
    if (entry.marked || entry.pgrp === leader || entry.pid === leader) members.add(entry.pid);
    const siblings = children.get(entry.ppid);
    if (siblings === undefined) children.set(entry.ppid, [entry.pid]);
    else siblings.push(entry.pid);
  }
  const queue = [...members];
  while (queue.length > 0) {
    for (const child of children.get(queue.pop()!) ?? []) {
      if (child === process.pid || members.has(child)) continue;
      members.add(child);
      queue.push(child);
    }
  }
  return [...members].map((pid) => ({ pid, start: starts.get(pid)! }));
}

/** The start time of a live process (clock ticks since boot), `undefined` once it is gone. */
export async function processStart(pid: number): Promise<string | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[0] === 'Z' ? undefined : fields[19];
  } catch {
    return undefined;
  }
}

/** Whether a process is gone: no such process, or a zombie (dead, waiting to be reaped). */
export async function isProcessGone(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    try {
      process.kill(pid, 0);
      return false;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ESRCH';
    }
  }
}

async function readEntry(pid: number, needle: Buffer): Promise<ProcessEntry | undefined> {
  let stat: string;
  try {
    stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // exited meanwhile
  }
  // "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses, so split after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields[0] === 'Z') return undefined;
  let marked = false;
  try {
    marked = (await readFile(`/proc/${pid}/environ`)).includes(needle);
  } catch {
    // Another user's process: not one of ours.
  }
  // Field 22 of stat, the start time: fields here start at field 3 (state).
  return { pid, ppid: Number(fields[1]), pgrp: Number(fields[2]), marked, start: fields[19] ?? '' };
}
