// The public API of @toolwright/redis: one deployment of several MCP server processes on one
// Redis (shared tasks, a cluster-wide concurrency limit, an event bus). See docs/deployment.md.
export { connectRedisCluster, DEFAULT_REDIS_PREFIX } from './connect-redis-cluster';
export type { RedisCluster, RedisClusterOptions } from './connect-redis-cluster';
export { RedisTaskStore, DEFAULT_REDIS_MAX_TASKS } from './redis-task-store';
export { RedisSharedLimit, DEFAULT_LIMIT_LEASE_MS } from './redis-shared-limit';
export type { RedisLimitOptions } from './redis-shared-limit';
export { RedisEventBus } from './redis-event-bus';
export { DEFAULT_REDIS_CONNECT_TIMEOUT_MS } from './redis-connection';
