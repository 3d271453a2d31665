#!/usr/bin/env node
import { main } from './main';

// A closed pipe (`toolwright schema … | head`) is the reader's choice, not an error worth a stack.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

// Exit explicitly once output is flushed: a loaded module may keep timers or sockets open, which
// must not keep `toolwright validate` from ending in CI.
void main(process.argv.slice(2)).then(async (code) => {
  await Promise.all([flush(process.stdout), flush(process.stderr)]);
  process.exit(code);
});

function flush(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.writableLength === 0) resolve();
    else stream.write('', () => resolve());
  });
}
