import type { AgentEvent, AgentRunResult, AgentToolResult, RecoveryAction } from '@toolwright/agent';
import type { ProgressItem } from '@toolwright/core';

/** Where the demo writes. */
export interface Output {
  write(text: string): void;
}

const MAX_LINE = 110;

/**
 * Renders a run's events as they arrive: the model's text as it streams, each tool call, its live
 * progress, its result, and each invalid call with the recovery taken.
 */
export function createEventPrinter(output: Output): (event: AgentEvent) => void {
  let inText = false;
  let lastProgress = '';
  const line = (text: string): void => {
    if (inText) output.write('\n');
    inText = false;
    output.write(`${text}\n`);
  };
  return (event) => {
    switch (event.type) {
      case 'turn-start':
        line(`\n── turn ${event.turn} ──`);
        return;
      case 'text-delta':
        if (!inText) output.write('model: ');
        inText = true;
        output.write(event.text);
        return;
      case 'invalid-call':
        line(
          `  ✗ ${event.invalid.call.name}: ${event.invalid.reason.replace('_', ' ')} → ${describeAction(event.action)}`,
        );
        return;
      case 'tool-call':
        lastProgress = '';
        line(`→ ${event.call.name} ${shorten(event.call.arguments, MAX_LINE - event.call.name.length - 4)}`);
        return;
      case 'tool-progress': {
        const text = describeProgress(event.item);
        // Test runs poll the same counts several times; show each change once.
        if (text === '' || text === lastProgress) return;
        lastProgress = text;
        line(`  │ ${shorten(text, MAX_LINE - 4)}`);
        return;
      }
      case 'tool-result':
        line(describeResult(event.result));
        return;
      case 'approval-required':
        line(`  ? ${event.pending.length} call(s) await approval`);
        return;
      case 'turn-finish':
        if (inText) output.write('\n');
        inText = false;
        return;
      case 'done':
        printSummary(event.result, line);
        return;
    }
  };
}

function describeAction(action: RecoveryAction): string {
  switch (action.action) {
    case 'repair':
      return `repaired to ${action.toolName}`;
    case 'retry':
      return 'retry with feedback';
    case 'skip':
      return `skipped (${action.reason})`;
    case 'stop':
      return `stop (${action.reason})`;
    case 'fail':
      return 'the error goes back to the model';
  }
}

function describeProgress(item: ProgressItem): string {
  if (item.kind === 'text') return item.text;
  if (item.kind === 'content') return `[${item.content.type}]`;
  const payload = item.payload as
    { state?: string; counts?: { passed?: number; failed?: number } } | undefined;
  if (item.subkind.startsWith('tests.') && payload?.counts !== undefined) {
    const { passed = 0, failed = 0 } = payload.counts;
    return `tests ${payload.state ?? 'running'}: ${passed} passed, ${failed} failed`;
  }
  return item.subkind === 'tests.started' ? 'tests started' : '';
}

function describeResult(result: AgentToolResult): string {
  const text = result.content
    .map((block) => (block.type === 'text' ? block.text : `[${block.type}]`))
    .join('\n');
  const lines = text.split('\n');
  const more = lines.length > 1 ? ` (+${lines.length - 1} lines)` : '';
  const mark = result.status === 'ok' ? '✓' : '✗';
  const label = result.status === 'ok' || result.status === 'failed' ? '' : ` (${result.status})`;
  const room = MAX_LINE - result.call.name.length - label.length - more.length - 6;
  return `  ${mark} ${result.call.name}${label}: ${shorten(lines[0]!.trim(), room)}${more}`;
}

function printSummary(result: AgentRunResult, line: (text: string) => void): void {
  const repaired = result.toolResults.filter((call) => call.repairedFrom !== undefined).length;
  line('\n── answer ──');
  line(result.text === '' ? '(no answer)' : result.text);
  const tokens = result.usage.totalTokens > 0 ? `, ${result.usage.totalTokens} tokens` : '';
  line(
    `\n(${result.turns} turns, ${result.toolResults.length} tool calls, ${repaired} repaired${tokens}; stop: ${result.stopReason})`,
  );
  if (result.stopReason !== 'completed') line(result.reason);
}

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, Math.max(1, max - 1))}…` : flat;
}
