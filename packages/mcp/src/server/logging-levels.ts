import type { LoggingLevel } from '@modelcontextprotocol/server';

/** MCP log levels, least severe first (RFC 5424 order). */
export const LOGGING_LEVELS: readonly LoggingLevel[] = Object.freeze([
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
]);

const SEVERITY: ReadonlyMap<string, number> = new Map(LOGGING_LEVELS.map((level, index) => [level, index]));

/** Whether `level` is a known MCP log level. */
export function isLoggingLevel(value: unknown): value is LoggingLevel {
  return typeof value === 'string' && SEVERITY.has(value);
}

/** Whether a message at `level` passes a client's minimum level (`undefined`: everything passes). */
export function passesLevel(level: LoggingLevel, minimum: LoggingLevel | undefined): boolean {
  if (minimum === undefined) return true;
  return (SEVERITY.get(level) ?? 0) >= (SEVERITY.get(minimum) ?? 0);
}
