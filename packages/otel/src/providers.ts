import {
  metrics,
  trace,
  type Meter,
  type MeterProvider,
  type Tracer,
  type TracerProvider,
} from '@opentelemetry/api';
import { INSTRUMENTATION_SCOPE, INSTRUMENTATION_VERSION } from './attributes';

/** Where toolwright's spans and metrics go: the global providers unless the host names others. */
export interface TelemetryProviders {
  /** Default: the global tracer provider (`trace.getTracerProvider()`), a no-op until one is registered. */
  readonly tracerProvider?: TracerProvider;
  /** Default: the global meter provider (`metrics.getMeterProvider()`), a no-op until one is registered. */
  readonly meterProvider?: MeterProvider;
}

/** The tracer of `providers`, under toolwright's instrumentation scope. */
export function tracerOf(providers: TelemetryProviders): Tracer {
  return (providers.tracerProvider ?? trace.getTracerProvider()).getTracer(
    INSTRUMENTATION_SCOPE,
    INSTRUMENTATION_VERSION,
  );
}

/** The meter of `providers`, under toolwright's instrumentation scope. */
export function meterOf(providers: TelemetryProviders): Meter {
  return (providers.meterProvider ?? metrics.getMeterProvider()).getMeter(
    INSTRUMENTATION_SCOPE,
    INSTRUMENTATION_VERSION,
  );
}
