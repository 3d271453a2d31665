import 'reflect-metadata';
import { NoArguments, Param, Tool, type ToolCallContext } from '@toolwright/core';
import fc from 'fast-check';
import {
  claimsConflict,
  DEFAULT_MAX_WAITING_CLAIMS,
  EXCLUSIVE_CLAIM,
  FinalizeError,
  pathLockKey,
  resourceClaimOf,
  ResourceLocks,
  SHARED_CLAIM,
  ToolRegistry,
  type ResourceClaim,
} from '../src';

// A promise with its resolver, to hold a call in flight.
function latch(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

// Yields to the event loop until `done()` holds (at most a second), so waits are on events, not sleeps.
async function until(done: () => boolean): Promise<void> {
  for (let index = 0; index < 1000 && !done(); index++) await new Promise((resolve) => setImmediate(resolve));
  if (!done()) throw new Error(`the condition never held: ${lastLog.join(', ')}`);
}

/** File tools whose calls wait on a latch per path and log when they start and end. */
let lastLog: string[] = [];

function fileTools() {
  const log: string[] = [];
  lastLog = log;
  const latches = new Map<string, { promise: Promise<void>; open: () => void }>();
  const hold = (label: string) => {
    let entry = latches.get(label);
    if (entry === undefined) latches.set(label, (entry = latch()));
    return entry;
  };

  class PathArgs {
    @Param({ description: 'A file.' })
    path!: string;
  }
  class TicketArgs {
    @Param({ description: 'A ticket.' })
    ticket!: string;
    @Param({ description: 'Its new state.', optional: true })
    state?: string;
  }

  class Files {
    @Tool({ name: 'read', description: 'Reads a file.', kind: 'read', readOnly: true })
    async read(args: PathArgs): Promise<string> {
      const path = args.path.replace(/^\.\//, '');
      log.push(`start read ${path}`);
      await hold(`read ${path}`).promise;
      log.push(`end read ${path}`);
      return 'text';
    }

    @Tool({ name: 'write', description: 'Writes a file.', kind: 'write' })
    async write(args: PathArgs): Promise<string> {
      log.push(`start write ${args.path}`);
      await hold(`write ${args.path}`).promise;
      log.push(`end write ${args.path}`);
      return 'written';
    }

    @Tool({ name: 'shell', description: 'Runs a command.', kind: 'shell', args: NoArguments })
    async shell(): Promise<string> {
      log.push('start shell');
      await hold('shell').promise;
      log.push('end shell');
      return 'ran';
    }

    @Tool({ name: 'copy_into', description: 'Writes a file through another tool.', kind: 'write' })
    async copyInto(args: PathArgs, ctx: ToolCallContext): Promise<string> {
      const inner = await ctx.dispatch('write', { path: args.path });
      return inner.ok ? 'copied' : 'failed';
    }

    @Tool({ name: 'update_ticket', description: 'Updates a ticket.', kind: 'other', lockKey: 'ticket' })
    async updateTicket(args: TicketArgs): Promise<string> {
      log.push(`start ticket ${args.ticket}`);
      await hold(`ticket ${args.ticket}`).promise;
      log.push(`end ticket ${args.ticket}`);
      return 'updated';
    }
  }

  const handle = new ToolRegistry().toolset('native', [Files]).finalize();
  const open = (label: string): void => hold(label).open();
  return { handle, log, open };
}

describe('pathLockKey', () => {
  it.each([
    ['src/a.ts', 'path:src/a.ts'],
    ['./src/a.ts', 'path:src/a.ts'],
    ['src//lib/../a.ts', 'path:src/a.ts'],
    ['src/', 'path:src'],
    ['src\\a.ts', 'path:src/a.ts'],
    ['', 'path:.'],
    ['.', 'path:.'],
    ['../x', 'path:../x'],
    ['/work/../a', 'path:/a'],
    ['/..', 'path:/'],
  ])('keys %j as %j', (path, key) => {
    expect(pathLockKey(path)).toBe(key);
  });

  it('is idempotent on its own output (a normalised path keys to itself)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z./\\]{0,12}$/), (path) => {
        const key = pathLockKey(path);
        expect(pathLockKey(key.slice('path:'.length))).toBe(key);
      }),
    );
  });
});

