import 'reflect-metadata';
import { defineTool, dynamicTool } from '@toolwright/core';
import { requiresTool, ToolRegistry, type ToolServerHandle } from '@toolwright/registry';
import { Agent, type AgentOptions, type ModelRequest } from '../src';
import { ScriptedModelClient, type ScriptStep } from '../src/testing';
import { firstText, RUN_PATHS } from './support/drive';

// The names a request offered, in order.
const offered = (request: { tools: readonly unknown[] }): string[] =>
  request.tools.map((entry) => {
    const definition = entry as { name?: string; function?: { name: string } };
    return definition.function?.name ?? definition.name ?? '?';
  });

function crmTools(): ToolServerHandle {
  const echo = (name: string) => (args: Record<string, unknown>) => `${name} ${JSON.stringify(args)}`;
  const tool = (
    name: string,
    description: string,
    parameters: readonly string[],
    extra: { deferLoading?: boolean; requires?: ReturnType<typeof requiresTool>; kind?: string } = {},
  ) =>
    dynamicTool({
      name,
      description,
      parameters: {
        type: 'object',
        properties: Object.fromEntries(parameters.map((parameter) => [parameter, { type: 'string' }])),
        additionalProperties: false,
      },
      deferLoading: extra.deferLoading ?? true,
      ...(extra.kind === undefined ? {} : { kind: extra.kind }),
      run: echo(name),
    });
  const registry = new ToolRegistry()
    .tool(tool('answer', 'Answer the user.', ['text'], { deferLoading: false }))
    .tool(tool('crm_find_contact', 'Find a contact by email address.', ['email'], { kind: 'search' }))
    .tool(
      defineTool(
        {
          name: 'crm_delete_contact',
          description: 'Delete a contact (find it first).',
          kind: 'delete',
          deferLoading: true,
          requires: requiresTool('crm_find_contact'),
        },
        () => 'deleted',
      ),
    )
    .tool(tool('calendar_create_event', 'Create a calendar event.', ['title', 'start']))
    .tool(tool('weather_forecast', 'The weather forecast for a city.', ['city']));
  return registry.finalize();
}

function agentOf(script: readonly ScriptStep[], options: Partial<AgentOptions> = {}) {
  const model = new ScriptedModelClient(script);
  const agent = new Agent({ model, tools: crmTools(), toolSearch: true, ...options });
  return { agent, model };
}

describe.each(RUN_PATHS)('the built-in tool search, %s', (_path, drive) => {
  it('sends the loaded tools and the search tool; a search loads the matches into the next turn', async () => {
    const { agent, model } = agentOf([
      { toolCalls: [{ name: 'tool_search', arguments: { query: 'weather in a city' } }] },
      { toolCalls: [{ name: 'weather_forecast', arguments: { city: 'Oslo' } }] },
      { text: 'Rain.' },
    ]);
    const result = await drive(agent, 'Weather in Oslo?');
    expect(result.stopReason).toBe('completed');
    expect(model.requests.map(offered)).toEqual([
      ['answer', 'tool_search'],
      ['answer', 'weather_forecast', 'tool_search'],
      ['answer', 'weather_forecast', 'tool_search'],
    ]);
    const search = result.toolResults[0]!;
    expect(search.status).toBe('ok');
    expect(firstText(search.content)).toBe(
      'Tools loaded for your next turn: weather_forecast.\n- weather_forecast (Tool): The weather forecast for a city. [arguments: city]',
    );
    expect(firstText(result.toolResults[1]!.content)).toBe('weather_forecast {"city":"Oslo"}');
  });

  it('a loaded tool brings the tools it requires', async () => {
    const { agent, model } = agentOf([
      { toolCalls: [{ name: 'tool_search', arguments: { query: 'delete' } }] },
      { text: 'Ready.' },
    ]);
    const result = await drive(agent, 'Delete bob.');
    expect(offered(model.requests[1]!)).toEqual([
      'answer',
      'crm_find_contact',
      'crm_delete_contact',
      'tool_search',
    ]);
    expect(firstText(result.toolResults[0]!.content)).toMatch(
      /^Tools loaded for your next turn: crm_find_contact, crm_delete_contact\.\n.*\(required by a match\)/,
    );
  });

  it('a search that matches nothing loads nothing and says what to try', async () => {
    const { agent, model } = agentOf([
      { toolCalls: [{ name: 'tool_search', arguments: { query: 'quantum' } }] },
      { text: 'Nothing.' },
    ]);
    const result = await drive(agent, 'Entangle.');
    expect(firstText(result.toolResults[0]!.content)).toBe(
      'No tool matches "quantum". Try other words: what the tool does, the thing it acts on, or an argument it takes.',
    );
    expect(offered(model.requests[1]!)).toEqual(['answer', 'tool_search']);
  });

  it('decodes the search arguments like any tool: an empty query is invalid_arguments', async () => {
    const { agent } = agentOf([
      { toolCalls: [{ name: 'tool_search', arguments: { query: '' } }] },
      { text: 'ok' },
    ]);
    const result = await drive(agent, 'x');
    expect(result.toolResults[0]!.status).toBe('failed');
    expect(result.toolResults[0]!.error?.kind).toBe('invalid_arguments');
  });

  it('loads only tools the agent allows, and the search tool stays callable', async () => {
    const { agent, model } = agentOf(
      [{ toolCalls: [{ name: 'tool_search', arguments: { query: 'contact' } }] }, { text: 'ok' }],
      { allowedTools: ['answer', 'crm_find_contact'] },
    );
    await drive(agent, 'x');
    expect(offered(model.requests[0]!)).toEqual(['answer', 'tool_search']);
    expect(offered(model.requests[1]!)).toEqual(['answer', 'crm_find_contact', 'tool_search']);
  });

  it('a continued transcript keeps what its searches loaded', async () => {
    const first = agentOf([
      { toolCalls: [{ name: 'tool_search', arguments: { query: 'calendar event' } }] },
      { text: 'Loaded.' },
    ]);
    const earlier = await drive(first.agent, 'Plan a meeting.');
    const { agent, model } = agentOf([{ text: 'Again.' }]);
    await drive(agent, [...earlier.messages, { role: 'user', content: 'Now.' }]);
    expect(offered(model.requests[0]!)).toEqual(['answer', 'calendar_create_event', 'tool_search']);
  });
});

