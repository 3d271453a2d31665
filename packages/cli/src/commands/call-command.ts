import { Command } from 'commander';
import type { ToolResult } from '@toolwright/core';
import type { ToolServerHandle } from '@toolwright/registry';
import { describeContent } from '../call/describe-content';
import { createProgressDisplay } from '../call/progress-display';
import { readCallArguments } from '../call/read-call-arguments';
import { resultJson } from '../call/result-json';
import { ExitCode } from '../exit-code';
import type { CommandContext } from '../program/command-context';
import { exitCodesHelp, UNUSABLE } from '../program/exit-codes-help';
import { withModule, type ModuleOptions } from '../program/module-options';
import { isMcpUrl, openMcpImport } from '../program/open-mcp-import';
import { openModule } from '../program/open-module';
import { requireHandle, requireTool } from '../program/require-handle';

interface CallOptions extends ModuleOptions {
  readonly json?: boolean;
}

/**
 * `toolwright call <module> <tool> [json|-]`: runs one tool with live progress on stderr, prints the
 * result (or the typed error); SIGINT cancels the call through its signal and waits for its end.
 */
export function callCommand(context: CommandContext, done: (code: number) => void): Command {
  return withModule(new Command('call'))
    .summary('run one tool, with live progress; Ctrl-C cancels it')
    .description('Run one tool: progress on stderr, the result on stdout; Ctrl-C cancels the call')
    .argument('<tool>', 'the tool name')
    .argument(
      '[json]',
      'the arguments as JSON; "-" or absent reads them from stdin ({} when stdin is a terminal)',
    )
    .option(
      '--json',
      'print the whole result as JSON ({ ok, content, json, structuredContent?, meta } or { ok: false, error, … })',
    )
    .addHelpText(
      'after',
      exitCodesHelp([
        [0, 'the tool succeeded'],
        [1, 'the tool failed (the error kind and its text go to stderr), or the registry does not finalize'],
        [2, 'no tool of that name; or as below'],
        UNUSABLE,
        [130, 'interrupted (SIGINT): the call was cancelled and ended; 143 for SIGTERM'],
      ]),
    )
    .action(async (specifier: string, toolName: string, json: string | undefined, options: CallOptions) => {
      done(await call(specifier, toolName, json, options, context));
    });
}

async function call(
  specifier: string,
  toolName: string,
  json: string | undefined,
  options: CallOptions,
  context: CommandContext,
): Promise<number> {
  const imported = isMcpUrl(specifier) ? await openMcpImport(specifier, context) : undefined;
  try {
    return await callIn(
      imported?.handle ?? requireHandle(await openModule(specifier, options, context), context),
      toolName,
      json,
      options,
      context,
    );
  } finally {
    await imported?.close();
  }
}

async function callIn(
  handle: ToolServerHandle,
  toolName: string,
  json: string | undefined,
  options: CallOptions,
  context: CommandContext,
): Promise<number> {
  const { io } = context;
  requireTool(handle, toolName);
  const raw = await readCallArguments(json, io.stdin);

  const controller = new AbortController();
  const display = createProgressDisplay(io.stderr, context.err, toolName);
  let interrupted: 'SIGINT' | 'SIGTERM' | undefined;
  let quit!: (code: number) => void;
  const quitting = new Promise<number>((resolve) => {
    quit = resolve;
  });
  const unsubscribe = io.onInterrupt((signal) => {
    if (interrupted !== undefined) {
      quit(exitCodeOf(signal));
      return;
    }
    interrupted = signal;
    display.status(`${signal}: cancelling ${toolName}… (again to quit without waiting)`);
    controller.abort(new Error(`${signal} received`));
  });
  let outcome: ToolResult | number;
  try {
    outcome = await Promise.race([
      handle.call(toolName, raw, {
        signal: controller.signal,
        onProgress: (item) => display.update(item),
        timing: true,
      }),
      quitting,
    ]);
  } finally {
    display.stop();
    unsubscribe();
  }
  if (typeof outcome === 'number') {
    io.stderr.write(`${toolName}: quit without waiting for the cancelled call to end\n`);
    return outcome;
  }
  printResult(outcome, toolName, options, context);
  if (interrupted !== undefined) return exitCodeOf(interrupted);
  return outcome.ok ? ExitCode.ok : ExitCode.failed;
}

function printResult(
  result: ToolResult,
  toolName: string,
  options: CallOptions,
  context: CommandContext,
): void {
  const { stdout, stderr } = context.io;
  if (options.json === true) {
    stdout.write(
      `${JSON.stringify(resultJson(result), (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value), 2)}\n`,
    );
    return;
  }
  if (result.ok) {
    const text = result.content.map(describeContent).join('\n');
    stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    return;
  }
  const style = context.err;
  stderr.write(
    `${style.red(style.bold(`${toolName} failed: ${result.error.kind}`))}\n${result.error.modelText}\n`,
  );
}

function exitCodeOf(signal: 'SIGINT' | 'SIGTERM'): number {
  return signal === 'SIGINT' ? ExitCode.interrupted : ExitCode.terminated;
}