describe('claimsConflict', () => {
  const write = (...keys: string[]): ResourceClaim => ({ keys: keys.map(pathLockKey), mode: 'write' });
  const read = (...keys: string[]): ResourceClaim => ({ keys: keys.map(pathLockKey), mode: 'read' });

  it('lets reads share, and makes a write exclusive on what it touches', () => {
    expect(claimsConflict(read('a'), read('a'))).toBe(false);
    expect(claimsConflict(write('a'), read('a'))).toBe(true);
    expect(claimsConflict(read('a'), write('a'))).toBe(true);
    expect(claimsConflict(write('a'), write('b'))).toBe(false);
    expect(claimsConflict(write('a'), write('b', 'a'))).toBe(true);
  });

  it('nests paths: a directory overlaps what is in it, the root overlaps everything', () => {
    expect(claimsConflict(write('src/a.ts'), read('src'))).toBe(true);
    expect(claimsConflict(write('src/a.ts'), read('.'))).toBe(true);
    expect(claimsConflict(write('src/a.ts'), read('srcs'))).toBe(false);
    expect(claimsConflict(write('/work/src/a.ts'), read('src/a.ts'))).toBe(true);
    expect(claimsConflict(write('/work/src/a.ts'), read('/work/other'))).toBe(false);
  });

  it('treats a claim without keys as everything', () => {
    expect(claimsConflict(EXCLUSIVE_CLAIM, read('a'))).toBe(true);
    expect(claimsConflict(SHARED_CLAIM, read('a'))).toBe(false);
    expect(claimsConflict(SHARED_CLAIM, write('a'))).toBe(true);
  });

  it('is symmetric', () => {
    const claim = fc.record({
      keys: fc.option(fc.array(fc.constantFrom('a', 'a/b', 'b', '.', '/x/a', '/'), { minLength: 1 }), {
        nil: undefined,
      }),
      mode: fc.constantFrom('read' as const, 'write' as const),
    });
    fc.assert(
      fc.property(claim, claim, (a, b) => {
        const x = { mode: a.mode, keys: a.keys?.map(pathLockKey) };
        const y = { mode: b.mode, keys: b.keys?.map(pathLockKey) };
        expect(claimsConflict(x, y)).toBe(claimsConflict(y, x));
      }),
      { numRuns: 500 },
    );
  });
});

