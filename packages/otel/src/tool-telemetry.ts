import {
  context,
  INVALID_SPAN_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import type { CallInterceptor, InterceptedCall, ToolResult } from '@toolwright/core';
import { ATTRIBUTES } from './attributes';
import { attributeText, DEFAULT_MAX_ATTRIBUTE_LENGTH, safeHostValues } from './attribute-text';
import { tracerOf, type TelemetryProviders } from './providers';

/** Options of `toolTelemetry`. */
export interface ToolTelemetryOptions extends TelemetryProviders {
  /**
   * Record each call's raw arguments as `gen_ai.tool.call.arguments` (default false: arguments
   * may hold user data). Host values are scrubbed from them either way.
   */
  readonly recordArguments?: boolean;
  /** Record each call's result as `gen_ai.tool.call.result` (default false), scrubbed the same way. */
  readonly recordResults?: boolean;
  /** Longest recorded argument or result text, in characters (default 8192); longer text is cut with a marker. */
  readonly maxAttributeLength?: number;
  /**
   * The `gen_ai.tool.type` of a tool: `function` by default (toolwright runs the tool in the
   * host's process); say `extension` for tools that stand for a remote service.
   */
  readonly toolType?: (toolName: string) => string | undefined;
}

/**
 * A `CallInterceptor` that wraps every call in a GenAI `execute_tool {gen_ai.tool.name}` span:
 * `gen_ai.operation.name`, `gen_ai.tool.name`, `gen_ai.tool.call.id`, `gen_ai.tool.type`, and on
 * failure `error.type` (the `ToolError` kind) with an error status. The call runs with its span
 * current, so the calls a tool dispatches nest under it, and the call nests under whatever span is
 * current where it starts (an agent's, an MCP request's). Arguments and results are recorded only
 * when the options say so, and never with a host value in them (the call's bag, the registry's
 * secrets). With no tracer registered the span is a no-op and the call runs as it would without
 * the interceptor.
 */
export function toolTelemetry(options: ToolTelemetryOptions = {}): CallInterceptor {
  const tracer = tracerOf(options);
  const settings: Settings = {
    recordArguments: options.recordArguments === true,
    recordResults: options.recordResults === true,
    maxLength: options.maxAttributeLength ?? DEFAULT_MAX_ATTRIBUTE_LENGTH,
    toolType: options.toolType,
  };
  return Object.freeze({
    aroundCall: (call: InterceptedCall, proceed: () => Promise<ToolResult>) =>
      traceCall(tracer, settings, call, proceed),
  });
}

// Read once: the API's re-exports are getters, and this runs on every call.
const CONTEXT = context;
const TRACE = trace;
const SPAN_OPTIONS = Object.freeze({ kind: SpanKind.INTERNAL });

interface Settings {
  readonly recordArguments: boolean;
  readonly recordResults: boolean;
  readonly maxLength: number;
  readonly toolType: ((toolName: string) => string | undefined) | undefined;
}

function traceCall(
  tracer: Tracer,
  settings: Settings,
  call: InterceptedCall,
  proceed: () => Promise<ToolResult>,
): Promise<ToolResult> {
  const parent = CONTEXT.active();
  const span = tracer.startSpan(`execute_tool ${call.toolName}`, SPAN_OPTIONS, parent);
  if (!span.isRecording()) {
    // A no-op tracer gives back the parent's span context: the span adds nothing to the trace,
    // and the call runs as it would without it. A span a sampler dropped still has a context of
    // its own, which the calls under it must inherit.
    const own = span.spanContext();
    if (own === INVALID_SPAN_CONTEXT || own === TRACE.getSpanContext(parent)) return proceed();
    return CONTEXT.with(TRACE.setSpan(parent, span), proceed);
  }
  let hostValues: readonly string[] | undefined;
  const secrets = (): readonly string[] => (hostValues ??= safeHostValues(() => call.context.hostValues()));
  try {
    span.setAttributes({
      [ATTRIBUTES.GEN_AI_OPERATION_NAME]: 'execute_tool',
      [ATTRIBUTES.GEN_AI_TOOL_NAME]: call.toolName,
      [ATTRIBUTES.GEN_AI_TOOL_CALL_ID]: call.callId,
      [ATTRIBUTES.GEN_AI_TOOL_TYPE]: toolTypeOf(settings, call.toolName),
    });
    if (settings.recordArguments) {
      span.setAttribute(
        ATTRIBUTES.GEN_AI_TOOL_CALL_ARGUMENTS,
        attributeText(call.rawArgs ?? {}, secrets(), settings.maxLength),
      );
    }
  } catch {
    // A broken exporter or span must not take the call with it.
  }
  return CONTEXT.with(TRACE.setSpan(parent, span), proceed).then((result) => {
    finish(span, settings, result, secrets);
    return result;
  });
}

function finish(span: Span, settings: Settings, result: ToolResult, secrets: () => readonly string[]): void {
  try {
    if (!result.ok) {
      span.setAttribute(ATTRIBUTES.ERROR_TYPE, result.error.kind);
      // The model text is curated already; scrubbed again, as the status is exported.
      span.setStatus({
        code: SpanStatusCode.ERROR,
        message: attributeText(result.error.modelText, secrets(), settings.maxLength),
      });
    }
    if (settings.recordResults) {
      span.setAttribute(
        ATTRIBUTES.GEN_AI_TOOL_CALL_RESULT,
        attributeText(resultText(result), secrets(), settings.maxLength),
      );
    }
  } catch {
    // As above: telemetry never breaks a call.
  }
  span.end();
}

// What the model sees of a result: its JSON form when it succeeded, else its error text.
function resultText(result: ToolResult): unknown {
  if (result.ok) return result.json;
  return result.error.modelText;
}

function toolTypeOf(settings: Settings, toolName: string): string {
  if (settings.toolType === undefined) return 'function';
  try {
    return settings.toolType(toolName) ?? 'function';
  } catch {
    return 'function';
  }
}
