import { Param, Tool, ToolError, type ElicitResult, type ToolCallContext } from '@toolwright/core';
import { McpSession } from '@toolwright/mcp';

const pause = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

function session(ctx: ToolCallContext): McpSession {
  const found = ctx.get(McpSession);
  if (found === undefined) throw ToolError.notImplemented('This tool only works when served over MCP.');
  return found;
}

function contentOf(result: ElicitResult<Record<string, unknown>>): Record<string, unknown> {
  return result.action === 'accept' ? result.content : {};
}

/** Arguments of test_sampling. */
export class SamplingArgs {
  @Param({ description: 'The prompt to send to the LLM', minLength: 1 })
  prompt!: string;
}

/** Arguments of test_elicitation. */
export class ElicitationArgs {
  @Param({ description: 'The message to show the user', minLength: 1 })
  message!: string;
}

/**
 * The conformance tools that talk back to the client: logging and progress through the MCP session,
 * sampling and elicitation through the call context (the same code under both revisions).
 */
export class SessionTools {
  @Tool({
    name: 'test_tool_with_logging',
    description: 'Sends three log messages while it runs.',
    readOnly: true,
  })
  async withLogging(ctx: ToolCallContext): Promise<string> {
    const mcp = session(ctx);
    await mcp.log('info', 'Tool execution started');
    await pause(50, ctx.signal);
    await mcp.log('info', 'Tool processing data');
    await pause(50, ctx.signal);
    await mcp.log('info', 'Tool execution completed');
    return 'Logging test completed: sent 3 log messages.';
  }

  @Tool({
    name: 'test_logging_tool',
    description: 'Sends one log message (only when the client asked for logs).',
    readOnly: true,
  })
  async logging(ctx: ToolCallContext): Promise<string> {
    await session(ctx).log('info', 'A log line the client asked for');
    return 'Logged once.';
  }

  @Tool({
    name: 'test_tool_with_progress',
    description: 'Reports progress 0, 50 and 100 of 100.',
    readOnly: true,
  })
  async *withProgress(ctx: ToolCallContext) {
    yield { type: 'progress' as const, kind: 'text' as const, text: 'Starting', current: 0, total: 100 };
    await pause(50, ctx.signal);
    yield { type: 'progress' as const, kind: 'text' as const, text: 'Halfway', current: 50, total: 100 };
    await pause(50, ctx.signal);
    yield { type: 'progress' as const, kind: 'text' as const, text: 'Done', current: 100, total: 100 };
    return 'Progress test completed.';
  }

  @Tool({
    name: 'test_reconnection',
    description:
      'Ends its SSE stream mid-call, then answers: the client resumes with Last-Event-ID (SEP-1699).',
    readOnly: true,
  })
  async reconnection(ctx: ToolCallContext): Promise<string> {
    const closed = session(ctx).closeStream();
    // The answer comes after the stream ended, so only a resumed stream can deliver it.
    await pause(200, ctx.signal);
    return closed
      ? 'Reconnection test completed: the stream was closed mid-call.'
      : 'Reconnection test completed.';
  }

  @Tool({
    name: 'test_sampling',
    description: 'Asks the client LLM to answer a prompt (sampling).',
    readOnly: true,
  })
  async sampling(args: SamplingArgs, ctx: ToolCallContext): Promise<string> {
    const result = await ctx.sample({
      messages: [{ role: 'user', content: { type: 'text', text: args.prompt } }],
      maxTokens: 100,
    });
    const text = result.content.type === 'text' ? result.content.text : `[${result.content.type} content]`;
    return `LLM response: ${text}`;
  }

  @Tool({
    name: 'test_elicitation',
    description: 'Asks the user for a username and an email (elicitation).',
    readOnly: true,
  })
  async elicitation(args: ElicitationArgs, ctx: ToolCallContext): Promise<string> {
    const result = await ctx.elicit({
      message: args.message,
      schema: {
        type: 'object',
        properties: {
          username: { type: 'string', description: "User's response" },
          email: { type: 'string', description: "User's email address" },
        },
        required: ['username', 'email'],
      },
    });
    return `User response: action=${result.action}, content=${JSON.stringify(contentOf(result))}`;
  }

  @Tool({
    name: 'test_elicitation_sep1034_defaults',
    description: 'Asks for input with a default for every primitive type (SEP-1034).',
    readOnly: true,
  })
  async elicitationDefaults(ctx: ToolCallContext): Promise<string> {
    const result = await ctx.elicit({
      message: 'Please review these values (each has a default).',
      schema: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'User name', default: 'John Doe' },
          age: { type: 'integer', description: 'User age', default: 30 },
          score: { type: 'number', description: 'User score', default: 95.5 },
          status: {
            type: 'string',
            description: 'User status',
            enum: ['active', 'inactive', 'pending'],
            default: 'active',
          },
          verified: { type: 'boolean', description: 'Verification status', default: true },
        },
        required: [],
      },
    });
    return `Elicitation completed: action=${result.action}, content=${JSON.stringify(contentOf(result))}`;
  }

  @Tool({
    name: 'test_elicitation_sep1330_enums',
    description: 'Asks for input with every enum form (SEP-1330).',
    readOnly: true,
  })
  async elicitationEnums(ctx: ToolCallContext): Promise<string> {
    const result = await ctx.elicit({
      message: 'Please pick from these options.',
      schema: {
        type: 'object',
        properties: {
          untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
          titledSingle: {
            type: 'string',
            oneOf: [
              { const: 'value1', title: 'First Option' },
              { const: 'value2', title: 'Second Option' },
              { const: 'value3', title: 'Third Option' },
            ],
          },
          legacyEnum: {
            type: 'string',
            enum: ['opt1', 'opt2', 'opt3'],
            enumNames: ['Option One', 'Option Two', 'Option Three'],
          },
          untitledMulti: {
            type: 'array',
            items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
          },
          titledMulti: {
            type: 'array',
            items: {
              anyOf: [
                { const: 'value1', title: 'First Choice' },
                { const: 'value2', title: 'Second Choice' },
                { const: 'value3', title: 'Third Choice' },
              ],
            },
          },
        },
        required: [],
      },
    });
    return `Elicitation completed: action=${result.action}, content=${JSON.stringify(contentOf(result))}`;
  }
}
