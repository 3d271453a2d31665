import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createErasedTool } from '@toolwright/core';
import { ToolRegistry } from '@toolwright/registry';
import { serveMcp } from '@toolwright/mcp/node';
import { connectRedisCluster } from '@toolwright/redis';
import { describeWith, freePort, startRedis, type RedisServer } from '../services';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { nginxMcpConfig } = require('../../../../scripts/nginx-mcp-config.js') as {
  nginxMcpConfig: (options: { port: number; routes: Record<string, number>; dir: string }) => string;
};

const PAGE = readFileSync(join(__dirname, '../../../../docs/deployment.md'), 'utf8');

describe('docs/deployment.md', () => {
  it('shows the nginx configuration the tests and the bench run', () => {
    const config = nginxMcpConfig({
      port: 8080,
      routes: { p1: 3001, p2: 3002, p3: 3003 },
      dir: '/var/lib/toolwright-nginx',
    });
    expect(PAGE).toContain(`\`\`\`nginx\n${config}\`\`\``);
  });
});

describeWith(['redis-server'])('docs/deployment.md, with Redis', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis.stop();
  });

  it('serves one process of a deployment', async () => {
    const url = redis.url;
    const port = await freePort();
    const registry = new ToolRegistry().tool(
      createErasedTool({
        definition: { name: 'ping', description: 'Answers pong.', inputSchema: { type: 'object' } },
        decode: () => ({}),
        invoke: () => 'pong',
      }),
    );
    // #region serve-cluster
    const cluster = await connectRedisCluster({ url, limit: { maxConcurrent: 64 } });
    const serving = await serveMcp(registry.finalize(), {
      transport: { http: { port, sessionRoute: 'p1' } },
      cluster,
    });
    // … until the process stops:
    await serving.close();
    await cluster.close();
    // #endregion
    expect(serving.url).toBe(`http://127.0.0.1:${port}/mcp`);
  });
});
