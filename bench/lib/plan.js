'use strict';
// Every row of every section: what runs, from which file, what it measures, and its goal.
// `side`: 'floor' | 'peer' (needs bench/peers installed, unless `needsPeers: false`: a framework's
// native tool resolved from the workspace, the copy a toolwright adapter uses, or a row needing no
// package) | 'toolwright'.
// `node`: the least Node major the row runs on (run.js runs it under that Node's binary from
// scripts/install-node.sh when the bench's own Node is older, and skips it when there is none).

/** Section 1 (call path) and section 4 (agent step): timed by lib/call-worker.js. */
const CALL = [
  {
    id: 'floor',
    side: 'floor',
    label: 'floor: JSON.parse + direct call',
    file: 'contenders/floor.js',
    how: 'JSON.parse(json) and the async body called directly; no validation. Every ×floor divides by this.',
  },
  {
    id: 'ajv',
    side: 'peer',
    label: 'ajv (compiled schema, allErrors)',
    file: 'peers/call/ajv.js',
    how: 'ajv.compile(schema) once; per call JSON.parse + validate + the body; errorsText on failure.',
  },
  {
    id: 'class-validator',
    side: 'peer',
    label: 'class-transformer + class-validator',
    file: 'peers/call/class-validator.js',
    how: 'JSON.parse + plainToInstance(Args) + await validate(instance) + the body (the naive decorated-class pipeline).',
  },
  {
    id: 'ai-sdk',
    side: 'peer',
    label: 'AI SDK tool(): safeParseJSON + execute',
    file: 'peers/call/ai-sdk.js',
    how: 'safeParseJSON({ text, schema: asSchema(tool.inputSchema) }) (zod) + tool.execute(): what generateText does per tool call.',
  },
  {
    id: 'openai-agents',
    side: 'peer',
    label: 'OpenAI Agents tool().invoke',
    file: 'peers/call/openai-agents.js',
    how: 'FunctionTool.invoke(runContext, json): JSON.parse + zod + execute; invalid → the default error string.',
  },
  {
    id: 'langchain',
    side: 'peer',
    label: 'LangChain tool().invoke',
    file: 'peers/call/langchain.js',
    how: 'tool.invoke(JSON.parse(json)) with default config; invalid input throws ToolInputParsingException (caught, cost included).',
  },
  {
    id: 'mcp-sdk',
    side: 'peer',
    label: 'MCP SDK McpServer, in-memory, 2025-11-25',
    file: 'peers/call/mcp-sdk.js',
    how: 'SDK Client.callTool over InMemoryTransport to McpServer.registerTool (zod shape); invalid → isError result.',
  },
  {
    id: 'toolwright',
    side: 'toolwright',
    label: 'toolwright ToolSet.call',
    file: 'contenders/toolwright-call.js',
    how: 'tools.call(name, json) → ToolResult: decode into the args class, run, content blocks; never rejects.',
    goal: { valid: 2, invalid: 4 },
  },
  {
    id: 'toolwright-reference',
    side: 'toolwright',
    label: 'toolwright ToolSet.call, reference decoder',
    file: 'contenders/toolwright-call-reference.js',
    how: 'tools.call(name, json) with the decoding accelerator off (eraseTool(…, { accelerate: false })): JSON.parse and the shared closures alone, no scanner, no generated code. The accelerator is worth the gap to the ToolSet.call row.',
    goal: { valid: 2, invalid: 4 },
  },
  {
    id: 'toolwright-otel',
    side: 'toolwright',
    label: 'toolwright ToolSet.call, telemetry interceptor, no-op tracer',
    file: 'contenders/toolwright-call-otel.js',
    how: 'the ToolSet.call row with interceptors: [toolTelemetry()] of @toolwright/otel and no OpenTelemetry SDK registered (the API alone: a no-op tracer), as in a host that installs the instrumentation and exports nothing. The goal divides its ×floor by the ToolSet.call row’s.',
    goal: { overRow: 'toolwright', max: 1.2 },
  },
  {
    id: 'toolwright-many',
    side: 'toolwright',
    label: 'toolwright ToolSet.call, 1,000 tools in turn',
    file: 'contenders/toolwright-call-many.js',
    how: 'tools.call(name_i, json_i) over 1,000 tools with distinct args classes and parameter names, called round robin: the cost of calls spread over a large registry. The goal divides its time by the one-tool ToolSet.call row’s.',
    goal: { overRow: 'toolwright', max: 3 },
  },
  {
    id: 'floor-many',
    side: 'peer',
    needsPeers: false,
    label: 'floor over 1,000 argument shapes in turn: JSON.parse + direct call',
    file: 'contenders/floor-many.js',
    how: 'the texts and bodies of the 1,000-tools row, called round robin: JSON.parse and tool i’s body, no validation. Its time over the floor’s is what spreading calls over 1,000 shapes costs before any decoder (memory traffic: every call reads another tool’s strings, maps and code).',
  },
  {
    id: 'ajv-many',
    side: 'peer',
    label: 'ajv, 1,000 schemas in turn',
    file: 'peers/call/ajv-many.js',
    how: 'the 1,000-tools row’s schemas (path_i, offset_i, limit_i), each compiled once by ajv (allErrors), called round robin: JSON.parse + tool i’s validator + its body. Its time over the one-schema ajv row is a peer’s cost of spreading calls, against the 1,000-tools row’s.',
  },
  {
    id: 'toolwright-output-off',
    side: 'toolwright',
    label: 'toolwright, output validation off',
    file: 'contenders/toolwright-call-output-off.js',
    how: "tools.call(name, json) for read_file declaring its output class (path, lines), in a ToolSet({ outputValidation: 'off' }): the output is rendered (structured content) but not checked. The reference of the next row.",
  },
  {
    id: 'toolwright-output',
    side: 'toolwright',
    label: 'toolwright, output validation on',
    file: 'contenders/toolwright-call-output.js',
    how: 'the same call with output validation on (strict, the default): every output checked against its declared output by the compiled decoder walk in the output direction (docs/output-validation.md).',
    goal: { overRow: 'toolwright-output-off', max: 1.3 },
  },
  {
    id: 'toolwright-execute',
    side: 'toolwright',
    label: 'toolwright ToolSet.execute + drainToTerminal',
    file: 'contenders/toolwright-execute.js',
    how: 'drainToTerminal(tools.execute(name, json, ctx)) with one call context built per call: the layer under call().',
    goal: { valid: 2, invalid: 4 },
  },
  {
    id: 'toolwright-mcp',
    side: 'toolwright',
    label: 'toolwright MCP server, in-memory, 2025-11-25',
    file: 'contenders/toolwright-mcp.js',
    how: 'the same SDK Client.callTool over InMemoryTransport to createMcpServer(registry) (toolwright decoder, no zod).',
    goal: { vsRow: 'mcp-sdk', min: 1 },
  },
  {
    id: 'mcp-sdk-2026',
    side: 'peer',
    label: 'MCP SDK McpServer, in-memory, 2026-07-28',
    file: 'peers/call/mcp-sdk-2026.js',
    how: 'the same McpServer served by the SDK’s serveStdio entry on InMemoryTransport (one server for the connection, pinned to 2026-07-28 by the first request), the Client pinned to 2026-07-28.',
  },
  {
    id: 'toolwright-mcp-2026',
    side: 'toolwright',
    label: 'toolwright MCP server, in-memory, 2026-07-28',
    file: 'contenders/toolwright-mcp-2026.js',
    how: 'connectMcpServer(registry) on InMemoryTransport, the same Client pinned to 2026-07-28.',
    goal: { vsRow: 'mcp-sdk-2026', min: 1 },
  },
  {
    id: 'openai-agents-native',
    side: 'peer',
    needsPeers: false,
    label: 'OpenAI Agents native tool (zod), invokeFunctionTool',
    file: 'contenders/adapters/openai-agents-native.js',
    how: 'tool({ parameters: z.object }) called as the runner calls it: invokeFunctionTool({ tool, runContext, input: json }); the SDK copy @toolwright/openai-agents resolves. Invalid → the default error string.',
  },
  {
    id: 'toolwright-openai-agents',
    side: 'toolwright',
    label: 'toolwright tool via @toolwright/openai-agents, invokeFunctionTool',
    file: 'contenders/adapters/toolwright-openai-agents.js',
    how: 'openAiAgentsTools(toolSet) and the same invokeFunctionTool call: the raw JSON goes to toolwright (decode, run, content text); invalid → toolwright’s curated text.',
    goal: { vsRow: 'openai-agents-native', min: 1 },
  },
  {
    id: 'langchain-native',
    side: 'peer',
    needsPeers: false,
    label: 'LangChain native tool (zod), invoke(tool call)',
    file: 'contenders/adapters/langchain-native.js',
    how: 'tool(fn, { schema: z.object }) called as a ToolNode calls it: invoke({ type: "tool_call", id, name, args }) → ToolMessage; the @langchain/core copy @toolwright/langchain resolves. Invalid throws ToolInputParsingException (caught).',
  },
  {
    id: 'toolwright-langchain',
    side: 'toolwright',
    label: 'toolwright tool via @toolwright/langchain, invoke(tool call)',
    file: 'contenders/adapters/toolwright-langchain.js',
    how: 'langChainTools(toolSet) and the same invoke(tool call) → ToolMessage (content, ToolResult artifact); invalid → a status "error" message with toolwright’s text.',
    goal: { vsRow: 'langchain-native', min: 1 },
  },
];

