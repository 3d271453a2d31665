import { createErasedTool, ToolError, type ErasedTool } from '@toolwright/core';

/**
 * A tool whose `region` argument is mirrored in an HTTP header (`x-mcp-header`, SEP-2243): a
 * 2026-07-28 client sends it as `Mcp-Param-Region` too, so a gateway can route on it, and the
 * server refuses a request whose header and body disagree.
 */
export const headerTool: ErasedTool = createErasedTool<{ region: string }, string>({
  definition: {
    name: 'test_custom_header',
    description: 'Echoes the region, which also travels as the Mcp-Param-Region header.',
    inputSchema: {
      type: 'object',
      properties: { region: { type: 'string', description: 'Where to run', 'x-mcp-header': 'Region' } },
      required: ['region'],
      additionalProperties: false,
    },
    readOnly: true,
  },
  decode: (raw) => {
    const value: unknown = typeof raw === 'string' ? (raw.trim() === '' ? {} : JSON.parse(raw)) : (raw ?? {});
    const record = value as Record<string, unknown>;
    if (typeof value !== 'object' || value === null || typeof record['region'] !== 'string')
      throw ToolError.invalidArguments('Send {"region": "<a region>"}.');
    for (const key of Object.keys(record))
      if (key !== 'region') throw ToolError.invalidArguments(`Unknown property ${key}.`);
    return { region: record['region'] };
  },
  invoke: ({ region }) => `Running in ${region}.`,
  streaming: false,
});
