import { ToolError } from '@toolwright/core';
import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode } from '@modelcontextprotocol/server';

/** A failed server-to-client request (elicitation, sampling, roots) as the `ToolError` the tool sees. */
export function clientRequestError(thrown: unknown, what: string, signal: AbortSignal): ToolError {
  if (signal.aborted) return ToolError.cancelled(undefined, { cause: thrown });
  if (
    (thrown instanceof SdkError && thrown.code === SdkErrorCode.RequestTimeout) ||
    (thrown instanceof ProtocolError && (thrown.code as number) === -32001)
  ) {
    return ToolError.timeout(`The MCP client did not answer the ${what} request in time.`, { cause: thrown });
  }
  if (thrown instanceof ProtocolError && thrown.code === ProtocolErrorCode.MethodNotFound) {
    return ToolError.notImplemented(`The MCP client does not answer ${what} requests.`, { cause: thrown });
  }
  return ToolError.executionFailed(`The MCP client refused or failed the ${what} request.`, {
    cause: thrown,
  });
}