const AGENT = [
  {
    id: 'ai-sdk-generate-text',
    side: 'peer',
    label: 'AI SDK generateText, stub model',
    file: 'peers/agent/ai-sdk-generate-text.js',
    how: 'generateText({ model: stub returning one tool call, tools, stopWhen: stepCountIs(1) }): one model call + one tool call.',
  },
  {
    id: 'toolwright-agent',
    side: 'toolwright',
    label: 'toolwright Agent, scripted client',
    file: 'contenders/toolwright-agent.js',
    how: 'Agent.run with the scripted client answering one tool call: one model turn + one tool call.',
    goal: { maxUs: 50, belowAiSdk: 10 },
  },
  {
    id: 'ai-sdk-7-zod',
    side: 'peer',
    needsPeers: false,
    node: 22,
    label: 'AI SDK 7 generateText, zod tool, stub model',
    file: 'contenders/ai-sdk-7-zod.js',
    how: 'generateText({ model: stub returning one tool call, tools: { read_file: tool({ inputSchema: z.object, execute }) }, stopWhen: stepCountIs(1) }) on ai 7 (from the workspace, under Node 22): the AI SDK parses, validates with zod and executes.',
  },
  {
    id: 'toolwright-ai-sdk',
    side: 'toolwright',
    node: 22,
    label: 'toolwright aiSdkTools in AI SDK 7 generateText, stub model',
    file: 'contenders/toolwright-ai-sdk.js',
    how: 'the same generateText step with tools: aiSdkTools(registry) (@toolwright/ai-sdk): the AI SDK parses and executes, toolwright decodes and runs the call (ai 7, under Node 22). Must not be slower than the zod tool.',
    goal: { vsRow: 'ai-sdk-7-zod', min: 1 },
  },
];

