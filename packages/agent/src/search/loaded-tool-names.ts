import type { AgentMessage } from '../messages/agent-message';

// The line of a search result that names what it loaded; the transcript is the record of what is
// loaded, so a continued or resumed run loads the same tools.
const LOADED_PREFIX = 'Tools loaded for your next turn: ';
const LOADED_LINE = /^Tools loaded for your next turn: ([A-Za-z0-9_, -]+)\.$/m;

/** The first line of a search result that loaded `names`. */
export function loadedLine(names: readonly string[]): string {
  return `${LOADED_PREFIX}${names.join(', ')}.`;
}

/** The names every successful call of the search tool in `messages` loaded, in order, without repeats. */
export function loadedToolNames(messages: readonly AgentMessage[], searchName: string): string[] {
  const names = new Set<string>();
  for (const message of messages) {
    if (message.role !== 'tool' || message.isError || message.toolName !== searchName) continue;
    for (const block of message.content) {
      if (block.type !== 'text') continue;
      const match = LOADED_LINE.exec(block.text);
      if (match === null) continue;
      for (const name of match[1]!.split(',')) if (name.trim() !== '') names.add(name.trim());
    }
  }
  return [...names];
}
