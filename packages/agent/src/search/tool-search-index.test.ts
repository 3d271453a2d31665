import 'reflect-metadata';
import { dynamicTool } from '@toolwright/core';
import { ToolRegistry, type RegisteredTool } from '@toolwright/registry';
import fc from 'fast-check';
import { searchTerms } from './search-terms';
import { ToolSearchIndex } from './tool-search-index';

function toolsOf(
  specs: readonly { name: string; description: string; kind?: string; parameters?: readonly string[] }[],
): readonly RegisteredTool[] {
  const registry = new ToolRegistry();
  for (const spec of specs) {
    const properties = Object.fromEntries((spec.parameters ?? []).map((name) => [name, { type: 'string' }]));
    registry.tool(
      dynamicTool({
        name: spec.name,
        description: spec.description,
        ...(spec.kind === undefined ? {} : { kind: spec.kind }),
        parameters: { type: 'object', properties },
        run: () => 'ok',
      }),
    );
  }
  return registry.finalize().tools();
}

describe('searchTerms', () => {
  it('splits names at underscores, dashes and camelCase humps, drops common words and plural s', () => {
    expect(searchTerms('listIssues')).toEqual(['list', 'issue']);
    expect(searchTerms('list_issues')).toEqual(['list', 'issue']);
    expect(searchTerms('Find a contact by e-mail for the CRM')).toEqual([
      'find',
      'contact',
      'e',
      'mail',
      'crm',
    ]);
    expect(searchTerms('class address')).toEqual(['class', 'address']);
  });
});

describe('ToolSearchIndex', () => {
  const tools = toolsOf([
    {
      name: 'calendar_create_event',
      description: 'Create an event in a calendar.',
      kind: 'write',
      parameters: ['title', 'start'],
    },
    {
      name: 'calendar_list_events',
      description: 'List the events of a day.',
      kind: 'list',
      parameters: ['day'],
    },
    {
      name: 'crm_find_contact',
      description: 'Find a contact by email address.',
      kind: 'search',
      parameters: ['email'],
    },
    {
      name: 'weather_forecast',
      description: 'The forecast for a city.',
      kind: 'fetch',
      parameters: ['city'],
    },
    {
      name: 'send_mail',
      description: 'Send an email to a contact.',
      kind: 'other',
      parameters: ['to', 'subject'],
    },
  ]);
  const index = new ToolSearchIndex(tools);
  const names = (query: string, limit = 5): string[] =>
    index.search(query, limit).map((hit) => hit.tool.name);

  it('ranks by name first, then kind and argument names, then description', () => {
    expect(names('create calendar event')[0]).toBe('calendar_create_event');
    expect(names('events')).toEqual(['calendar_list_events', 'calendar_create_event']);
    expect(names('email')).toEqual(['crm_find_contact', 'send_mail']);
    // Argument names count: "city" is weather_forecast's only argument.
    expect(names('city')).toEqual(['weather_forecast']);
    // Kinds count: the one `search` tool.
    expect(names('search')).toEqual(['crm_find_contact']);
  });

  it('finds nothing for a query none of whose words appears, and honours the limit', () => {
    expect(names('quantum entanglement')).toEqual([]);
    expect(names('the a of')).toEqual([]);
    expect(names('calendar', 1)).toEqual(['calendar_create_event']);
  });

  it('a query that is a tool name ranks that tool first (any tool set)', () => {
    const word = fc.stringMatching(/^[a-z]{2,8}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(word, word, fc.array(word, { maxLength: 6 })), {
          minLength: 1,
          maxLength: 12,
          selector: ([first, second]) => `${first}_${second}`,
        }),
        fc.nat(),
        (specs, pick) => {
          const set = toolsOf(
            specs.map(([first, second, words]) => ({
              name: `${first}_${second}`,
              description: `${words.join(' ')} ${first}.`,
            })),
          );
          const target = set[pick % set.length]!;
          expect(new ToolSearchIndex(set).search(target.name, 3)[0]!.tool.name).toBe(target.name);
        },
      ),
      { numRuns: 40 },
    );
  });
});
