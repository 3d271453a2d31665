import { createErasedTool, type ErasedTool, type ToolCallContext } from '@toolwright/core';

/** What `erasedTool` builds a test tool from: a raw JSON Schema and a function, like an imported MCP tool. */
export interface ErasedToolInput {
  readonly name: string;
  readonly description?: string;
  readonly parameters?: Record<string, unknown>;
  readonly run: (args: any, ctx: ToolCallContext) => unknown;
  readonly kind?: string;
  readonly namespace?: string;
  readonly readOnly?: boolean;
  readonly requires?: unknown;
}

/** An erased tool over a raw JSON Schema, decoded with `JSON.parse` (tests only; no validation). */
export function erasedTool(input: ErasedToolInput): ErasedTool {
  return createErasedTool({
    definition: {
      name: input.name,
      description: input.description ?? `The ${input.name} tool.`,
      inputSchema: input.parameters ?? { type: 'object', properties: {}, additionalProperties: false },
      kind: input.kind,
      namespace: input.namespace,
      readOnly: input.readOnly,
      requires: input.requires,
    },
    decode: (raw) =>
      typeof raw === 'string' ? (raw.trim() === '' ? {} : (JSON.parse(raw) as unknown)) : raw,
    invoke: input.run,
  });
}
