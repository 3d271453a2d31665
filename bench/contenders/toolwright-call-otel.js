'use strict';
// toolwright's public entry point with @toolwright/otel's telemetry interceptor and no
// OpenTelemetry SDK registered: the OpenTelemetry API alone, whose tracer is a no-op. What a host
// pays for installing the instrumentation before (or without) exporting anything.
const { requireBuilt } = require('../lib/pending');
const { TOOL_NAME } = require('../lib/fixture');
const { core, readFileToolSet, toolResultOutcome } = require('./toolwright-tool');

module.exports = {
  packages: ['@toolwright/core', '@toolwright/otel', '@opentelemetry/api'],
  async setup() {
    const { toolTelemetry } = requireBuilt('@toolwright/otel', ['toolTelemetry']);
    const tools = readFileToolSet(core(), undefined, { interceptors: [toolTelemetry()] });
    return { invoke: (json) => tools.call(TOOL_NAME, json) };
  },
  outcome: toolResultOutcome,
};
