import { dynamicTool, type ErasedTool, type ToolCallContext } from '@toolwright/core';
import { FinalizeError, type ToolServerHandle } from '@toolwright/registry';
import { SdkError, SdkErrorCode, UnauthorizedError, type Implementation } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { checkRemoteSchema } from './check-remote-schema';
import { ValidatorCompiler, type ArgumentValidator } from './compile-validator';
import { fingerprintDefinition } from './fingerprint';
import type { McpClientLike } from './mcp-client-like';
import {
  IMPORT_DEFAULTS,
  type DefinitionChangeAction,
  type PendingDefinitionChange,
  type ImportMcpToolsOptions,
  type McpToolFilter,
} from './import-options';
import { importedKind } from './imported-kind';
import type {
  McpDefinitionChange,
  McpImport,
  McpImportChange,
  McpImportListener,
  McpImportProblem,
} from './mcp-import';
import { scanParamHeaders } from './mcp-param-headers';
import { callRemoteTool, remoteContent, type RemoteCallTarget } from './remote-call';
import { clientRequestInfo } from '../telemetry/client-request-info';
import { traceRequest } from '../telemetry/trace-request';
import { capDescription } from './remote-content';
import { defaultPrefix, localToolName } from './sanitize-tool-name';

// Each tool is checked by us, so the listing is only required to be a list.
const LooseListToolsResult = z
  .object({ tools: z.array(z.unknown()), nextCursor: z.string().optional() })
  .passthrough();

const MAX_PAGES = 100;
const MAX_PROBLEMS = 200;
const REFRESH_DEBOUNCE_MS = 25;
const HEALTH_CHECK_TIMEOUT_MS = 3000;

interface Imported {
  readonly remoteName: string;
  readonly localName: string;
  readonly fingerprint: string;
}

interface Prepared extends Imported {
  readonly tool: ErasedTool;
}

/**
 * Imports the tools of a connected MCP client into a handle as dynamic tools (R14): names
 * prefixed and sanitized so they never shadow local tools, descriptions capped, schemas checked
 * for size and depth before ajv compiles them, arguments decoded and validated against each tool's
 * own schema, every definition fingerprinted and a changed one flagged, `list_changed` followed.
 * Resolves once the first listing is in the handle. Calls send only their decoded arguments, always
 * with a progress token; progress becomes progress items and resets the call's timeout.
 */
export function importMcpTools(
  client: McpClientLike,
  handle: ToolServerHandle,
  options: ImportMcpToolsOptions = {},
): Promise<McpImport> {
  return startImport(client, handle, options, false);
}

/** `importMcpTools`, telling whether the import owns (and so closes) the client. */
export async function startImport(
  client: McpClientLike,
  handle: ToolServerHandle,
  options: ImportMcpToolsOptions,
  ownsClient: boolean,
): Promise<McpImport> {
  const tools = new ToolImport(client, handle, options, ownsClient);
  try {
    await tools.start();
  } catch (error) {
    await tools.close().catch(() => undefined);
    throw error;
  }
  return tools;
}

class ToolImport implements McpImport {
  readonly serverInfo: Implementation | undefined;
  readonly #handle: ToolServerHandle;
  readonly #options: ImportMcpToolsOptions;
  readonly #ownsClient: boolean;
  readonly #prefix: string;
  readonly #imported = new Map<string, Imported>();
  readonly #byLocal = new Map<string, string>();
  readonly #blocked = new Set<string>();
  // Changed definitions waiting for the host (policy `pin`), by remote name.
  readonly #held = new Map<string, Prepared>();
  readonly #problems: McpImportProblem[] = [];
  readonly #listeners = new Set<McpImportListener>();
  #lost = new AbortController();
  #pending = 0;
  #closed = false;
  #refreshing: Promise<McpImportChange> | undefined;
  #again = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #checking = false;

  constructor(
    readonly client: McpClientLike,
    handle: ToolServerHandle,
    options: ImportMcpToolsOptions,
    ownsClient: boolean,
  ) {
    this.#handle = handle;
    this.#options = options;
    this.#ownsClient = ownsClient;
    this.serverInfo = client.getServerVersion();
    this.#prefix = options.prefix ?? defaultPrefix(this.serverInfo?.name);
  }