/** Sections 2 and 3: one scenario module per row group, timed by lib/scale-worker.js. */
const SCALE = [
  {
    id: 'floor-definitions',
    side: 'floor',
    label: 'floor: JSON Schema object literals',
    file: 'contenders/scale/floor-literals.js',
  },
  {
    id: 'toolwright-definitions',
    side: 'toolwright',
    label: 'toolwright: args classes + tools, schemaOf + ToolSet.definitions()',
    file: 'contenders/scale/toolwright-definitions.js',
    goal: { ms: 50, retainedMB: 3 },
  },
  {
    id: 'ai-sdk-definitions',
    side: 'peer',
    label: 'AI SDK tool() + asSchema',
    file: 'peers/scale/ai-sdk.js',
  },
  {
    id: 'langchain-definitions',
    side: 'peer',
    label: 'LangChain tool() + convertToOpenAITool',
    file: 'peers/scale/langchain.js',
  },
  {
    id: 'openai-agents-definitions',
    side: 'peer',
    label: 'OpenAI Agents tool()',
    file: 'peers/scale/openai-agents.js',
  },
  {
    id: 'mcp-sdk-definitions',
    side: 'peer',
    label: 'MCP SDK McpServer.registerTool',
    file: 'peers/scale/mcp-sdk.js',
  },
  {
    id: 'toolwright-define-derive',
    side: 'toolwright',
    label: 'toolwright: the finalize tools without a registry (define + eraseTool + definitions())',
    file: 'contenders/scale/toolwright-define-derive.js',
  },
  {
    id: 'toolwright-finalize',
    side: 'toolwright',
    label: 'toolwright registry finalize()',
    file: 'contenders/scale/toolwright-finalize.js',
    // Ratios in one run (absolute milliseconds mean little on shared machines): finalize of 1k ≤ 1.5×
    // the cold define-and-derive of the same 1k without a registry; 10k ≤ 10.5× 1k.
    goal: { vsDefineDerive: 1.5, linear10k: 10.5, warmDefsMs: 1 },
  },
  {
    id: 'toolwright-mcp-list',
    side: 'toolwright',
    label: 'toolwright MCP server',
    file: 'contenders/scale/toolwright-mcp-list.js',
    goal: { listMs: 5, vsLowList: 2 },
  },
  {
    id: 'toolwright-agent-300',
    side: 'toolwright',
    label: 'toolwright Agent, 300 tools: definition bytes per turn',
    file: 'contenders/scale/toolwright-agent-300.js',
    how: 'Agent.run with the scripted client over 300 tools (3 always sent): toolSearch over deferred tools (search, call, answer) vs every tool sent; JSON bytes of each request’s tools.',
    // The largest turn with deferred loading against a turn with every tool.
    goal: { deferredShare: 0.1 },
  },
];

