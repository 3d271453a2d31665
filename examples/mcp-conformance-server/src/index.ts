// The conformance fixture: a registry with every tool the official MCP conformance suite's
// server scenarios call. `toolwright serve examples/mcp-conformance-server --http <port>` serves it.
import 'reflect-metadata';
import { ToolRegistry } from '@toolwright/registry';
import { ContentTools } from './content-tools';
import { jsonSchema2020Tool } from './json-schema-tool';
import { SessionTools } from './session-tools';

/** The fixture's tools, unfinalized (the CLI and `serve.ts` finalize it). */
export const registry = new ToolRegistry().tool(ContentTools).tool(SessionTools).tool(jsonSchema2020Tool);

export default registry;
