import { Param, Tool, ToolError, type ToolCallContext } from '@toolwright/core';

/** The form of test_input_required_result_elicitation: the user's name. */
export class NameForm {
  @Param({ description: "The user's name" })
  name!: string;
}

/** The form of test_input_required_result_request_state. */
export class ConfirmForm {
  @Param({ description: 'Whether to go on' })
  ok!: boolean;
}

/** The second form of test_input_required_result_multi_round. */
export class ColorForm {
  @Param({ description: 'A colour' })
  color!: string;
}

function textOf(content: { type: string; text?: string }): string {
  return content.type === 'text' ? (content.text ?? '') : `[${content.type}]`;
}

/**
 * The conformance tools that ask the client for input (SEP-2322 and the 2025 sampling and
 * elicitation scenarios share the same calls): written once with `ctx.elicit`, `ctx.sample` and
 * `ctx.listRoots`, they are server-to-client requests under 2025-11-25 and `input_required` rounds
 * under 2026-07-28. The keys are the names the suite expects in `inputRequests`.
 */
export class InputRequestTools {
  @Tool({
    name: 'test_input_required_result_elicitation',
    description: "Asks for the user's name.",
    readOnly: true,
  })
  async elicitation(ctx: ToolCallContext): Promise<string> {
    const answer = await ctx.elicit({ key: 'user_name', message: 'What is your name?', args: NameForm });
    return answer.action === 'accept'
      ? `Hello, ${answer.content.name}!`
      : `No name given (${answer.action}).`;
  }

  @Tool({
    name: 'test_input_required_result_sampling',
    description: 'Asks the client model a question.',
    readOnly: true,
  })
  async sampling(ctx: ToolCallContext): Promise<string> {
    const reply = await ctx.sample({
      key: 'capital_question',
      messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }],
      maxTokens: 100,
    });
    return `The model said: ${textOf(reply.content)}`;
  }

  @Tool({
    name: 'test_input_required_result_list_roots',
    description: "Lists the client's roots.",
    readOnly: true,
  })
  async listRoots(ctx: ToolCallContext): Promise<string> {
    const roots = await ctx.listRoots({ key: 'client_roots' });
    return `Roots: ${roots.map((root) => root.uri).join(', ') || '(none)'}`;
  }

  @Tool({
    name: 'test_input_required_result_request_state',
    description: 'Asks for a confirmation.',
    readOnly: true,
  })
  async requestState(ctx: ToolCallContext): Promise<string> {
    const answer = await ctx.elicit({ key: 'confirm', message: 'Please confirm', args: ConfirmForm });
    // The request state was checked (sealed, same tool and arguments) before this line ran again.
    return `state-ok: confirmed=${answer.action === 'accept' && answer.content.ok}`;
  }

  @Tool({
    name: 'test_input_required_result_multiple_inputs',
    description: 'Asks for a name, a greeting and the roots at once.',
    readOnly: true,
  })
  async multipleInputs(ctx: ToolCallContext): Promise<string> {
    const [name, greeting, roots] = await Promise.all([
      ctx.elicit({ key: 'user_name', message: 'What is your name?', args: NameForm }),
      ctx.sample({
        key: 'greeting',
        messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }],
        maxTokens: 50,
      }),
      ctx.listRoots({ key: 'client_roots' }),
    ]);
    const who = name.action === 'accept' ? name.content.name : 'stranger';
    return `${textOf(greeting.content)} ${who} (${roots.length} roots)`;
  }

  @Tool({
    name: 'test_input_required_result_multi_round',
    description: 'Asks two questions, one after the other.',
    readOnly: true,
  })
  async multiRound(ctx: ToolCallContext): Promise<string> {
    const name = await ctx.elicit({ key: 'step1', message: 'Step 1: What is your name?', args: NameForm });
    const color = await ctx.elicit({
      key: 'step2',
      message: 'Step 2: What is your favorite color?',
      args: ColorForm,
    });
    const who = name.action === 'accept' ? name.content.name : 'someone';
    const what = color.action === 'accept' ? color.content.color : 'no colour';
    return `${who} likes ${what}.`;
  }

  @Tool({
    name: 'test_input_required_result_tampered_state',
    description: 'Asks for a confirmation (sealed state).',
    readOnly: true,
  })
  async tamperedState(ctx: ToolCallContext): Promise<string> {
    const answer = await ctx.elicit({ key: 'confirm', message: 'Please confirm', args: ConfirmForm });
    return `confirmed=${answer.action === 'accept' && answer.content.ok}`;
  }

  @Tool({
    name: 'test_input_required_result_capabilities',
    description: 'Asks only what the client declared it can answer.',
    readOnly: true,
  })
  async capabilities(ctx: ToolCallContext): Promise<string> {
    // A request the client cannot answer fails at once (not_implemented); the others wait.
    const asked = await Promise.allSettled([
      ctx.elicit({ key: 'user_name', message: 'What is your name?', args: NameForm }),
      ctx.sample({
        key: 'greeting',
        messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }],
        maxTokens: 50,
      }),
      ctx.listRoots({ key: 'client_roots' }),
    ]);
    const answered = asked.filter((outcome) => outcome.status === 'fulfilled').length;
    return `Answered ${answered} of the requests the client supports.`;
  }

  @Tool({
    name: 'test_streaming_elicitation',
    description: 'Reports progress, then asks for a name (the request rides the result, never the stream).',
    readOnly: true,
  })
  async *streamingElicitation(ctx: ToolCallContext) {
    yield { type: 'progress' as const, kind: 'text' as const, text: 'Looking you up', current: 1, total: 2 };
    const answer = await ctx.elicit({ key: 'user_name', message: 'What is your name?', args: NameForm });
    yield { type: 'progress' as const, kind: 'text' as const, text: 'Found you', current: 2, total: 2 };
    return answer.action === 'accept' ? `Hello, ${answer.content.name}!` : 'Hello, stranger!';
  }

  @Tool({
    name: 'test_missing_capability',
    description: 'Needs sampling: refused when the client cannot sample.',
    readOnly: true,
  })
  async missingCapability(ctx: ToolCallContext): Promise<string> {
    const reply = await ctx.sample({
      messages: [{ role: 'user', content: { type: 'text', text: 'Say hello.' } }],
      maxTokens: 20,
    });
    if (reply.content.type !== 'text') throw ToolError.invalidOutput('The model did not answer in text.');
    return reply.content.text ?? '';
  }
}
