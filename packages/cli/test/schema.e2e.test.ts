import Ajv2020 from 'ajv/dist/2020';
import { openAiStrictViolations } from '@toolwright/core';
import { killAll, requireBuilt, runCli } from './helpers/run-cli';

type Schema = Record<string, unknown>;

const inputSchemaOf: Record<string, (definition: Schema) => Schema | undefined> = {
  openai: (definition) => (definition['function'] as Schema)['parameters'] as Schema,
  'openai-strict': (definition) => (definition['function'] as Schema)['parameters'] as Schema,
  'openai-responses': (definition) => definition['parameters'] as Schema,
  anthropic: (definition) => definition['input_schema'] as Schema,
  gemini: (definition) => definition['parameters'] as Schema | undefined,
  mcp: (definition) => definition['inputSchema'] as Schema,
};

async function definitions(format: string): Promise<Schema[]> {
  const run = await runCli(['schema', 'examples/coding-tools', '--format', format]);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as Schema[];
}

/** Every object schema in `schema`, with its JSON pointer. */
function objectSchemas(schema: unknown, path = '#'): [string, Schema][] {
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as Schema;
  const found: [string, Schema][] = [];
  const types = Array.isArray(node['type']) ? (node['type'] as unknown[]) : [node['type']];
  if (types.includes('object')) found.push([path, node]);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' || key === '$defs') {
      for (const [name, child] of Object.entries(value as Schema))
        found.push(...objectSchemas(child, `${path}/${key}/${name}`));
    } else if (key === 'items') {
      found.push(...objectSchemas(value, `${path}/items`));
    } else if (key === 'anyOf' && Array.isArray(value)) {
      value.forEach((branch, index) => found.push(...objectSchemas(branch, `${path}/anyOf/${index}`)));
    }
  }
  return found;
}

describe('toolwright schema', () => {
  beforeAll(() => requireBuilt('examples/coding-tools/dist/index.js'));
  afterAll(killAll);

  it.each(Object.keys(inputSchemaOf))(
    'prints %s definitions whose input schemas ajv compiles',
    async (format) => {
      const printed = await definitions(format);
      expect(printed.length).toBeGreaterThanOrEqual(8);
      // Strict: an unknown keyword or a malformed schema fails to compile (ajv knows OpenAPI's `nullable`, which Gemini uses).
      const ajv = new Ajv2020({ strict: true, allErrors: true });
      for (const definition of printed) {
        const schema = inputSchemaOf[format]!(definition);
        if (schema === undefined) continue;
        expect(() => ajv.compile(schema)).not.toThrow();
      }
    },
  );

  it('prints openai-strict schemas that obey strict mode', async () => {
    const printed = await definitions('openai-strict');
    for (const definition of printed) {
      const tool = definition['function'] as Schema;
      expect(tool['strict']).toBe(true);
      const parameters = tool['parameters'] as Schema;
      expect(openAiStrictViolations(parameters)).toEqual([]);
      for (const [path, object] of objectSchemas(parameters)) {
        const properties = Object.keys((object['properties'] as Schema | undefined) ?? {});
        expect({ path, additionalProperties: object['additionalProperties'] }).toEqual({
          path,
          additionalProperties: false,
        });
        expect({ path, required: [...((object['required'] as string[] | undefined) ?? [])].sort() }).toEqual({
          path,
          required: [...properties].sort(),
        });
      }
    }
  });

  it('prints one tool with --tool, and refuses an unknown name with a suggestion', async () => {
    const one = await runCli(['schema', 'examples/coding-tools', '--format', 'anthropic', '--tool', 'grep']);
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout)).toEqual(
      expect.objectContaining({ name: 'grep', input_schema: expect.any(Object) }),
    );

    const typo = await runCli(['schema', 'examples/coding-tools', '--tool', 'gerp']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("Unknown tool 'gerp'. Did you mean 'grep'? Available: ");
  });

  it('refuses an unknown format as a usage error', async () => {
    const run = await runCli(['schema', 'examples/coding-tools', '--format', 'cohere']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("argument 'cohere' is invalid");
  });
});
