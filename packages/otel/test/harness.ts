import { context, propagation } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  AggregationTemporality,
  MeterProvider,
  MetricReader,
  type HistogramMetricData,
} from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-base';
import { dynamicTool, type ErasedTool, type ToolCallContext } from '@toolwright/core';

/** A reader the test collects from when it wants (no export interval). */
class CollectingReader extends MetricReader {
  constructor() {
    super({ aggregationTemporalitySelector: () => AggregationTemporality.CUMULATIVE });
  }
  protected override onForceFlush(): Promise<void> {
    return Promise.resolve();
  }
  protected override onShutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * The SDK as a host sets it up: a tracer provider exporting to memory, a meter provider, the
 * async-hooks context manager and the W3C propagator registered with the API.
 */
export function installTelemetry() {
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const reader = new CollectingReader();
  const meterProvider = new MeterProvider({ readers: [reader] });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  return {
    tracerProvider,
    meterProvider,
    spans: (): ReadableSpan[] => exporter.getFinishedSpans(),
    span: (name: string): ReadableSpan => {
      const found = exporter.getFinishedSpans().filter((span) => span.name === name);
      if (found.length !== 1)
        throw new Error(`expected one span named ${name}, got ${found.length}: ${names(exporter)}`);
      return found[0]!;
    },
    reset: () => exporter.reset(),
    /** The data points of one histogram, as collected now. */
    histogram: async (name: string) => {
      const { resourceMetrics } = await reader.collect();
      const metric = resourceMetrics.scopeMetrics
        .flatMap((scope) => scope.metrics)
        .find((candidate) => candidate.descriptor.name === name) as HistogramMetricData | undefined;
      return metric;
    },
    uninstall: async () => {
      context.disable();
      propagation.disable();
      await tracerProvider.shutdown();
      await meterProvider.shutdown();
    },
  };
}

function names(exporter: InMemorySpanExporter): string {
  return exporter
    .getFinishedSpans()
    .map((span) => span.name)
    .join(', ');
}

/** The id of a span's parent, whichever field the SDK version keeps it in. */
export function parentOf(span: ReadableSpan): string | undefined {
  return span.parentSpanContext?.spanId;
}

/** A tool over a permissive object schema that runs `run`. */
export function testTool(
  name: string,
  run: (args: Record<string, unknown>, ctx: ToolCallContext) => unknown,
): ErasedTool {
  return dynamicTool({
    name,
    description: `The ${name} tool.`,
    parameters: { type: 'object', properties: {}, additionalProperties: true },
    run,
  });
}
