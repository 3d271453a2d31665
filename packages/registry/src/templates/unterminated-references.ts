// A complete reference, or a marker that starts one; a marker matched alone is never closed.
const MARKER_OR_REFERENCE = /\$\{\{\s*[^}]*?\s*\}\}|\$\{\{/g;
const SHOWN = 40;

/**
 * The template references of a description that open with `${{` but never close with `}}`
 * (`${{ tools.read_file }`, `${{ params.edit.old_string`), as written up to the first `}` or the
 * end of the line. Left alone they would reach the model verbatim, unrendered and unchecked.
 */
export function unterminatedReferences(description: string): readonly string[] {
  if (!description.includes('${{')) return [];
  const found: string[] = [];
  for (const match of description.matchAll(MARKER_OR_REFERENCE)) {
    if (match[0] !== '${{') continue;
    const rest = description.slice(match.index);
    const end = rest.search(/\}|\n/);
    const written =
      end >= 0 && rest[end] === '}' ? rest.slice(0, end + 1) : rest.slice(0, end >= 0 ? end : undefined);
    found.push(written.length > SHOWN ? `${written.slice(0, SHOWN - 1)}…` : written.trimEnd());
  }
  return found;
}
