// The conformance fixture: a registry with every tool the official MCP conformance suite's
// server scenarios call. `toolwright serve examples/mcp-conformance-server --http <port>` serves it.
import 'reflect-metadata';
import { ToolRegistry, type ToolServerHandle } from '@toolwright/registry';
import { CatalogService } from './catalog-service';
import { ContentTools } from './content-tools';
import { headerTool } from './header-tool';
import { InputRequestTools } from './input-request-tools';
import { jsonSchema2020Tool } from './json-schema-tool';
import { HandleHolder, ListChangeTools } from './list-change-tools';
import { SessionTools } from './session-tools';
import { TaskTools } from './task-tools';

// The registry remembers the handle it finalized into, for test_trigger_tool_change.
class FixtureRegistry extends ToolRegistry {
  readonly holder = new HandleHolder();

  override finalize(): ToolServerHandle {
    const handle = super.finalize();
    this.holder.handle = handle;
    return handle;
  }
}

const fixture = new FixtureRegistry();

/** The fixture's tools, unfinalized (the CLI and `serve.ts` finalize it). */
export const registry: ToolRegistry = fixture
  .provide(HandleHolder, fixture.holder)
  .tool(ListChangeTools)
  .tool(ContentTools)
  .tool(CatalogService)
  .tool(SessionTools)
  .tool(InputRequestTools)
  .tool(jsonSchema2020Tool)
  .tool(headerTool)
  .tool(TaskTools);

export default registry;
