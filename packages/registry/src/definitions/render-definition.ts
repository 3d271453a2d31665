import { openAiStrictViolations } from '@toolwright/core';
import { TOOL_ENVELOPE_KEY, toolEnvelope } from '../envelope/tool-envelope';
import type { RegisteredTool } from '../finalize/registered-tool';
import { toGeminiSchema } from './gemini-schema';
import { toOpenAiStrictSchema } from './openai-strict-schema';
import type { McpToolDefinition, ProviderDefinition, ProviderFormat } from './provider-definitions';

/** The definition of one registered tool in a provider's format (plain JSON, frozen). */
export function renderDefinition<F extends ProviderFormat>(
  tool: RegisteredTool,
  format: F,
): ProviderDefinition<F> {
  return Object.freeze(render(tool, format)) as ProviderDefinition<F>;
}

function render(tool: RegisteredTool, format: ProviderFormat): ProviderDefinition {
  const { name, description } = tool;
  switch (format) {
    case 'openai':
      return { type: 'function', function: { name, description, parameters: tool.inputSchema } };
    case 'openai-strict': {
      const candidate = tool.strictInputSchema ?? toOpenAiStrictSchema(tool.inputSchema);
      // Sent strict only when OpenAI would accept it; otherwise non-strict rather than rejected.
      const parameters =
        candidate !== undefined && openAiStrictViolations(candidate).length === 0 ? candidate : undefined;
      return parameters === undefined
        ? { type: 'function', function: { name, description, parameters: tool.inputSchema, strict: false } }
        : { type: 'function', function: { name, description, parameters, strict: true } };
    }
    case 'anthropic':
      return { name, description, input_schema: tool.inputSchema };
    case 'gemini': {
      const parameters = toGeminiSchema(tool.inputSchema);
      return parameters === undefined ? { name, description } : { name, description, parameters };
    }
    case 'mcp':
      return mcpDefinition(tool);
    default:
      throw new TypeError(
        `Unknown provider format ${JSON.stringify(format)}; use openai, openai-strict, anthropic, gemini or mcp.`,
      );
  }
}

function mcpDefinition(tool: RegisteredTool): McpToolDefinition {
  const { annotations } = tool;
  return {
    name: tool.name,
    ...(tool.title === undefined ? {} : { title: tool.title }),
    description: tool.description,
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema }),
    annotations: {
      ...(tool.title === undefined ? {} : { title: tool.title }),
      readOnlyHint: tool.readOnly,
      destructiveHint: annotations.destructive,
      idempotentHint: annotations.idempotent,
      openWorldHint: annotations.openWorld,
    },
    _meta: { [TOOL_ENVELOPE_KEY]: toolEnvelope(tool) },
  };
}