  async start(): Promise<void> {
    const previousClose = this.client.onclose;
    this.client.onclose = () => {
      previousClose?.();
      this.#lose('the connection to the MCP server closed');
    };
    const previousError = this.client.onerror;
    this.client.onerror = (error) => {
      previousError?.(error);
      // An authorization under way (a 401, or a step-up) is not a lost server.
      if (!UnauthorizedError.isInstance(error)) this.#checkHealth();
    };
    if (this.#options.followListChanged !== false) {
      this.client.setNotificationHandler('notifications/tools/list_changed', () => this.#scheduleRefresh());
    }
    await this.refresh();
  }

  names(): readonly string[] {
    return [...this.#byLocal.keys()];
  }

  remoteName(localName: string): string | undefined {
    return this.#byLocal.get(localName);
  }

  fingerprints(): ReadonlyMap<string, string> {
    return new Map([...this.#imported.values()].map((entry) => [entry.remoteName, entry.fingerprint]));
  }

  problems(): readonly McpImportProblem[] {
    return [...this.#problems];
  }

  heldChanges(): readonly McpDefinitionChange[] {
    return [...this.#held.values()].map((next) => this.#heldChange(next));
  }

  async acceptChange(name?: string): Promise<McpImportChange> {
    const remoteName = name === undefined ? undefined : (this.#byLocal.get(name) ?? name);
    const accepted =
      remoteName === undefined
        ? [...this.#held.values()]
        : [this.#held.get(remoteName)].filter((entry) => entry !== undefined);
    if (remoteName !== undefined && accepted.length === 0) {
      const held = [...this.#held.keys()];
      throw new Error(
        `${name} has no held definition change to accept; ` +
          (held.length === 0 ? 'no change is held.' : `held: ${held.join(', ')}.`),
      );
    }
    if (accepted.length === 0 || this.#closed) return EMPTY_CHANGE;
    const changed = accepted.map((next) => ({ ...this.#heldChange(next), action: 'updated' as const }));
    const names = accepted.map((next) => next.localName);
    const namespace = this.#options.namespace ?? IMPORT_DEFAULTS.namespace;
    this.#handle.batch((edit) => {
      edit.remove(names);
      edit.add(
        accepted.map((next) => next.tool),
        { namespace },
      );
    });
    for (const next of accepted) {
      this.#held.delete(next.remoteName);
      this.#imported.set(next.remoteName, {
        remoteName: next.remoteName,
        localName: next.localName,
        fingerprint: next.fingerprint,
      });
    }
    const change: McpImportChange = { added: [], removed: [], changed, problems: [] };
    this.#emit(change);
    return change;
  }

  #heldChange(next: Prepared): McpDefinitionChange {
    return {
      remoteName: next.remoteName,
      localName: next.localName,
      previousFingerprint: this.#imported.get(next.remoteName)?.fingerprint ?? '',
      fingerprint: next.fingerprint,
      action: 'held',
    };
  }

  onChange(listener: McpImportListener): () => void {
    const subscription: McpImportListener = (change) => listener(change);
    this.#listeners.add(subscription);
    return () => {
      this.#listeners.delete(subscription);
    };
  }

  refresh(): Promise<McpImportChange> {
    if (this.#refreshing !== undefined) {
      this.#again = true;
      return this.#refreshing;
    }
    const run = async (): Promise<McpImportChange> => {
      try {
        let change = await this.#refreshOnce();
        while (this.#again && !this.#closed) {
          this.#again = false;
          change = await this.#refreshOnce();
        }
        return change;
      } finally {
        this.#refreshing = undefined;
      }
    };
    this.#refreshing = run();
    return this.#refreshing;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.client.removeNotificationHandler('notifications/tools/list_changed');
    const names = this.names();
    this.#imported.clear();
    this.#byLocal.clear();
    this.#held.clear();
    try {
      this.#handle.remove(names);
    } catch {
      // Removing never fails for names that are present; nothing else to do.
    }
    if (this.#ownsClient) await this.client.close().catch(() => undefined);
  }

  async #refreshOnce(): Promise<McpImportChange> {
    if (this.#closed) return EMPTY_CHANGE;
    const problems: McpImportProblem[] = [];
    let listed: unknown[];
    try {
      listed = await this.#list();
    } catch (error) {
      const problem: McpImportProblem = {
        code: 'refresh_failed',
        message: `Listing the MCP server's tools failed: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`,
      };
      this.#record([problem]);
      this.#emit({ added: [], removed: [], changed: [], problems: [problem] });
      throw error;
    }
    if (this.#closed) return EMPTY_CHANGE;
    const compiler = new ValidatorCompiler();
    const prepared = new Map<string, Prepared>();
    const maxTools = this.#options.maxTools ?? IMPORT_DEFAULTS.maxTools;
    for (const entry of listed) {
      const outcome = await this.#prepare(entry, compiler);
      if (outcome === undefined) continue;
      if ('code' in outcome) {
        problems.push(outcome);
        continue;
      }
      if (prepared.has(outcome.remoteName)) {
        problems.push({
          code: 'invalid_definition',
          remoteName: outcome.remoteName,
          message: `The MCP server lists ${outcome.remoteName} twice; the first is kept.`,
        });
        continue;
      }
      if (prepared.size >= maxTools) {
        problems.push({
          code: 'too_many_tools',
          remoteName: outcome.remoteName,
          message: `Only the first ${maxTools} tools are imported.`,
        });
        continue;
      }
      prepared.set(outcome.remoteName, outcome);
    }

    const toRemove: string[] = [];
    const toAdd: Prepared[] = [];
    const changed: McpDefinitionChange[] = [];
    for (const [remoteName, current] of this.#imported) {
      const next = prepared.get(remoteName);
      if (next === undefined) {
        toRemove.push(current.localName);
        this.#held.delete(remoteName);
        continue;
      }
      if (next.fingerprint === current.fingerprint) {
        // The server went back to the definition in use: nothing is waiting any more.
        this.#held.delete(remoteName);
        continue;
      }
      // The same change, still held, is reported once.
      if (this.#held.get(remoteName)?.fingerprint === next.fingerprint) continue;
      const pending = {
        remoteName,
        localName: current.localName,
        previousFingerprint: current.fingerprint,
        fingerprint: next.fingerprint,
      };
      const decided = this.#decide(pending);
      const action = decided === 'pin' ? 'held' : decided === 'remove' ? 'removed' : 'updated';
      changed.push({ ...pending, action });
      problems.push({
        code: 'definition_changed',
        remoteName,
        localName: current.localName,
        message:
          `The MCP server changed the definition of ${remoteName} after it was imported ` +
          (action === 'held'
            ? '(the definition pinned at import stays in use until the host accepts the change).'
            : action === 'updated'
              ? '(the new definition is in use).'
              : '(the tool was removed until it is imported again).'),
      });
      if (action === 'held') {
        this.#held.set(remoteName, next);
        continue;
      }
      this.#held.delete(remoteName);
      toRemove.push(current.localName);
      if (action === 'updated') toAdd.push(next);
      else this.#blocked.add(remoteName);
    }
    const taken = new Set(this.#handle.snapshot().names);
    for (const [remoteName, next] of prepared) {
      if (this.#imported.has(remoteName) || this.#blocked.has(remoteName)) continue;
      if (taken.has(next.localName)) {
        problems.push({
          code: 'name_conflict',
          remoteName,
          localName: next.localName,
          message: `${next.localName} is already a tool in the handle; the remote ${remoteName} was not imported (give a prefix).`,
        });
        continue;
      }
      toAdd.push(next);
    }

    const namespace = this.#options.namespace ?? IMPORT_DEFAULTS.namespace;
    if (toRemove.length > 0 || toAdd.length > 0) {
      try {
        this.#handle.batch((edit) => {
          if (toRemove.length > 0) edit.remove(toRemove);
          if (toAdd.length > 0)
            edit.add(
              toAdd.map((entry) => entry.tool),
              { namespace },
            );
        });
      } catch (error) {
        const message = error instanceof FinalizeError ? error.message : String(error);
        const problem: McpImportProblem = {
          code: 'refresh_failed',
          message: `The handle refused the imported tools: ${message.slice(0, 500)}`,
        };
        this.#record([...problems, problem]);
        const change = { added: [], removed: [], changed, problems: [...problems, problem] };
        this.#emit(change);
        return change;
      }
    }
    for (const localName of toRemove) {
      const remoteName = this.#byLocal.get(localName);
      this.#byLocal.delete(localName);
      if (remoteName !== undefined) this.#imported.delete(remoteName);
    }
    for (const entry of toAdd) {
      this.#imported.set(entry.remoteName, {
        remoteName: entry.remoteName,
        localName: entry.localName,
        fingerprint: entry.fingerprint,
      });
      this.#byLocal.set(entry.localName, entry.remoteName);
    }
    const replaced = new Set(toAdd.map((entry) => entry.localName));
    const change: McpImportChange = {
      added: toAdd.filter((entry) => !toRemove.includes(entry.localName)).map((entry) => entry.localName),
      removed: toRemove.filter((name) => !replaced.has(name)),
      changed,
      problems,
    };
    this.#record(problems);
    if (change.added.length > 0 || change.removed.length > 0 || changed.length > 0 || problems.length > 0)
      this.#emit(change);
    return change;
  }

  // A policy function that throws or answers nonsense keeps the pinned definition: the safe side.
  #decide(change: PendingDefinitionChange): DefinitionChangeAction {
    const policy = this.#options.onDefinitionChange ?? 'pin';
    if (typeof policy !== 'function') return policy;
    try {
      const action = policy(change);
      return action === 'update' || action === 'remove' ? action : 'pin';
    } catch {
      return 'pin';
    }
  }

  async #list(): Promise<unknown[]> {
    const tools: unknown[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const params = cursor === undefined ? {} : { cursor };
      const result = await traceRequest(
        this.#options.telemetry,
        'client',
        () => clientRequestInfo(this.client, 'tools/list', undefined),
        (meta) =>
          this.client.request(
            { method: 'tools/list', params: meta === undefined ? params : { ...params, _meta: { ...meta } } },
            LooseListToolsResult,
            { timeout: this.#options.timeoutMs ?? IMPORT_DEFAULTS.timeoutMs },
          ),
      );
      tools.push(...result.tools);
      cursor = result.nextCursor;
      if (cursor === undefined || tools.length > (this.#options.maxTools ?? IMPORT_DEFAULTS.maxTools) * 2)
        break;
    }
    return tools;
  }

  async #prepare(
    entry: unknown,
    compiler: ValidatorCompiler,
  ): Promise<Prepared | McpImportProblem | undefined> {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      return { code: 'invalid_definition', message: 'The MCP server listed a tool that is not an object.' };
    }
    const remote = entry as Record<string, unknown>;
    const remoteName = remote['name'];
    if (typeof remoteName !== 'string' || remoteName === '' || remoteName.length > 256) {
      return { code: 'invalid_definition', message: 'The MCP server listed a tool without a usable name.' };
    }
    if (!passes(this.#options.include, remoteName, true) || passes(this.#options.exclude, remoteName, false))
      return undefined;
    const localName = localToolName(this.#prefix, remoteName);
    const limits = {
      maxBytes: this.#options.maxSchemaBytes ?? IMPORT_DEFAULTS.maxSchemaBytes,
      maxDepth: this.#options.maxSchemaDepth ?? IMPORT_DEFAULTS.maxSchemaDepth,
    };
    const input = checkRemoteSchema(remote['inputSchema'], limits, true);
    if (!input.ok)
      return {
        code: 'schema_rejected',
        remoteName,
        localName,
        message: `${remoteName} was not imported: its input schema was refused (${input.reason}).`,
      };
    let outputSchema: Record<string, unknown> | undefined;
    if (remote['outputSchema'] !== undefined) {
      const output = checkRemoteSchema(remote['outputSchema'], limits, true);
      if (!output.ok)
        return {
          code: 'schema_rejected',
          remoteName,
          localName,
          message: `${remoteName} was not imported: its output schema was refused (${output.reason}).`,
        };
      outputSchema = output.schema;
    }
    const headers = scanParamHeaders(input.schema);
    if (!headers.ok)
      return {
        code: 'schema_rejected',
        remoteName,
        localName,
        message: `${remoteName} was not imported: its input schema declares a header wrongly (${headers.reason}).`,
      };
    const compiled = compiler.compile(input.schema);
    if (!compiled.ok)
      return {
        code: 'schema_rejected',
        remoteName,
        localName,
        message: `${remoteName} was not imported: ${compiled.reason}.`,
      };
    // The structured content is checked as the arguments are: by ajv, against the remote's schema.
    const outputValidation = this.#options.outputValidation;
    let validateOutput: ArgumentValidator | undefined;
    if (outputSchema !== undefined && outputValidation !== 'off') {
      const compiledOutput = compiler.compile(outputSchema);
      if (!compiledOutput.ok)
        return {
          code: 'schema_rejected',
          remoteName,
          localName,
          message: `${remoteName} was not imported: its output schema was refused (${compiledOutput.reason}).`,
        };
      validateOutput = compiledOutput.validate;
    }
    const annotations = (
      typeof remote['annotations'] === 'object' && remote['annotations'] !== null ? remote['annotations'] : {}
    ) as Record<string, unknown>;
    const title = typeof remote['title'] === 'string' ? capDescription(remote['title'], 200, '') : '';
    const description = capDescription(
      remote['description'],
      this.#options.maxDescriptionLength ?? IMPORT_DEFAULTS.maxDescriptionLength,
      `The ${remoteName} tool of an MCP server.`,
    );
    const fingerprint = await fingerprintDefinition({
      name: remoteName,
      title: remote['title'],
      description: remote['description'],
      inputSchema: input.schema,
      outputSchema,
      annotations: remote['annotations'],
    });
    const maxArgumentBytes = this.#options.maxArgumentBytes ?? IMPORT_DEFAULTS.maxArgumentBytes;
    const target: RemoteCallTarget = {
      client: this.client,
      remoteName,
      localName,
      structured: outputSchema !== undefined,
      paramHeaders: headers.declarations,
      timeoutMs: this.#options.timeoutMs ?? IMPORT_DEFAULTS.timeoutMs,
      maxTotalTimeoutMs: this.#options.maxTotalTimeoutMs ?? IMPORT_DEFAULTS.maxTotalTimeoutMs,
      lost: () => this.#lost.signal,
      telemetry: this.#options.telemetry,
    };
    let tool: ErasedTool;
    try {
      const { kind, readOnly } = importedKind(
        {
          remoteName,
          ...(typeof remote['title'] === 'string' ? { title: remote['title'] } : {}),
          ...(typeof remote['description'] === 'string' ? { description: remote['description'] } : {}),
          annotations,
        },
        this.#options.kinds,
      );
      // Core's dynamic tool gives imported arguments the same hostile-input limits as local tools,
      // then the remote schema's own check (ajv): what is validated is exactly what is sent.
      tool = dynamicTool({
        name: localName,
        ...(title === '' ? {} : { title }),
        description,
        parameters: input.schema,
        ...(outputSchema === undefined ? {} : { outputSchema }),
        kind,
        namespace: this.#options.namespace ?? IMPORT_DEFAULTS.namespace,
        readOnly,
        annotations: {
          destructive: bool(annotations['destructiveHint'], true),
          idempotent: bool(annotations['idempotentHint'], false),
          openWorld: bool(annotations['openWorldHint'], true),
        },
        maxArgumentBytes,
        source: { className: `mcp:${this.serverInfo?.name ?? 'server'}`, methodName: remoteName },
        validate: compiled.validate,
        ...(validateOutput === undefined ? {} : { validateOutput }),
        ...(outputValidation === undefined ? {} : { outputValidation }),
        run: (args: Record<string, unknown>, ctx: ToolCallContext) =>
          this.#tracked(callRemoteTool(target, args, ctx)),
        toContent: (output: unknown) => remoteContent(output) ?? [],
        streaming: true,
      });
    } catch (error) {
      return {
        code: 'invalid_definition',
        remoteName,
        localName,
        message: `${remoteName} was not imported: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`,
      };
    }
    return { remoteName, localName, fingerprint, tool };
  }

  async *#tracked<T, R>(generator: AsyncGenerator<T, R, undefined>): AsyncGenerator<T, R, undefined> {
    this.#pending += 1;
    try {
      return yield* generator;
    } finally {
      this.#pending -= 1;
    }
  }

  #scheduleRefresh(): void {
    if (this.#closed || this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.refresh().catch(() => undefined);
    }, REFRESH_DEBOUNCE_MS);
  }

  #lose(reason: string): void {
    if (!this.#lost.signal.aborted) this.#lost.abort(new Error(reason));
  }

  // A transport error while calls are pending may mean the server died without closing the
  // connection (Streamable HTTP): one ping decides, and pending calls fail fast if it fails (F14).
  #checkHealth(): void {
    if (this.#checking || this.#closed || this.#pending === 0 || this.#lost.signal.aborted) return;
    this.#checking = true;
    this.client
      .ping({ timeout: HEALTH_CHECK_TIMEOUT_MS })
      .catch((error: unknown) => {
        // 2026-07-28 has no ping: each request has its own stream, whose end fails it alone.
        if (SdkError.isInstance(error) && error.code === SdkErrorCode.MethodNotSupportedByProtocolVersion)
          return;
        this.#lose('the MCP server did not answer a ping after a transport error');
      })
      .finally(() => {
        this.#checking = false;
      });
  }

  #record(problems: readonly McpImportProblem[]): void {
    this.#problems.push(...problems);
    if (this.#problems.length > MAX_PROBLEMS) this.#problems.splice(0, this.#problems.length - MAX_PROBLEMS);
  }

  #emit(change: McpImportChange): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(change);
      } catch {
        // A listener's failure must not break the import.
      }
    }
  }
}

const EMPTY_CHANGE: McpImportChange = Object.freeze({ added: [], removed: [], changed: [], problems: [] });

function passes(filter: McpToolFilter | undefined, name: string, whenAbsent: boolean): boolean {
  if (filter === undefined) return whenAbsent;
  return typeof filter === 'function' ? filter(name) === true : filter.includes(name);
}

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}
