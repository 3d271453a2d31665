import { createErasedTool, Tool, ToolError, type ToolCallContext } from '@toolwright/core';
import { inject } from 'inversify';
import type { ToolServerHandle } from '@toolwright/registry';

/** Where the fixture keeps the handle its registry finalized into, so a tool can change the tool list. */
export class HandleHolder {
  handle: ToolServerHandle | undefined;
}

const VOLATILE = 'test_volatile_tool';

const volatileTool = createErasedTool({
  definition: {
    name: VOLATILE,
    description: 'Comes and goes with test_trigger_tool_change.',
    readOnly: true,
  },
  decode: () => ({}),
  invoke: () => 'still here',
  streaming: false,
});

/** The diagnostic hook of `server-stateless`: every call adds or removes a tool, one change each. */
export class ListChangeTools {
  constructor(@inject(HandleHolder) private readonly holder: HandleHolder) {}

  @Tool({
    name: 'test_trigger_tool_change',
    description: 'Adds or removes test_volatile_tool.',
    readOnly: false,
  })
  trigger(_ctx: ToolCallContext): string {
    const handle = this.holder.handle;
    if (handle === undefined)
      throw ToolError.unavailable('The fixture was not finalized through its registry.');
    if (handle.has(VOLATILE)) {
      handle.remove(VOLATILE);
      return `Removed ${VOLATILE}.`;
    }
    handle.add(volatileTool);
    return `Added ${VOLATILE}.`;
  }
}
