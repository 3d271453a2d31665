import 'reflect-metadata';
import { Param, Tool } from '@toolwright/core';
import { erasedTool } from './erased-tool';
import Ajv2020 from 'ajv/dist/2020';
import Ajv from 'ajv';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROVIDER_FORMATS, ToolRegistry, type ToolServerHandle } from '../src';

function sampleTools(): ToolServerHandle {
  class Range {
    @Param({ description: 'First line', integer: true, minimum: 1 }) start!: number;
    @Param({ description: 'Last line', integer: true, minimum: 1, optional: true }) end?: number;
  }
  class ReadArgs {
    @Param({ description: 'Path', minLength: 1 }) path!: string;
    @Param({ description: 'Lines', optional: true, type: () => Range }) range?: Range;
    @Param({ description: 'Encoding', optional: true, enum: ['utf8', 'latin1'] }) encoding?: string;
    @Param({ description: 'Patterns', type: () => [String], optional: true }) globs?: string[];
  }
  @Tool({ name: 'read_file', description: 'Read a file.', kind: 'read', readOnly: true, args: ReadArgs })
  class ReadFile {
    run(args: ReadArgs): string {
      return `${args.path}:${args.range?.start ?? 1}-${args.range?.end ?? 'end'}:${args.encoding ?? 'utf8'}`;
    }
  }
  @Tool({ name: 'now', description: 'The time.' })
  class Now {
    run(): string {
      return 'noon';
    }
  }
  const remote = erasedTool({
    name: 'remote_lookup',
    description: 'Look a key up remotely.',
    parameters: {
      type: 'object',
      properties: {
        key: { type: 'string' },
        tags: { type: 'object', additionalProperties: { type: 'string' } },
      },
      required: ['key'],
    },
    run: (args: { key: string }) => args.key,
  });
  return new ToolRegistry().tool(ReadFile).tool(Now).tool(remote, { namespace: 'mcp' }).finalize();
}

// Every object schema in `schema`, walked through properties, items, anyOf and $defs.
function objects(schema: unknown, found: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (typeof schema !== 'object' || schema === null) return found;
  const node = schema as Record<string, unknown>;
  const type = node['type'];
  if (type === 'object' || (Array.isArray(type) && type.includes('object'))) found.push(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) value.forEach((item) => objects(item, found));
    else if (typeof value === 'object') objects(value, found);
  }
  return found;
}

describe('provider definitions', () => {
  const tools = sampleTools();

  it('render every format in registration order, with valid JSON Schemas', () => {
    const ajv = new Ajv2020({ strict: false });
    for (const format of PROVIDER_FORMATS) {
      // Nothing is deferred: the tools array is each tool's own definition.
      const definitions = tools.toolDefinitions(format);
      expect(tools.definitions(format)).toBe(definitions);
      expect(definitions).toHaveLength(3);
      for (const definition of definitions) {
        const schema =
          'function' in definition
            ? definition.function.parameters
            : 'input_schema' in definition
              ? definition.input_schema
              : 'inputSchema' in definition
                ? definition.inputSchema
                : definition.parameters;
        if (schema === undefined) continue;
        expect(() => ajv.compile(schema)).not.toThrow();
      }
    }
    expect(tools.definitions('openai').map((d) => d.function.name)).toEqual([
      'read_file',
      'now',
      'remote_lookup',
    ]);
  });

  it('openai-strict obeys strict mode: closed objects, every property required, optional ones nullable', async () => {
    const [read, now, remote] = tools.definitions('openai-strict');
    expect(read!.function.strict).toBe(true);
    expect(now!.function.strict).toBe(true);
    for (const definition of [read!, now!]) {
      for (const object of objects(definition.function.parameters)) {
        expect(object['additionalProperties']).toBe(false);
        expect(object['required']).toEqual(Object.keys(object['properties'] as object));
      }
      expect(JSON.stringify(definition.function.parameters)).not.toMatch(
        /"(minLength|default|examples|title)"/,
      );
    }
    // A free-form map cannot be strict: that tool is sent non-strict rather than wrongly.
    expect(remote!.function.strict).toBe(false);

    // What a strict-mode model sends (null for "absent") validates and decodes.
    const call = { path: 'a.ts', range: { start: 2, end: null }, encoding: null, globs: null };
    expect(new Ajv2020({ strict: false }).validate(read!.function.parameters, call)).toBe(true);
    expect(await tools.call('read_file', call)).toMatchObject({ ok: true, value: 'a.ts:2-end:utf8' });
  });

  it('anthropic uses input_schema', () => {
    const [read] = tools.definitions('anthropic');
    expect(read).toEqual({
      name: 'read_file',
      description: 'Read a file.',
      input_schema: tools.get('read_file')!.inputSchema,
    });
  });

  it('gemini gets the OpenAPI subset, and no parameters for a tool without arguments', () => {
    const [read, now, remote] = tools.definitions('gemini');
    const text = JSON.stringify([read, remote]);
    expect(text).not.toMatch(/additionalProperties|\$ref|\$defs|\$schema|"const"|"null"/);
    expect(now).toEqual({ name: 'now', description: 'The time.' });
    expect(read!.parameters).toMatchObject({ type: 'object', required: ['path'] });
  });

  it('mcp carries every annotation explicitly and the toolwright/tool envelope', () => {
    const [read, now, remote] = tools.definitions('mcp');
    expect(read!.annotations).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(now!.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: false,
    });
    expect(remote!.annotations.openWorldHint).toBe(true);
    const envelopeSchema = JSON.parse(
      readFileSync(join(__dirname, '..', 'schemas', 'tool-envelope.schema.json'), 'utf8'),
    ) as object;
    const validate = new Ajv({ strict: true }).compile(envelopeSchema);
    for (const definition of [read!, now!, remote!])
      expect(validate(definition._meta['toolwright/tool'])).toBe(true);
    expect(read!._meta['toolwright/tool']).toEqual({
      version: 2,
      name: 'read_file',
      kind: 'read',
      label: 'Read',
      namespace: 'native',
      readOnly: true,
    });
  });

  it('registry.definitions(format) finalizes once and caches until the builder changes', () => {
    @Tool({ name: 'ping', description: 'Ping.' })
    class Ping {
      run(): string {
        return 'pong';
      }
    }
    const registry = new ToolRegistry().tool(Ping);
    const first = registry.definitions('openai');
    expect(registry.definitions('openai')).toBe(first);
    registry.tool(
      erasedTool({ name: 'pong', description: 'Pong.', parameters: { type: 'object' }, run: () => 'x' }),
    );
    expect(registry.definitions('openai').map((d) => d.function.name)).toEqual(['ping', 'pong']);
  });
});
