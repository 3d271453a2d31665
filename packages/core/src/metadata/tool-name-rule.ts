import { TOOL_NAME_PATTERN } from './tool-options';

/** What is wrong with a tool name, and how to fix it: the same words wherever a name is checked. */
export interface ToolNameProblem {
  readonly message: string;
  readonly fix: string;
}

/**
 * Why `name` cannot be a tool name, or `undefined` when it can (`TOOL_NAME_PATTERN`: letters,
 * digits, `_` and `-`, 1 to 64, the limit model providers enforce). The one wording of the rule,
 * used by `@Tool`/`defineTool` definitions, hand-written erased tools and the registry's finalize.
 */
export function toolNameProblem(name: unknown): ToolNameProblem | undefined {
  if (typeof name === 'string' && TOOL_NAME_PATTERN.test(name)) return undefined;
  return {
    message: `the tool name ${JSON.stringify(name)} does not match ${TOOL_NAME_PATTERN.source} (the limit providers enforce).`,
    fix: 'use letters, digits, _ and -, at most 64 characters, e.g. read_file.',
  };
}
