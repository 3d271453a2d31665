import { closestName, ToolError } from '@toolwright/core';

// The model needs the gist and the likely match, not a catalogue.
const MAX_LISTED_NAMES = 20;

/**
 * The `not_found` error for a call to a name the model may not call, worded like the registry's
 * own (`Unknown tool 'raed_file'. Did you mean 'read_file'? Available: …`) but listing only the
 * tools this agent offers, so a hidden tool is never revealed.
 */
export function unknownToolError(name: string, available: readonly string[]): ToolError {
  const suggestion = closestName(name, available);
  const printable = name.slice(0, 64).replace(/[^\x20-\x7e]/g, '?');
  const parts = [`Unknown tool '${printable}${name.length > 64 ? '…' : ''}'.`];
  if (suggestion !== undefined) parts.push(`Did you mean '${suggestion}'?`);
  if (available.length === 0) {
    parts.push('No tools are available.');
  } else {
    const more = available.length - MAX_LISTED_NAMES;
    parts.push(
      `Available: ${available.slice(0, MAX_LISTED_NAMES).join(', ')}${more > 0 ? `, and ${more} more` : ''}.`,
    );
  }
  return ToolError.notFound(parts.join(' '), {
    toolName: name,
    details: { requestedName: name, suggestion },
  });
}
