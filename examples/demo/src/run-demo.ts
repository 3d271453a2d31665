import {
  Agent,
  chainRecovery,
  ModelError,
  OpenAiChatClient,
  repairNearMissNames,
  retryWithErrorFeedback,
  type ModelClient,
} from '@toolwright/agent';
import { ScriptedModelClient } from '@toolwright/agent/testing';
// Imported through the example's build output, not by package name: jest maps every `@toolwright/*`
// name to `packages/*/src`, where this example does not live.
import { createCodingRegistry } from '@toolwright/example-coding-tools';
import { DEMO_SYSTEM, DEMO_TASK, demoScript } from './demo-script';
import { describeDefinitions } from './describe-definitions';
import { createEventPrinter, type Output } from './event-printer';
import { copySampleWorkspace, removeWorkspace, SAMPLE_WORKSPACE } from './sample-workspace';

/** Options of `runDemo`. */
export interface DemoOptions {
  readonly output: Output;
  /** Where to read `OPENAI_BASE_URL`, `OPENAI_MODEL` and `OPENAI_API_KEY` (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The project to copy and work on (default the shipped sample). */
  readonly sample?: string;
  /** Keep the temporary copy (default: removed at the end). */
  readonly keepWorkspace?: boolean;
  /** Called with the copy's path before it is removed. */
  readonly onWorkspace?: (directory: string) => void;
  readonly signal?: AbortSignal;
}

/**
 * The `npm start` demo: an agent over the coding tools fixes a bug in a temporary copy of a small
 * project. Offline, a scripted model plays the conversation (one misspelled tool name included,
 * repaired by the hook); with `OPENAI_BASE_URL` set, a real OpenAI-compatible model does the work.
 * Resolves to the process exit code: 0 when the agent finished with an answer.
 */
export async function runDemo(options: DemoOptions): Promise<number> {
  const { output } = options;
  const env = options.env ?? process.env;
  let model: ModelClient;
  let mode: string;
  try {
    if (nonEmpty(env['OPENAI_BASE_URL'])) {
      const client = new OpenAiChatClient({ env });
      model = client;
      mode = `model ${client.model} at ${client.baseUrl}`;
    } else {
      model = new ScriptedModelClient(demoScript());
      mode = 'scripted model, offline (set OPENAI_BASE_URL and OPENAI_MODEL to use a real one)';
    }
  } catch (error) {
    output.write(`${ModelError.is(error) ? error.message : String(error)}\n`);
    return 2;
  }

  const workspace = copySampleWorkspace(options.sample ?? SAMPLE_WORKSPACE);
  try {
    output.write(`toolwright agent demo — ${mode}\n`);
    output.write(`workspace: ${workspace} (a copy of examples/demo/sample-workspace)\n`);
    const tools = createCodingRegistry({
      root: workspace,
      dialect: 'native',
      tests: { command: 'node --test', pollIntervalMs: 100 },
    }).finalize();
    // The very array every request carries: rendered once per snapshot by the registry, never per turn.
    const definitions = tools.snapshot().definitions(model.format);
    output.write(
      `\ntool definitions sent with each request (${model.format} format, ${definitions.length} tools):\n`,
    );
    for (const line of describeDefinitions(definitions)) output.write(`  ${line}\n`);
    output.write(`\ntask: ${DEMO_TASK}\n`);
    const agent = new Agent({
      model,
      tools,
      system: DEMO_SYSTEM,
      maxTurns: 20,
      toolTimeoutMs: 120_000,
      hooks: {
        onInvalidCall: chainRecovery(repairNearMissNames({ maxDistance: 2 }), retryWithErrorFeedback()),
      },
    });
    const print = createEventPrinter(output);
    let exitCode = 1;
    for await (const event of agent.stream(DEMO_TASK, { signal: options.signal })) {
      print(event);
      if (event.type === 'done') exitCode = event.result.stopReason === 'completed' ? 0 : 1;
    }
    return exitCode;
  } finally {
    options.onWorkspace?.(workspace);
    if (options.keepWorkspace !== true) removeWorkspace(workspace);
  }
}

function nonEmpty(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== '';
}
