/**
 * Argument names that carry file contents, edit payloads or patch bodies in some dialect
 * (`content`, `old_string`/`oldString`, `new_str`, `file_text`, `patch`, codex's patch `input`,
 * `edits`, …). Compared without case, `_` and `-`: `newString`, `new_string` and `new-string` are one
 * name. The envelope never shows such a field, at any depth.
 */
export const PAYLOAD_FIELDS: readonly string[] = Object.freeze([
  'content',
  'contents',
  'text',
  'body',
  'data',
  'code',
  'source',
  'new_source',
  'file_text',
  'old_string',
  'new_string',
  'old_str',
  'new_str',
  'old_text',
  'new_text',
  'insert_text',
  'replacement',
  'patch',
  'diff',
  'input',
  'edits',
  'changes',
  'lines',
]);

const NORMALIZED = new Set(PAYLOAD_FIELDS.map(normalize));

/** Whether an argument name is one of `PAYLOAD_FIELDS` (case, `_` and `-` aside). */
export function isPayloadField(name: string): boolean {
  return NORMALIZED.has(normalize(name));
}

function normalize(name: string): string {
  return name.toLowerCase().replace(/[_-]/g, '');
}
