'use strict';
// Serves one MCP-over-HTTP contender on 127.0.0.1 (a free port) in its own process:
//   node lib/http-server-worker.js <module> [maxLifetimeMs]
// Prints { url } once listening. Stops by itself when stdin closes (the harness went away), on
// SIGTERM, or after maxLifetimeMs, whichever comes first.
const path = require('node:path');
const { emit, describe } = require('./child');
const { Pending } = require('./pending');

const [, , moduleArg, lifetimeArg] = process.argv;
const maxLifetimeMs = Number(lifetimeArg ?? 120_000);

async function main() {
  let handle;
  try {
    handle = await require(path.resolve(moduleArg)).start({ host: '127.0.0.1', port: 0 });
  } catch (e) {
    if (e instanceof Pending || e?.name === 'Pending') {
      emit({ pending: e.message });
      return process.exit(0);
    }
    throw e;
  }
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(0), 3000);
    force.unref();
    await handle.close().catch(() => {});
    process.exit(0);
  };
  setTimeout(stop, maxLifetimeMs).unref();
  process.on('SIGTERM', stop);
  process.stdin.on('end', stop).on('close', stop).resume();
  emit({ url: handle.url });
}

main().catch((e) => {
  emit({ error: describe(e, 600) });
  process.exit(1);
});
