import type { AgentEvent, AgentRunResult, AgentToolResult, RecoveryAction } from '@toolwright/agent';
import type { ProgressItem } from '@toolwright/core';

/** Where the demo writes. */
export interface Output {
  write(text: string): void;
}

const MAX_LINE = 110;

/**
 * Renders a run's events as they arrive: the model's text as it streams, each tool call, its live
 * progress, its result, and each invalid call with the recovery taken. Calls and their results
 * appear in the order the model made the calls: a repaired call is shown where the model put it
 * (with the name it first gave), and a result that comes back before an earlier call's waits for it.
 */
export function createEventPrinter(output: Output): (event: AgentEvent) => void {
  let inText = false;
  let lastProgress = '';
  // This turn's started calls, in the model's order, and results that came back ahead of their turn.
  let started: string[] = [];
  let printed = 0;
  const waiting = new Map<string, string>();
  const repairedFrom = new Map<string, string>();
  const line = (text: string): void => {
    if (inText) output.write('\n');
    inText = false;
    output.write(`${text}\n`);
  };
  const flushResults = (all: boolean): void => {
    while (printed < started.length) {
      const text = waiting.get(started[printed]!);
      if (text === undefined && !all) return;
      if (text !== undefined) line(text);
      printed += 1;
    }
  };
  return (event) => {
    switch (event.type) {
      case 'turn-start':
        started = [];
        printed = 0;
        waiting.clear();
        repairedFrom.clear();
        line(`\n── turn ${event.turn} ──`);
        return;
      case 'text-delta':
        if (!inText) output.write('model: ');
        inText = true;
        output.write(event.text);
        return;
      case 'invalid-call':
        // A repaired call runs, and is shown where it starts; any other outcome is shown now.
        if (event.action.action === 'repair') {
          if (!repairedFrom.has(event.invalid.call.id))
            repairedFrom.set(event.invalid.call.id, event.invalid.call.name);
          return;
        }
        line(
          `  ✗ ${event.invalid.call.name}: ${event.invalid.reason.replace('_', ' ')} → ${describeAction(event.action)}`,
        );
        return;
      case 'tool-call': {
        lastProgress = '';
        started.push(event.call.id);
        const original = repairedFrom.get(event.call.id);
        const note = original === undefined ? '' : ` (repaired from ${original})`;
        const room = MAX_LINE - event.call.name.length - note.length - 4;
        line(`→ ${event.call.name} ${shorten(event.call.arguments, room)}${note}`);
        return;
      }
      case 'tool-progress': {
        const text = describeProgress(event.item);
        // Test runs poll the same counts several times; show each change once.
        if (text === '' || text === lastProgress) return;
        lastProgress = text;
        line(`  │ ${shorten(text, MAX_LINE - 4)}`);
        return;
      }
      case 'tool-result':
        if (!started.includes(event.result.call.id)) {
          line(describeResult(event.result)); // settled without running
          return;
        }
        waiting.set(event.result.call.id, describeResult(event.result));
        flushResults(false);
        return;
      case 'approval-required':
        flushResults(true);
        line(`  ? ${event.pending.length} call(s) await approval`);
        return;
      case 'turn-finish':
        flushResults(true);
        if (inText) output.write('\n');
        inText = false;
        return;
      case 'done':
        flushResults(true);
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
