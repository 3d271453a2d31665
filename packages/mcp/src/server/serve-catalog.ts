import { InputRequester } from '@toolwright/core';
import type { ToolServerHandle } from '@toolwright/registry';
import {
  ProtocolError,
  type JSONRPCRequest,
  type Result,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { catalogCapabilities, handleCatalogRequest, type CatalogMethod } from '../catalog';
import { inputSupportOf } from './client-capabilities';
import type { ConnectionView } from './connection-view';
import { runRound } from './input-rounds';
import { LegacyInputRequester } from './legacy-input-requester';
import type { RequestStateCodec } from './request-state';
import type { McpServerOptions } from './mcp-server-options';

// The catalog methods whose 2026-07-28 results may be `input_required`.
const INPUT_METHODS: ReadonlySet<string> = new Set(['prompts/get', 'resources/read']);

type SetHandler = (
  method: string,
  handler: (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>,
) => void;

/** The capabilities a handle's catalog adds to the server's: resources, prompts, completions. */
export function catalogServerCapabilities(handle: ToolServerHandle): Record<string, object> {
  const declared: Record<string, object> = { ...catalogCapabilities(handle.snapshot()) };
  // Clients may subscribe to a resource (2025-11-25); the catalog's contents change only when
  // the host says so, so an update comes from `McpResourceUpdates`.
  if (declared['resources'] !== undefined) declared['resources'] = { subscribe: true, listChanged: false };
  return declared;
}

/**
 * Registers the catalog methods the capabilities declare (resources, templates, prompts,
 * completion) on `setHandler`, answered by the transport-independent catalog handlers on the
 * snapshot current at arrival, with the revision the connection speaks.
 */
export function serveCatalog(
  setHandler: SetHandler,
  capabilities: Record<string, object>,
  handle: ToolServerHandle,
  connection: ConnectionView,
  options: McpServerOptions,
  subscriptions: Set<string>,
  states: RequestStateCodec,
): void {
  const methods: CatalogMethod[] = [];
  if (capabilities['resources'] !== undefined)
    methods.push('resources/list', 'resources/templates/list', 'resources/read');
  if (capabilities['prompts'] !== undefined) methods.push('prompts/list', 'prompts/get');
  if (capabilities['completions'] !== undefined) methods.push('completion/complete');
  const caching =
    options.listCache === undefined
      ? undefined
      : { ttlMs: options.listCache.ttlMs ?? 0, cacheScope: options.listCache.cacheScope ?? 'private' };
  for (const method of methods) {
    setHandler(method, async (request, ctx) => {
      const revision = connection.modern() ? '2026-07-28' : '2025-11-25';
      const support = inputSupportOf(connection.clientCapabilities(ctx));
      const answer = (requester: InputRequester, signal: AbortSignal) =>
        handleCatalogRequest(handle.snapshot(), method, request.params, {
          revision,
          signal,
          extensions: [[InputRequester, requester]],
          ...(caching === undefined ? {} : { caching }),
        });
      let outcome;
      if (revision === '2026-07-28' && INPUT_METHODS.has(method)) {
        // A prompt or a resource may ask for input too: the same rounds as tools/call.
        const params = request.params as Record<string, unknown> | undefined;
        const round = await runRound({
          ctx,
          states,
          subject: `${method} ${String(params?.['name'] ?? params?.['uri'] ?? '')}`,
          argumentsText: () => JSON.stringify(params?.['arguments'] ?? {}),
          support,
          run: answer,
        });
        // A catalog round never escalates (it sets no escalateAfterMs).
        if (!round.done) return (round as { readonly result: Result }).result;
        outcome = round.value;
      } else {
        outcome = await answer(new LegacyInputRequester(ctx, support), ctx.mcpReq.signal);
      }
      if (outcome.ok) return outcome.result as Result;
      throw new ProtocolError(outcome.error.code, outcome.error.message, outcome.error.data);
    });
  }
  // 2025-11-25 only: the 2026-07-28 codec answers these -32601 by absence.
  if (capabilities['resources'] !== undefined) {
    setHandler('resources/subscribe', async (request) => {
      subscriptions.add(uriOf(request.params));
      return {};
    });
    setHandler('resources/unsubscribe', async (request) => {
      subscriptions.delete(uriOf(request.params));
      return {};
    });
  }
}

function uriOf(params: unknown): string {
  const uri = (params as Record<string, unknown> | undefined)?.['uri'];
  if (typeof uri !== 'string' || uri === '')
    throw new ProtocolError(-32602, 'Invalid params: uri must be a resource URI.');
  return uri;
}
