import type { ProviderDefinition } from '@toolwright/registry';

// Wide enough for a sentence, short enough for a terminal.
const MAX_SUMMARY = 72;

/**
 * One line per tool definition, whatever the provider format: the name, the first sentence of the
 * description, and the parameters (`?` marks optional ones). What the demo shows of the definitions
 * it sends, instead of their JSON.
 */
export function describeDefinitions(definitions: readonly ProviderDefinition[]): string[] {
  const rows = definitions.map((definition) => {
    const record = definition as unknown as Record<string, any>;
    const body: Record<string, any> = record['type'] === 'function' ? record['function'] : record;
    const schema = body['parameters'] ?? body['input_schema'] ?? body['inputSchema'] ?? {};
    const required = new Set<string>(Array.isArray(schema.required) ? schema.required : []);
    const parameters = Object.keys(schema.properties ?? {}).map((name) =>
      required.has(name) ? name : `${name}?`,
    );
    return {
      name: String(body['name']),
      summary: firstSentence(String(body['description'] ?? '')),
      parameters,
    };
  });
  const width = Math.max(0, ...rows.map((row) => row.name.length));
  return rows.map((row) => `${row.name.padEnd(width)}  ${row.summary} (${row.parameters.join(', ')})`);
}

function firstSentence(description: string): string {
  const line = description.split('\n')[0] ?? '';
  const end = line.search(/\.(\s|$)/);
  const sentence = end < 0 ? line : line.slice(0, end + 1);
  return sentence.length > MAX_SUMMARY ? `${sentence.slice(0, MAX_SUMMARY - 1)}…` : sentence;
}
