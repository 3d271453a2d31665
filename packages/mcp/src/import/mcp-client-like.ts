import type { Client } from '@modelcontextprotocol/client';

/**
 * What an import uses of a connected client: the SDK's `Client` by its public members only. The
 * SDK ships separate CommonJS and ES module declarations, and a class type carries its private
 * members, so an ES module project's `Client` is not assignable to the `Client` this CommonJS
 * package sees ("separate declarations of a private property"), while its public members match.
 */
export type McpClientLike = Pick<
  Client,
  | 'getServerVersion'
  | 'onclose'
  | 'onerror'
  | 'setNotificationHandler'
  | 'removeNotificationHandler'
  | 'close'
  | 'request'
  | 'ping'
  | 'transport'
>;

/** Whether `value` is a connected client (of any copy of the SDK), not a URL or a command line. */
export function isMcpClientLike(value: unknown): value is McpClientLike {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.request === 'function' &&
    typeof candidate.getServerVersion === 'function' &&
    typeof candidate.setNotificationHandler === 'function'
  );
}
