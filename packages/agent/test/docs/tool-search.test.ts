import 'reflect-metadata';
import { defineTool, dynamicTool, Param, Tool } from '@toolwright/core';
import { requiresTool, ToolRegistry } from '@toolwright/registry';
import { Agent } from '../../src';
import { ScriptedModelClient } from '../../src/testing';

// The snippets of docs/tool-search.md, run as written.
describe('docs/tool-search.md', () => {
  it('defers tools and renders the providers’ native form', () => {
    class TicketArgs {
      @Param({ description: 'The ticket id', minLength: 1 })
      id!: string;
    }

    // #region defer
    @Tool({
      name: 'close_ticket',
      description: 'Close a ticket.',
      kind: 'write',
      args: TicketArgs,
      deferLoading: true,
      requires: requiresTool('find_ticket'),
    })
    class CloseTicket {
      run(args: TicketArgs): string {
        return `closed ${args.id}`;
      }
    }

    const findTicket = defineTool(
      { name: 'find_ticket', description: 'Find a ticket by id.', kind: 'search', args: TicketArgs },
      (args: TicketArgs) => `ticket ${args.id}`,
    );

    const registry = new ToolRegistry({
      // Everything an MCP import brings, and these by name, wait for a search.
      deferLoading: { namespaces: ['mcp'], tools: ['find_ticket'] },
    })
      .tool(CloseTicket)
      .tool(findTicket)
      .tool(defineTool({ name: 'answer', description: 'Answer the user.' }, () => 'ok'));

    const tools = registry.finalize();
    tools.definitions('anthropic');
    // [{ name: 'close_ticket', …, defer_loading: true }, { name: 'find_ticket', …, defer_loading: true },
    //  { name: 'answer', … }, { type: 'tool_search_tool_regex_20251119', name: 'tool_search_tool_regex' }]
    tools.definitions('openai-responses');
    // [{ type: 'function', name: 'close_ticket', …, strict: true, defer_loading: true }, …, { type: 'tool_search' }]
    tools.requiredToolClosure(['close_ticket']); // ['close_ticket', 'find_ticket']
    // #endregion

    expect(tools.definitions('anthropic').map((entry) => 'defer_loading' in entry)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(tools.definitions('anthropic').at(-1)).toEqual({
      type: 'tool_search_tool_regex_20251119',
      name: 'tool_search_tool_regex',
    });
    expect(tools.definitions('openai-responses').at(-1)).toEqual({ type: 'tool_search' });
    expect(tools.requiredToolClosure(['close_ticket'])).toEqual(['close_ticket', 'find_ticket']);
  });

  it('lets an agent search its deferred tools', async () => {
    const handle = new ToolRegistry({ deferLoading: true })
      .tool(
        dynamicTool({
          name: 'weather_forecast',
          description: 'The weather forecast for a city.',
          parameters: { type: 'object', properties: { city: { type: 'string' } } },
          run: (args) => `rain in ${String(args['city'])}`,
        }),
      )
      .finalize();
    const model = new ScriptedModelClient([
      { toolCalls: [{ name: 'tool_search', arguments: { query: 'weather' } }] },
      { toolCalls: [{ name: 'weather_forecast', arguments: { city: 'Oslo' } }] },
      { text: 'Rain in Oslo.' },
    ]);

    // #region agent
    const agent = new Agent({ model, tools: handle, toolSearch: { maxResults: 5 } });
    const result = await agent.run('Weather in Oslo?');
    // turn 1 is sent: tool_search (and the tools that are not deferred)
    // turn 2 is sent: weather_forecast, tool_search — the search loaded it
    // #endregion

    expect(result.text).toBe('Rain in Oslo.');
    expect(model.requests.map((request) => request.tools.length)).toEqual([1, 2, 2]);
  });
});
