import { describeReceived } from '../errors/describe-received';
import { ToolError } from '../errors/tool-error';
import { closestName } from './closest-name';

// A tool set can be large; the model needs the gist and the likely match, not a catalogue.
const MAX_LISTED_NAMES = 20;
// The name comes from the model: shown this long at most.
const MAX_SHOWN_NAME_LENGTH = 64;

/**
 * The text for a call to a tool that is not among `available`, the same from every package (the
 * tool set, the registry handle, the agent, MCP and the CLI): it names the closest match and the
 * available tools, so the model (or the user) can correct itself:
 * `Unknown tool 'raed_file'. Did you mean 'read_file'? Available: read_file, write_file.`
 * A caller that hides some tools passes only the names it offers, so a hidden tool is never revealed.
 */
export function unknownToolMessage(name: unknown, available: readonly string[]): string {
  const suggestion = typeof name === 'string' ? closestName(name, available) : undefined;
  const parts = [`Unknown tool ${displayName(name)}.`];
  if (suggestion !== undefined) parts.push(`Did you mean '${suggestion}'?`);
  if (available.length === 0) {
    parts.push('No tools are available.');
  } else {
    const listed = available.slice(0, MAX_LISTED_NAMES).join(', ');
    const more = available.length - MAX_LISTED_NAMES;
    parts.push(`Available: ${listed}${more > 0 ? `, and ${more} more` : ''}.`);
  }
  return parts.join(' ');
}

/**
 * The `not_found` error for a call to a tool that is not in the set: `unknownToolMessage` as its
 * model text, the requested name and the suggestion as details.
 */
export function unknownToolError(name: unknown, available: readonly string[]): ToolError {
  const suggestion = typeof name === 'string' ? closestName(name, available) : undefined;
  return ToolError.notFound(unknownToolMessage(name, available), {
    ...(typeof name === 'string' ? { toolName: name } : {}),
    details: { requestedName: typeof name === 'string' ? name : describeReceived(name), suggestion },
  });
}

// Short and printable, never a way to inject text.
function displayName(name: unknown): string {
  if (typeof name !== 'string') return `(the name was ${describeReceived(name)}, not a string)`;
  const printable = name.slice(0, MAX_SHOWN_NAME_LENGTH).replace(/[^\x20-\x7e]/g, '?');
  return `'${printable}${name.length > MAX_SHOWN_NAME_LENGTH ? '…' : ''}'`;
}
