import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Histogram,
  type TextMapGetter,
  type TextMapPropagator,
  type TextMapSetter,
  type Tracer,
} from '@opentelemetry/api';
import { ATTRIBUTES, METRICS } from './attributes';
import type {
  McpRequestDescription,
  McpRequestEnd,
  McpSpanHandle,
  McpTelemetryHooks,
} from './mcp-telemetry-hooks';
import { meterOf, tracerOf, type TelemetryProviders } from './providers';

/** Options of `mcpTelemetry`. */
export interface McpTelemetryOptions extends TelemetryProviders {
  /**
   * How trace context is read from and written to `params._meta` (default: the propagator
   * registered with the OpenTelemetry API, W3C `traceparent`/`tracestate` with the usual SDK setup).
   */
  readonly propagator?: TextMapPropagator;
}

// The MCP conventions' advice for operation durations, in seconds.
const DURATION_BUCKETS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

/**
 * Telemetry for `@toolwright/mcp` (the `telemetry` option of its server and of `importMcpTools`),
 * by the OpenTelemetry MCP conventions: a `{mcp.method.name} {target}` span per request
 * (`SERVER` for the requests a server answers, `CLIENT` for those an import sends) with
 * `mcp.method.name`, `mcp.session.id`, `jsonrpc.request.id`, `mcp.protocol.version`, the tool
 * or prompt name or resource URI, and `error.type` when it fails; the
 * `mcp.server.operation.duration` and `mcp.client.operation.duration` histograms (seconds); and
 * the trace context written to a request's `params._meta` by the client and read from it by the
 * server, so a call through an import and the server's handling of it are one trace.
 */
export function mcpTelemetry(options: McpTelemetryOptions = {}): McpTelemetryHooks {
  const tracer = tracerOf(options);
  const meter = meterOf(options);
  const propagator = options.propagator ?? propagation;
  const histogram = (name: string, side: string): Histogram =>
    meter.createHistogram(name, {
      unit: 's',
      description: `The duration of MCP requests, on the ${side}'s side.`,
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    });
  const server = { tracer, propagator, duration: histogram(METRICS.MCP_SERVER_OPERATION_DURATION, 'server') };
  const client = { tracer, propagator, duration: histogram(METRICS.MCP_CLIENT_OPERATION_DURATION, 'client') };
  return Object.freeze({
    serverRequest: (request: McpRequestDescription) => open(server, 'server', request),
    clientRequest: (request: McpRequestDescription) => open(client, 'client', request),
  });
}

interface Side {
  readonly tracer: Tracer;
  readonly propagator: TextMapPropagator;
  readonly duration: Histogram;
}

function open(side: Side, which: 'server' | 'client', request: McpRequestDescription): McpSpanHandle {
  const active = context.active();
  const parent =
    which === 'server' && request.meta !== undefined
      ? side.propagator.extract(active, request.meta, META_GETTER)
      : active;
  const metricAttributes = operationAttributes(request);
  const spanAttributes: Attributes = { ...metricAttributes };
  if (request.sessionId !== undefined) spanAttributes[ATTRIBUTES.MCP_SESSION_ID] = request.sessionId;
  if (request.requestId !== undefined)
    spanAttributes[ATTRIBUTES.JSONRPC_REQUEST_ID] = String(request.requestId);
  spanAttributes[ATTRIBUTES.JSONRPC_PROTOCOL_VERSION] = '2.0';
  const span = side.tracer.startSpan(
    request.target === undefined ? request.method : `${request.method} ${request.target}`,
    { kind: which === 'server' ? SpanKind.SERVER : SpanKind.CLIENT, attributes: spanAttributes },
    parent,
  );
  const current = trace.setSpan(parent, span);
  let meta: Record<string, string> | undefined;
  if (which === 'client') {
    const carrier: Record<string, string> = {};
    side.propagator.inject(current, carrier, META_SETTER);
    if (Object.keys(carrier).length > 0) meta = carrier;
  }
  const startedAt = performance.now();
  let ended = false;
  return {
    meta,
    run: (work) => context.with(current, work),
    end: (outcome: McpRequestEnd) => {
      if (ended) return;
      ended = true;
      const errorType = errorTypeOf(outcome);
      if (errorType !== undefined) {
        span.setAttribute(ATTRIBUTES.ERROR_TYPE, errorType);
        metricAttributes[ATTRIBUTES.ERROR_TYPE] = errorType;
        if (outcome.error?.code !== undefined)
          span.setAttribute(ATTRIBUTES.RPC_RESPONSE_STATUS_CODE, String(outcome.error.code));
        if (outcome.toolError !== undefined && outcome.toolError !== '')
          span.setAttribute(ATTRIBUTES.TOOLWRIGHT_ERROR_KIND, outcome.toolError);
        span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.error?.message });
      }
      span.end();
      side.duration.record((performance.now() - startedAt) / 1000, metricAttributes);
    },
  };
}

// What spans and the duration metrics share: low-cardinality attributes only (no session, no id).
function operationAttributes(request: McpRequestDescription): Attributes {
  const attributes: Attributes = { [ATTRIBUTES.MCP_METHOD_NAME]: request.method };
  if (request.protocolVersion !== undefined)
    attributes[ATTRIBUTES.MCP_PROTOCOL_VERSION] = request.protocolVersion;
  const target = request.target;
  if (target !== undefined) {
    if (request.method === 'tools/call') {
      attributes[ATTRIBUTES.GEN_AI_TOOL_NAME] = target;
      attributes[ATTRIBUTES.GEN_AI_OPERATION_NAME] = 'execute_tool';
    } else if (request.method === 'prompts/get') attributes[ATTRIBUTES.GEN_AI_PROMPT_NAME] = target;
    else attributes[ATTRIBUTES.MCP_RESOURCE_URI] = target;
  }
  return attributes;
}

// A JSON-RPC error by its code; a tool call that answered with an error result as `tool_error`.
function errorTypeOf(outcome: McpRequestEnd): string | undefined {
  if (outcome.error !== undefined)
    return outcome.error.code === undefined ? '_OTHER' : String(outcome.error.code);
  if (outcome.toolError !== undefined) return 'tool_error';
  return undefined;
}

// `_meta` arrives from the other side: only string values are read.
const META_GETTER: TextMapGetter<Readonly<Record<string, unknown>>> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => {
    if (!Object.hasOwn(carrier, key)) return undefined;
    const value = carrier[key];
    return typeof value === 'string' ? value : undefined;
  },
};

const META_SETTER: TextMapSetter<Record<string, string>> = {
  set: (carrier, key, value) => {
    carrier[key] = value;
  },
};
