import { Param, Tool, ToolError, type ToolCallContext } from '@toolwright/core';

/** Arguments of greet. */
export class GreetArgs {
  @Param({ description: 'Who to greet', minLength: 1 })
  name!: string;
}

/** Arguments of slow_compute. */
export class SlowComputeArgs {
  @Param({ description: 'How long to work, in seconds (0 answers at once)', minimum: 0, maximum: 600 })
  seconds!: number;

  @Param({ description: 'A label echoed in the result', optional: true, maxLength: 200 })
  label?: string;
}

/** Arguments of confirm_delete. */
export class ConfirmDeleteArgs {
  @Param({ description: 'The file to delete', minLength: 1, maxLength: 500 })
  filename!: string;
}

/** The form of confirm_delete. */
export class ConfirmDeleteForm {
  @Param({ description: 'Delete the file?' })
  confirm!: boolean;
}

/** The form of test_tool_with_task. */
export class UserNameForm {
  @Param({ description: "The user's name" })
  name!: string;
}

/** The form of multi_input's two requests. */
export class NamedConfirmForm {
  @Param({ description: 'A name', optional: true })
  name?: string;

  @Param({ description: 'Whether to go on', optional: true })
  confirm?: boolean;
}

// Waits `ms`, or until the call is cancelled (then rejects with the signal's reason).
function work(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(ToolError.cancelled());
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(ToolError.cancelled());
      },
      { once: true },
    );
  });
}

/**
 * The tools of the tasks extension's scenarios (SEP-2663): `greet` is a plain call; the others are
 * declared `task` and run as MCP tasks for clients that declare the extension.
 */
export class TaskTools {
  @Tool({ name: 'greet', description: 'Greets someone (never a task).', readOnly: true })
  greet(args: GreetArgs): string {
    return `Hello, ${args.name}!`;
  }

  @Tool({
    name: 'slow_compute',
    description: 'Works for `seconds` seconds, reporting progress, then answers.',
    readOnly: true,
    task: 'optional',
  })
  async *slowCompute(args: SlowComputeArgs, ctx: ToolCallContext): AsyncGenerator<string, string> {
    const steps = Math.max(1, Math.ceil(args.seconds * 4));
    for (let step = 1; step <= steps && args.seconds > 0; step++) {
      await work((args.seconds * 1000) / steps, ctx.signal);
      yield `step ${step} of ${steps}`;
    }
    return `Computed ${args.label ?? 'result'} after ${args.seconds} s.`;
  }

  @Tool({
    name: 'failing_job',
    description: 'Fails with a tool error after about a second.',
    readOnly: true,
    task: 'required',
  })
  async failingJob(ctx: ToolCallContext): Promise<string> {
    await work(1000, ctx.signal);
    throw ToolError.executionFailed('The job failed: the input data is inconsistent.');
  }

  @Tool({
    name: 'protocol_error_job',
    description: 'Fails inside the server (a protocol-level error).',
    readOnly: true,
    task: 'optional',
  })
  async protocolErrorJob(ctx: ToolCallContext): Promise<string> {
    await work(200, ctx.signal);
    throw ToolError.internal('The server failed while running protocol_error_job.');
  }

  @Tool({
    name: 'confirm_delete',
    description: 'Asks the user to confirm, then "deletes" the file.',
    task: 'optional',
  })
  async confirmDelete(args: ConfirmDeleteArgs, ctx: ToolCallContext): Promise<string> {
    const answer = await ctx.elicit({
      key: 'confirm',
      message: `Delete ${args.filename}?`,
      args: ConfirmDeleteForm,
    });
    if (answer.action === 'accept' && answer.content.confirm) return `Deleted ${args.filename}.`;
    return `Kept ${args.filename} (${answer.action}).`;
  }

  @Tool({
    name: 'multi_input',
    description: 'Asks two questions at once.',
    readOnly: true,
    task: 'optional',
  })
  async multiInput(ctx: ToolCallContext): Promise<string> {
    const [first, second] = await Promise.all([
      ctx.elicit({ key: 'first', message: 'First answer?', args: NamedConfirmForm }),
      ctx.elicit({ key: 'second', message: 'Second answer?', args: NamedConfirmForm }),
    ]);
    const name = (answer: typeof first): string =>
      answer.action === 'accept' ? (answer.content.name ?? 'unnamed') : answer.action;
    return `Got ${name(first)} and ${name(second)}.`;
  }

  @Tool({
    name: 'test_tool_with_task',
    description: "Asks for the user's name in input rounds, then works on it as a task.",
    readOnly: true,
    task: 'required',
    taskInputFirst: true,
  })
  async toolWithTask(ctx: ToolCallContext): Promise<string> {
    const answer = await ctx.elicit({ key: 'user_name', message: 'What is your name?', args: UserNameForm });
    const name = answer.action === 'accept' ? answer.content.name : 'nobody';
    await work(1000, ctx.signal);
    return `Finished the work for ${name}.`;
  }
}
