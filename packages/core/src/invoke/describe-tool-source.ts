import type { ToolDefinition } from './tool-definition';

/** How a definition is named in registration errors: `'read_file' (ReadFile.run)`. */
export function describeToolSource(
  definition: Partial<Pick<ToolDefinition, 'name' | 'source'>> | undefined,
): string {
  const name = typeof definition?.name === 'string' ? `'${definition.name}'` : 'without a name';
  const source = definition?.source;
  if (source?.className === undefined && source?.methodName === undefined) return name;
  return `${name} (${[source.className, source.methodName].filter((part) => part !== undefined).join('.')})`;
}
