import type { ModelRequest, ToolMessage } from '@toolwright/agent';
import type { ScriptStep } from '@toolwright/agent/testing';

/** What the user asks the agent to do. */
export const DEMO_TASK =
  'The greeter project has a failing test. Find the bug, fix it, and check that the tests pass.';

/** The instructions a real model gets. */
export const DEMO_SYSTEM =
  'You are a coding agent working in a small JavaScript project. Inspect files, edit them and run the tests with the tools you have. When the work is done, answer in two or three sentences.';

/**
 * The conversation the offline demo replays: look around (with one misspelled tool name, which the
 * repair hook fixes), run the tests, fix the bug, run the tests again in a shell, then answer from
 * what that last run said.
 */
export function demoScript(): ScriptStep[] {
  return [
    {
      text: "I'll look at the project layout and the greeting code first.",
      toolCalls: [
        { name: 'list_dir', arguments: { depth: 2 } },
        // The kind of typo models make; repairNearMissNames turns it into read_file.
        { name: 'raed_file', arguments: { path: 'src/greet.js' } },
      ],
    },
    { text: 'Now the tests, to see what fails.', toolCalls: [{ name: 'run_tests', arguments: {} }] },
    {
      text: "greet() without a name returns 'Hello, undefined!'. I'll give name a default.",
      toolCalls: [
        {
          name: 'edit',
          arguments: {
            path: 'src/greet.js',
            old_string: 'function greet(name) {',
            new_string: "function greet(name = 'world') {",
          },
        },
      ],
    },
    {
      text: 'Running the tests again, with their output.',
      toolCalls: [{ name: 'shell', arguments: { command: 'node --test --test-reporter=spec' } }],
    },
    (request) => ({ text: finalAnswer(lastToolText(request)) }),
  ];
}

function finalAnswer(testReport: string): string {
  if (/^Exit code 0\b/.test(testReport)) {
    return "Fixed. greet() had no default for name, so greet() said 'Hello, undefined!'. src/greet.js now defaults name to 'world', and both tests pass.";
  }
  return `I changed src/greet.js, but the tests still do not pass (${testReport.split('\n')[0]}).`;
}

function lastToolText(request: ModelRequest): string {
  for (let index = request.messages.length - 1; index >= 0; index--) {
    const message = request.messages[index]!;
    if (message.role === 'tool') return textOf(message);
  }
  return '';
}

function textOf(message: ToolMessage): string {
  return message.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
}