describe('resourceClaimOf', () => {
  it('derives the claim from the kind and the path argument, under any dialect name', () => {
    const { handle } = fileTools();
    expect(resourceClaimOf(handle.get('read')!, '{"path":"./a.ts"}')).toEqual({
      keys: ['path:a.ts'],
      mode: 'read',
    });
    expect(resourceClaimOf(handle.get('write')!, { path: 'a.ts' })).toEqual({
      keys: ['path:a.ts'],
      mode: 'write',
    });
    // The call's key cannot be found: it claims everything.
    expect(resourceClaimOf(handle.get('write')!, '{"path":')).toBe(EXCLUSIVE_CLAIM);
    expect(resourceClaimOf(handle.get('read')!, { path: 42 })).toBe(SHARED_CLAIM);
    expect(resourceClaimOf(handle.get('shell')!, {})).toBe(EXCLUSIVE_CLAIM);
  });

  it('uses the key a tool declares: a parameter name, or a function of the arguments', () => {
    const { handle } = fileTools();
    expect(resourceClaimOf(handle.get('update_ticket')!, { ticket: 'T-1' })).toEqual({
      keys: ['path:T-1'],
      mode: 'write',
    });

    class Args {
      @Param({ description: 'A branch.' })
      branch!: string;
    }
    class Git {
      @Tool({
        name: 'push',
        description: 'Pushes a branch.',
        kind: 'git',
        lockKey: (args) => (typeof args['branch'] === 'string' ? `branch:${args['branch']}` : undefined),
      })
      push(args: Args): string {
        return args.branch;
      }
      @Tool({
        name: 'broken',
        description: 'Its key function throws.',
        kind: 'git',
        readOnly: true,
        lockKey: () => {
          throw new Error('no');
        },
      })
      broken(args: Args): string {
        return args.branch;
      }
    }
    const git = new ToolRegistry().toolset('native', [Git]).finalize();
    expect(resourceClaimOf(git.get('push')!, { branch: 'main' })).toEqual({
      keys: ['branch:main'],
      mode: 'write',
    });
    expect(resourceClaimOf(git.get('push')!, { branch: 7 })).toBe(EXCLUSIVE_CLAIM);
    expect(resourceClaimOf(git.get('broken')!, { branch: 'main' })).toBe(SHARED_CLAIM);
  });

  it('refuses at finalize a lockKey that names no parameter', () => {
    class Args {
      @Param({ description: 'A file.' })
      path!: string;
    }
    class Bad {
      @Tool({ name: 'bad', description: 'Locks a parameter it lacks.', kind: 'write', lockKey: 'file' })
      run(args: Args): string {
        return args.path;
      }
    }
    let thrown: unknown;
    try {
      new ToolRegistry().toolset('native', [Bad]).finalize();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(FinalizeError);
    expect(String((thrown as Error).message)).toContain(
      'lockKey names the parameter "file", which the tool does not have.',
    );
  });
});

describe('handle.call with locks', () => {
  it('runs same-key writes in submission order, a read after the write of its key, other keys at once', async () => {
    const { handle, log, open } = fileTools();
    // #region handle-locks
    const locks = new ResourceLocks(); // one table per session or job: calls wait only on its claims
    const calls = [
      handle.call('write', { path: 'a' }, { locks }), // runs at once
      handle.call('read', { path: './a' }, { locks }), // after the write of a
      handle.call('write', { path: 'a' }, { locks }), // after that read
      handle.call('write', { path: 'b' }, { locks }), // at once: another key
      handle.call('read', { path: 'b' }, { locks }), // after the write of b
    ];
    // #endregion
    await until(() => log.length === 2);
    // The first write of a and the write of b run together; everything else waits.
    expect(log).toEqual(['start write a', 'start write b']);
    expect(locks.held).toBe(2);
    expect(locks.waiting).toBe(3);

    open('write b');
    await until(() => log.includes('start read b'));
    expect(log).not.toContain('start read a');

    open('write a');
    await until(() => log.includes('start read a'));
    // The second write of a waits for the read before it.
    expect(log.filter((line) => line === 'start write a')).toHaveLength(1);
    open('read a');
    open('read b');
    const results = await Promise.all(calls);
    expect(results.map((result) => result.ok)).toEqual([true, true, true, true, true]);
    expect(log.indexOf('end read a')).toBeLessThan(log.lastIndexOf('start write a'));
    expect(locks.held + locks.waiting).toBe(0);
  });

  it('makes a call without a key wait for everything before it, and everything after wait for it', async () => {
    const { handle, log, open } = fileTools();
    const locks = new ResourceLocks();
    const first = handle.call('read', { path: 'a' }, { locks });
    const shell = handle.call('shell', {}, { locks });
    const after = handle.call('read', { path: 'b' }, { locks });
    await until(() => log.length === 1);
    expect(log).toEqual(['start read a']);
    open('read a');
    await until(() => log.includes('start shell'));
    expect(log).not.toContain('start read b');
    open('shell');
    open('read b');
    await Promise.all([first, shell, after]);
    expect(log).toEqual([
      'start read a',
      'end read a',
      'start shell',
      'end shell',
      'start read b',
      'end read b',
    ]);
  });

  it('does not wait across tables, nor without one', async () => {
    const { handle, log, open } = fileTools();
    const one = handle.call('write', { path: 'a' }, { locks: new ResourceLocks() });
    const other = handle.call('write', { path: 'a' }, { locks: new ResourceLocks() });
    const plain = handle.call('write', { path: 'a' });
    await until(() => log.length === 3);
    open('write a');
    await Promise.all([one, other, plain]);
  });

  it('lets a call holding a key dispatch a call on the same key (no deadlock)', async () => {
    const { handle, open } = fileTools();
    const locks = new ResourceLocks();
    open('write a');
    const result = await handle.call('copy_into', { path: 'a' }, { locks });
    expect(result.ok && result.value).toBe('copied');
  });

  it('refuses a claim beyond maxWaiting as concurrency_limited, with a curated text', async () => {
    const { handle, open } = fileTools();
    const locks = new ResourceLocks({ maxWaiting: 1 });
    const first = handle.call('write', { path: 'a' }, { locks });
    const second = handle.call('write', { path: 'a' }, { locks });
    const third = await handle.call('write', { path: 'a' }, { locks });
    expect(third.ok).toBe(false);
    if (!third.ok) {
      expect(third.error.kind).toBe('concurrency_limited');
      expect(third.error.modelText).toBe(
        'write is busy: 1 calls are already waiting for the files or resources they work on. Try again shortly.',
      );
    }
    open('write a');
    expect((await first).ok && (await second).ok).toBe(true);
    expect(DEFAULT_MAX_WAITING_CLAIMS).toBe(4096);
    expect(new ResourceLocks().maxWaiting).toBe(DEFAULT_MAX_WAITING_CLAIMS);
  });

  it('ends a call aborted while it waits as cancelled, without running it, and lets the next go', async () => {
    const { handle, log, open } = fileTools();
    const locks = new ResourceLocks();
    const first = handle.call('write', { path: 'a' }, { locks });
    const controller = new AbortController();
    const waiting = handle.call('write', { path: 'a' }, { locks, signal: controller.signal });
    const last = handle.call('read', { path: 'a' }, { locks });
    controller.abort();
    const cancelled = await waiting;
    expect(cancelled.ok === false && cancelled.error.kind).toBe('cancelled');
    open('write a');
    open('read a');
    await Promise.all([first, last]);
    expect(log).toEqual(['start write a', 'end write a', 'start read a', 'end read a']);
  });

  it('locks by a declared parameter', async () => {
    const { handle, log, open } = fileTools();
    const locks = new ResourceLocks();
    const calls = [
      handle.call('update_ticket', { ticket: 'T-1', state: 'open' }, { locks }),
      handle.call('update_ticket', { ticket: 'T-1', state: 'done' }, { locks }),
      handle.call('update_ticket', { ticket: 'T-2' }, { locks }),
    ];
    await until(() => log.length === 2);
    expect(log).toEqual(['start ticket T-1', 'start ticket T-2']);
    open('ticket T-1');
    open('ticket T-2');
    await Promise.all(calls);
    expect(log.filter((line) => line === 'start ticket T-1')).toHaveLength(2);
  });
});
