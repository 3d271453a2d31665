import { describeReceived } from '../errors/describe-received';
import { ToolError } from '../errors/tool-error';
import { closestName } from './closest-name';

// A tool set can be large; the model needs the gist and the likely match, not a catalogue.
const MAX_LISTED_NAMES = 20;

/**
 * The `not_found` error for a call to a tool that is not in the set. Its model text names the
 * closest match and the available tools, so the model can correct itself:
 * `Unknown tool 'raed_file'. Did you mean 'read_file'? Available: read_file, write_file.`
 */
export function unknownToolError(name: unknown, available: readonly string[]): ToolError {
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
  return ToolError.notFound(parts.join(' '), {
    details: { requestedName: typeof name === 'string' ? name : describeReceived(name), suggestion },
  });
}

// The name comes from the model: shown short and printable, never as a way to inject text.
function displayName(name: unknown): string {
  if (typeof name !== 'string') return `(the name was ${describeReceived(name)}, not a string)`;
  const printable = name.slice(0, 64).replace(/[^\x20-\x7e]/g, '?');
  return `'${printable}${name.length > 64 ? '…' : ''}'`;
}