describe('toolSearch', () => {
  it('a run resumed after an approval keeps what its searches loaded', async () => {
    const { agent, model } = agentOf(
      [
        { toolCalls: [{ name: 'tool_search', arguments: { query: 'weather' } }] },
        { toolCalls: [{ id: 'ask_me', name: 'weather_forecast', arguments: { city: 'Oslo' } }] },
        { text: 'Rain.' },
      ],
      { hooks: { approve: ({ tool }) => (tool.name === 'weather_forecast' ? 'ask' : 'allow') } },
    );
    const suspended = await agent.run('Weather?');
    expect(suspended.stopReason).toBe('approval_required');
    const resumed = await agent.resume(suspended.state!, { ask_me: 'allow' });
    expect(resumed.stopReason).toBe('completed');
    expect(firstText(resumed.toolResults.at(-1)!.content)).toBe('weather_forecast {"city":"Oslo"}');
    expect(offered(model.requests[2]!)).toEqual(['answer', 'weather_forecast', 'tool_search']);
  });

  it('off (the default): every tool is sent each turn, deferred or not', async () => {
    const model = new ScriptedModelClient([{ text: 'hi' }]);
    await new Agent({ model, tools: crmTools() }).run('x');
    expect(offered(model.requests[0]!)).toEqual([
      'answer',
      'crm_find_contact',
      'crm_delete_contact',
      'calendar_create_event',
      'weather_forecast',
    ]);
  });

  it('is not offered when nothing is deferred', async () => {
    const model = new ScriptedModelClient([{ text: 'hi' }]);
    const tools = new ToolRegistry().tool(defineTool({ name: 'a', description: 'A.' }, () => 1)).finalize();
    await new Agent({ model, tools, toolSearch: true }).run('x');
    expect(offered(model.requests[0]!)).toEqual(['a']);
  });

  it('renders the search tool in the client format (anthropic here)', async () => {
    const model = new ScriptedModelClient([{ text: 'hi' }], { format: 'anthropic' });
    await new Agent({ model, tools: crmTools(), toolSearch: { name: 'find_tools', maxResults: 2 } }).run('x');
    const search = model.requests[0]!.tools.at(-1) as {
      name: string;
      description: string;
      input_schema: object;
    };
    expect(search.name).toBe('find_tools');
    expect(search.description).toContain('4 more tools are available');
    expect(search.description).toContain('The best 2 matches');
    expect(search.input_schema).toMatchObject({ type: 'object', required: ['query'] });
  });

  it('refuses a name a registered tool has, and bad options', () => {
    const model = new ScriptedModelClient([]);
    expect(() => new Agent({ model, tools: crmTools(), toolSearch: { name: 'answer' } })).toThrow(
      'Agent toolSearch: a registered tool is already named answer; give the search tool another name with toolSearch: { name }.',
    );
    expect(() => new Agent({ model, tools: crmTools(), toolSearch: { maxResults: 0 } })).toThrow(
      'Agent toolSearch.maxResults must be a whole number from 1 to 50; got 0.',
    );
  });

  it('300 tools: the definitions sent per turn with deferred loading are at most 10% of all of them', async () => {
    const registry = new ToolRegistry({ deferLoading: true });
    const domains = ['crm', 'calendar', 'billing', 'files', 'tickets', 'chat'];
    for (let index = 0; index < 300; index++) {
      const domain = domains[index % domains.length]!;
      registry.tool(
        dynamicTool({
          name: `${domain}_action_${index}`,
          description: `Performs action ${index} on ${domain} records: looks the record up by its id, applies the change and returns the updated record.`,
          parameters: {
            type: 'object',
            properties: {
              id: { type: 'string', description: `The ${domain} record id` },
              note: { type: 'string', description: 'Why the change is made, for the audit log' },
              dryRun: { type: 'boolean', description: 'Report what would change without changing it' },
              limit: { type: 'integer', minimum: 1, maximum: 100, description: 'At most this many records' },
            },
            required: ['id'],
            additionalProperties: false,
          },
          deferLoading: index >= 3 ? undefined : false,
          run: () => 'done',
        }),
      );
    }
    const tools = registry.finalize();
    const script: ScriptStep[] = [
      { toolCalls: [{ name: 'tool_search', arguments: { query: 'billing action 44' } }] },
      { toolCalls: [{ name: 'billing_action_44', arguments: { id: 'b-1' } }] },
      { text: 'Done.' },
    ];
    const bytes = (request: ModelRequest | { tools: readonly unknown[] }): number =>
      Buffer.byteLength(JSON.stringify(request.tools));
    const deferred = new ScriptedModelClient(script);
    const result = await new Agent({ model: deferred, tools, toolSearch: true }).run('Bill it.');
    expect(result.stopReason).toBe('completed');
    const everything = new ScriptedModelClient(script.slice(1));
    await new Agent({ model: everything, tools }).run('Bill it.');
    const full = bytes(everything.requests[0]!);
    expect(everything.requests[0]!.tools).toHaveLength(300);
    for (const request of deferred.requests) expect(bytes(request)).toBeLessThanOrEqual(full * 0.1);
    expect(offered(deferred.requests[1]!)).toContain('billing_action_44');
  });
});
