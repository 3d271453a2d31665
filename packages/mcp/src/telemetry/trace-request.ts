import type { McpRequestInfo, McpRequestOutcome, McpRequestSpan, McpTelemetry } from './mcp-telemetry';

/**
 * Runs `work` (a request's handling or sending) inside a telemetry span of `side`, ended with how
 * it settled (`outcomeOf` reads a result). Without telemetry, or when the telemetry throws, `work`
 * runs as it is. `work(meta)` gets the `_meta` fields the span asks to send.
 */
export function traceRequest<T>(
  telemetry: McpTelemetry | undefined,
  side: 'server' | 'client',
  info: () => McpRequestInfo,
  work: (meta: Readonly<Record<string, string>> | undefined) => Promise<T>,
  outcomeOf: (result: T) => McpRequestOutcome = () => NO_OUTCOME,
): Promise<T> {
  if (telemetry === undefined) return work(undefined);
  let span: McpRequestSpan;
  try {
    span = side === 'server' ? telemetry.serverRequest(info()) : telemetry.clientRequest(info());
  } catch {
    return work(undefined);
  }
  let pending: Promise<T>;
  try {
    pending = span.run(() => work(span.meta));
  } catch (thrown) {
    endQuietly(span, { error: errorOf(thrown) });
    throw thrown;
  }
  return pending.then(
    (result) => {
      endQuietly(span, safeOutcome(outcomeOf, result));
      return result;
    },
    (thrown: unknown) => {
      endQuietly(span, { error: errorOf(thrown) });
      throw thrown;
    },
  );
}

/** The JSON-RPC error code and message of whatever a request failed with. */
export function errorOf(thrown: unknown): { code?: number; message?: string } {
  if (typeof thrown !== 'object' || thrown === null) return { message: String(thrown) };
  const { code, message } = thrown as { code?: unknown; message?: unknown };
  return {
    code: typeof code === 'number' ? code : undefined,
    message: typeof message === 'string' ? message : undefined,
  };
}

const NO_OUTCOME: McpRequestOutcome = Object.freeze({});

function safeOutcome<T>(outcomeOf: (result: T) => McpRequestOutcome, result: T): McpRequestOutcome {
  try {
    return outcomeOf(result);
  } catch {
    return NO_OUTCOME;
  }
}

function endQuietly(span: McpRequestSpan, outcome: McpRequestOutcome): void {
  try {
    span.end(outcome);
  } catch {
    // Telemetry never breaks a request.
  }
}