/** Section 5: servers started by lib/http-server-worker.js, loaded by lib/http-load-worker.js. */
const HTTP = [
  {
    id: 'mcp-sdk-http',
    side: 'peer',
    label: 'MCP SDK McpServer + NodeStreamableHTTPServerTransport, 2025-11-25',
    file: 'peers/http/mcp-sdk.js',
    revision: '2025-11-25',
  },
  {
    id: 'toolwright-mcp-http',
    side: 'toolwright',
    label: 'toolwright serveMcp over Streamable HTTP, 2025-11-25',
    file: 'contenders/http/toolwright-mcp.js',
    revision: '2025-11-25',
    goal: { vsSdk: 1, sdk: 'mcp-sdk-http' },
  },
  {
    id: 'toolwright-mcp-http-plain',
    side: 'toolwright',
    label: 'toolwright serveMcp over Streamable HTTP, resumability off as in the SDK row, 2025-11-25',
    file: 'contenders/http/toolwright-mcp-plain.js',
    revision: '2025-11-25',
  },
  {
    id: 'mcp-sdk-http-2026',
    side: 'peer',
    label: 'MCP SDK McpServer + createMcpHandler (toNodeHandler), 2026-07-28',
    file: 'peers/http/mcp-sdk-2026.js',
    revision: '2026-07-28',
  },
  {
    id: 'toolwright-mcp-http-2026',
    side: 'toolwright',
    label: 'toolwright serveMcp over Streamable HTTP, 2026-07-28',
    file: 'contenders/http/toolwright-mcp.js',
    revision: '2026-07-28',
    goal: { vsSdk: 1, sdk: 'mcp-sdk-http-2026' },
  },
  {
    id: 'toolwright-task-2026',
    side: 'toolwright',
    label:
      'toolwright serveMcp, read_file as an MCP task (tools/call, then tasks/get until done), 2026-07-28',
    file: 'contenders/http/toolwright-task.js',
    revision: '2026-07-28',
    mode: 'task',
    base: 'toolwright-mcp-http-2026',
  },
  {
    id: 'toolwright-nginx-1',
    side: 'toolwright',
    label: 'nginx → 1 × toolwright serve --redis, 2026-07-28',
    file: 'contenders/http/toolwright-nginx-1.js',
    revision: '2026-07-28',
    base: 'toolwright-mcp-http-2026',
  },
  {
    id: 'toolwright-nginx-3',
    side: 'toolwright',
    label: 'nginx → 3 × toolwright serve --redis (one Redis), 2026-07-28',
    file: 'contenders/http/toolwright-nginx-3.js',
    revision: '2026-07-28',
    base: 'toolwright-mcp-http-2026',
  },
];

module.exports = { CALL, AGENT, SCALE, HTTP };
