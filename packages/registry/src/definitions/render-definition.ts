import { openAiStrictViolations, type JsonSchema } from '@toolwright/core';
import { TOOL_ENVELOPE_KEY, toolEnvelope } from '../envelope/tool-envelope';
import type { RegisteredTool } from '../finalize/registered-tool';
import { toGeminiSchema } from './gemini-schema';
import { toOpenAiStrictSchema } from './openai-strict-schema';
import type { McpToolDefinition, ProviderFormat, ProviderToolDefinition } from './provider-definitions';

/** The definition of one registered tool in a provider's format (plain JSON, frozen). */
export function renderDefinition<F extends ProviderFormat>(
  tool: RegisteredTool,
  format: F,
): ProviderToolDefinition<F> {
  return Object.freeze(render(tool, format)) as ProviderToolDefinition<F>;
}

function render(tool: RegisteredTool, format: ProviderFormat): ProviderToolDefinition {
  const { name, description } = tool;
  switch (format) {
    case 'openai':
      return { type: 'function', function: { name, description, parameters: tool.inputSchema } };
    case 'openai-strict': {
      const parameters = strictParameters(tool);
      return parameters === undefined
        ? { type: 'function', function: { name, description, parameters: tool.inputSchema, strict: false } }
        : { type: 'function', function: { name, description, parameters, strict: true } };
    }
    case 'openai-responses': {
      const parameters = strictParameters(tool);
      return parameters === undefined
        ? { type: 'function', name, description, parameters: tool.inputSchema, strict: false }
        : { type: 'function', name, description, parameters, strict: true };
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
        `Unknown provider format ${JSON.stringify(format)}; use openai, openai-strict, openai-responses, anthropic, gemini or mcp.`,
      );
  }
}

// The strict-mode schema, only when OpenAI would accept it: otherwise non-strict rather than rejected.
function strictParameters(tool: RegisteredTool): JsonSchema | undefined {
  const candidate = tool.strictInputSchema ?? toOpenAiStrictSchema(tool.inputSchema);
  return candidate !== undefined && openAiStrictViolations(candidate).length === 0 ? candidate : undefined;
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
