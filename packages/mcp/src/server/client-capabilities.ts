import type { ClientCapabilities } from '@modelcontextprotocol/server';

/** Which input requests a client's declared capabilities allow. */
export interface InputSupport {
  readonly elicitation: boolean;
  readonly sampling: boolean;
  readonly roots: boolean;
}

/** The input requests `capabilities` allow (an empty `elicitation: {}` is the 2025-06-18 form mode). */
export function inputSupportOf(capabilities: ClientCapabilities | undefined): InputSupport {
  const elicitation = capabilities?.elicitation as Record<string, unknown> | undefined;
  return {
    elicitation:
      elicitation !== undefined && (elicitation['form'] !== undefined || elicitation['url'] === undefined),
    sampling: capabilities?.sampling !== undefined,
    roots: capabilities?.roots !== undefined,
  };
}
