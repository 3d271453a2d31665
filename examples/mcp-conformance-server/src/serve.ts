// Serves the fixture over Streamable HTTP on 127.0.0.1: `node dist/serve.js [port]` (or PORT=…;
// 0 or nothing picks a free port). Prints one line, `listening <url>`, when ready; stops on SIGINT/SIGTERM.
import { serveMcp } from '@toolwright/mcp/node';
import { registry } from './index';

async function main(): Promise<void> {
  const port = Number(process.argv[2] ?? process.env['PORT'] ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`Not a port: ${process.argv[2] ?? process.env['PORT']}`);
  const serving = await serveMcp(registry.finalize(), {
    transport: { http: { port, host: '127.0.0.1' } },
    name: 'toolwright-conformance-fixture',
    onError: (error) => console.error('mcp:', error instanceof Error ? error.message : error),
  });
  console.log(`listening ${serving.url}`);
  const stop = (): void => void serving.close();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await serving.closed;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
