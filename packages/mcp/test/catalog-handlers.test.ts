import 'reflect-metadata';
import Ajv2020 from 'ajv/dist/2020';
import { Complete, Param, Prompt, Resource, ResourceTemplate, Tool, ToolError } from '@toolwright/core';
import { ToolRegistry, type ToolSnapshot } from '@toolwright/registry';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// The conformance fixture's catalog: the scenarios' resources and prompts.
import { CatalogService } from '../../../examples/mcp-conformance-server/src/catalog-service';
import { connectInMemory, REVISIONS } from './helpers';
import {
  catalogCapabilities,
  handleCatalogRequest,
  listResources,
  MCP_REVISIONS,
  type CatalogOutcome,
  type McpRevision,
} from '@toolwright/mcp';

enum Language {
  TypeScript = 'typescript',
  Python = 'python',
  Rust = 'rust',
}

class ReviewArgs {
  @Param({ description: 'The language of the code', enum: Language })
  language!: Language;

  @Param({ description: 'How many findings to report', optional: true, integer: true, minimum: 1 })
  limit?: number;

  @Param({ description: 'A score threshold', optional: true })
  threshold?: number;
}

class Words {
  readonly all = Array.from({ length: 250 }, (_, index) => `word${String(index).padStart(3, '0')}`);
}

class ExtraService {
  constructor(private readonly words: Words = new Words()) {}

  @Prompt({
    name: 'code_review',
    description: 'Review code; read files with ${{ tools.read_file }}.',
    args: ReviewArgs,
    complete: { language: ['typescript', 'python', 'rust', 'ruby'] },
  })
  review(args: ReviewArgs) {
    return [
      {
        role: 'user' as const,
        content: `Review this ${args.language} code (limit ${args.limit ?? 'none'}, threshold ${args.threshold ?? 'none'}).`,
      },
      { role: 'assistant' as const, content: 'I will use ${{ tools.read_file }} to read it.' },
    ];
  }

  @ResourceTemplate({
    uriTemplate: 'words://{word}{?page}',
    name: 'word',
    description: 'One word, and a page of it.',
  })
  word(
    @Param('word') word: string,
    @Param('page', { optional: true, integer: true, minimum: 1 }) page?: number,
  ) {
    return { word, page: page ?? 1 };
  }

  @Complete({ resourceTemplate: 'word', argument: 'word' })
  completeWord(value: string): string[] {
    return this.words.all.filter((word) => word.startsWith(value));
  }

  @Resource({ uri: 'test://broken', name: 'broken', description: 'Fails with a secret in its message.' })
  broken(): string {
    throw new Error('database password hunter2 rejected');
  }

  @Resource({ uri: 'test://missing', name: 'missing' })
  missing(): string {
    throw ToolError.notFound('the file is gone');
  }

  @Tool({ name: 'read_file', description: 'Read a file.' })
  readFile(@Param('path') path: string): string {
    return path;
  }
}

function snapshotOf(...classes: (new (...args: any[]) => object)[]): ToolSnapshot {
  let registry = new ToolRegistry().provide(Words, new Words());
  for (const target of classes) registry = registry.tool(target);
  return registry.finalize().snapshot();
}

// The spec's own result schemas for each revision (test/fixtures says where they come from).
const schemas = Object.fromEntries(
  MCP_REVISIONS.map((revision) => [
    revision,
    JSON.parse(readFileSync(join(__dirname, 'fixtures', `mcp-schema-${revision}.json`), 'utf8')) as object,
  ]),
) as Record<McpRevision, object>;
const validators = Object.fromEntries(
  MCP_REVISIONS.map((revision) => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema(schemas[revision], 'mcp');
    return [revision, ajv];
  }),
) as Record<McpRevision, Ajv2020>;

const resultTypeOf: Record<string, string> = {
  'resources/list': 'ListResourcesResult',
  'resources/templates/list': 'ListResourceTemplatesResult',
  'resources/read': 'ReadResourceResult',
  'prompts/list': 'ListPromptsResult',
  'prompts/get': 'GetPromptResult',
  'completion/complete': 'CompleteResult',
};

/** The result of a request, checked against the revision's schema (and failing the test if it is an error). */
async function resultOf(
  snapshot: ToolSnapshot,
  method: string,
  params: unknown,
  revision: McpRevision = '2025-11-25',
): Promise<Record<string, any>> {
  const outcome = await handleCatalogRequest(snapshot, method, params, { revision });
  if (!outcome.ok) throw new Error(`${method} failed: ${JSON.stringify(outcome.error)}`);
  const validate = validators[revision].getSchema(`mcp#/$defs/${resultTypeOf[method]}`)!;
  if (!validate(outcome.result))
    throw new Error(`${method} (${revision}): ${validators[revision].errorsText(validate.errors)}`);
  return outcome.result;
}

async function errorOf(
  snapshot: ToolSnapshot,
  method: string,
  params: unknown,
  revision: McpRevision = '2025-11-25',
) {
  const outcome: CatalogOutcome = await handleCatalogRequest(snapshot, method, params, { revision });
  if (outcome.ok) throw new Error(`${method} succeeded: ${JSON.stringify(outcome.result)}`);
  // The error is a JSON-RPC error object the schema accepts.
  const validate = validators[revision].getSchema('mcp#/$defs/JSONRPCErrorResponse')!;
  expect(validate({ jsonrpc: '2.0', id: 1, error: outcome.error })).toBe(true);
  return outcome.error;
}

describe('the spec schemas the results are checked against', () => {
  it.each(MCP_REVISIONS)('refuse results missing what %s requires', (revision) => {
    for (const type of Object.values(resultTypeOf)) {
      expect(validators[revision].getSchema(`mcp#/$defs/${type}`)!({})).toBe(false);
    }
  });

  it('refuse more than 100 completion values (2026-07-28 writes the cap into the schema)', () => {
    const complete = validators['2026-07-28'].getSchema('mcp#/$defs/CompleteResult')!;
    const values = Array.from({ length: 101 }, (_, index) => String(index));
    expect(complete({ completion: { values }, resultType: 'complete' })).toBe(false);
    expect(complete({ completion: { values: values.slice(1) }, resultType: 'complete' })).toBe(true);
  });
});

describe('catalog handlers: the conformance scenarios', () => {
  const snapshot = snapshotOf(CatalogService);

  it.each(MCP_REVISIONS)('lists resources with uri and name (%s)', async (revision) => {
    const result = await resultOf(snapshot, 'resources/list', {}, revision);
    expect(result['resources']).toEqual([
      {
        uri: 'test://static-text',
        name: 'static-text',
        description: 'A static text resource for testing.',
        mimeType: 'text/plain',
      },
      {
        uri: 'test://static-binary',
        name: 'static-binary',
        description: 'A static binary resource (a PNG image) for testing.',
        mimeType: 'image/png',
      },
      {
        uri: 'test://watched-resource',
        name: 'watched-resource',
        description: 'A resource clients subscribe to.',
        mimeType: 'text/plain',
      },
    ]);
  });

  it('reads test://static-text and test://static-binary', async () => {
    expect((await resultOf(snapshot, 'resources/read', { uri: 'test://static-text' }))['contents']).toEqual([
      {
        uri: 'test://static-text',
        mimeType: 'text/plain',
        text: 'This is the content of the static text resource.',
      },
    ]);
    const binary = (await resultOf(snapshot, 'resources/read', { uri: 'test://static-binary' }))['contents'];
    expect(binary).toHaveLength(1);
    expect(binary[0]).toMatchObject({ uri: 'test://static-binary', mimeType: 'image/png' });
    expect(Buffer.from(binary[0].blob, 'base64').subarray(1, 4).toString()).toBe('PNG');
  });

  it.each(MCP_REVISIONS)('reads test://template/123/data through the template (%s)', async (revision) => {
    const result = await resultOf(snapshot, 'resources/read', { uri: 'test://template/123/data' }, revision);
    expect(result['contents']).toEqual([
      {
        uri: 'test://template/123/data',
        mimeType: 'application/json',
        text: '{"id":"123","templateTest":true,"data":"Data for ID: 123"}',
      },
    ]);
    expect((await resultOf(snapshot, 'resources/templates/list', {}, revision))['resourceTemplates']).toEqual(
      [
        {
          uriTemplate: 'test://template/{id}/data',
          name: 'template-data',
          description: 'Data for one ID, substituted into the URI.',
          mimeType: 'application/json',
        },
      ],
    );
  });

  it('lists the prompts with their arguments, and gets each', async () => {
    const listed = (await resultOf(snapshot, 'prompts/list', {}))['prompts'];
    expect(listed.map((prompt: { name: string }) => prompt.name)).toEqual([
      'test_simple_prompt',
      'test_prompt_with_arguments',
      'test_prompt_with_embedded_resource',
      'test_input_required_result_prompt',
      'test_prompt_with_image',
    ]);
    expect(listed[0]).toEqual({
      name: 'test_simple_prompt',
      description: 'A simple prompt without arguments.',
    });
    expect(listed[1].arguments).toEqual([
      { name: 'arg1', description: 'First test argument', required: true },
      { name: 'arg2', description: 'Second test argument', required: true },
    ]);
    expect((await resultOf(snapshot, 'prompts/get', { name: 'test_simple_prompt' }))['messages']).toEqual([
      { role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } },
    ]);
    const withArgs = await resultOf(snapshot, 'prompts/get', {
      name: 'test_prompt_with_arguments',
      arguments: { arg1: 'testValue1', arg2: 'testValue2' },
    });
    expect(withArgs['messages'][0].content.text).toBe(
      "Prompt with arguments: arg1='testValue1', arg2='testValue2'",
    );
    const embedded = await resultOf(snapshot, 'prompts/get', {
      name: 'test_prompt_with_embedded_resource',
      arguments: { resourceUri: 'test://example-resource' },
    });
    expect(embedded['messages']).toEqual([
      {
        role: 'user',
        content: {
          type: 'resource',
          resource: {
            uri: 'test://example-resource',
            mimeType: 'text/plain',
            text: 'Embedded resource content for testing.',
          },
        },
      },
      { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
    ]);
    const image = await resultOf(snapshot, 'prompts/get', { name: 'test_prompt_with_image' });
    expect(image['messages'][0].content).toMatchObject({ type: 'image', mimeType: 'image/png' });
  });

  it('completes arg1 of test_prompt_with_arguments', async () => {
    const result = await resultOf(snapshot, 'completion/complete', {
      ref: { type: 'ref/prompt', name: 'test_prompt_with_arguments' },
      argument: { name: 'arg1', value: 'par' },
    });
    expect(result['completion']).toEqual({ values: ['paris', 'park', 'party'], total: 3, hasMore: false });
    const none = await resultOf(snapshot, 'completion/complete', {
      ref: { type: 'ref/prompt', name: 'test_prompt_with_arguments' },
      argument: { name: 'arg2', value: 'x' },
    });
    expect(none['completion']).toEqual({ values: [], total: 0, hasMore: false });
  });

  it('answers an unknown URI with resource-not-found, -32002 in 2025-11-25 and -32602 in 2026-07-28, never empty contents', async () => {
    const uri = 'test://nonexistent-resource-for-conformance-testing';
    expect(await errorOf(snapshot, 'resources/read', { uri }, '2025-11-25')).toEqual({
      code: -32002,
      message: `Resource not found: ${uri}`,
      data: { uri },
    });
    expect(await errorOf(snapshot, 'resources/read', { uri }, '2026-07-28')).toEqual({
      code: -32602,
      message: `Resource not found: ${uri}`,
      data: { uri },
    });
  });

  it('declares the capabilities the catalog calls for', () => {
    expect(catalogCapabilities(snapshot)).toEqual({
      resources: { subscribe: false, listChanged: false },
      prompts: { listChanged: false },
      completions: {},
    });
    expect(catalogCapabilities(new ToolRegistry().finalize().snapshot())).toEqual({});
  });
});

describe('catalog handlers: revisions', () => {
  const snapshot = snapshotOf(CatalogService);

  it('adds resultType, ttlMs and cacheScope under 2026-07-28 only', async () => {
    for (const method of ['resources/list', 'resources/templates/list', 'prompts/list']) {
      const old = await resultOf(snapshot, method, {}, '2025-11-25');
      expect(Object.keys(old)).not.toContain('resultType');
      expect(Object.keys(old)).not.toContain('ttlMs');
      const current = await resultOf(snapshot, method, {}, '2026-07-28');
      expect(current).toMatchObject({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' });
    }
    const read = await resultOf(snapshot, 'resources/read', { uri: 'test://static-text' }, '2026-07-28');
    expect(read).toMatchObject({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' });
    const got = await resultOf(snapshot, 'prompts/get', { name: 'test_simple_prompt' }, '2026-07-28');
    expect(got['resultType']).toBe('complete');
    expect(Object.keys(got)).not.toContain('ttlMs');
    const outcome = await handleCatalogRequest(
      snapshot,
      'resources/list',
      {},
      {
        revision: '2026-07-28',
        caching: { ttlMs: 60_000, cacheScope: 'public' },
      },
    );
    expect(outcome.ok && outcome.result).toMatchObject({ ttlMs: 60_000, cacheScope: 'public' });
  });
});

describe('catalog handlers: arguments, errors and limits', () => {
  const snapshot = snapshotOf(CatalogService, ExtraService);

  it('decodes prompt arguments from strings with the @Param rules, and renders tool references', async () => {
    const result = await resultOf(snapshot, 'prompts/get', {
      name: 'code_review',
      arguments: { language: 'rust', limit: '3', threshold: '0.5' },
    });
    expect(result['messages']).toEqual([
      { role: 'user', content: { type: 'text', text: 'Review this rust code (limit 3, threshold 0.5).' } },
      { role: 'assistant', content: { type: 'text', text: 'I will use read_file to read it.' } },
    ]);
    const listed = (await resultOf(snapshot, 'prompts/list', {}))['prompts'];
    expect(listed.find((p: { name: string }) => p.name === 'code_review')).toEqual({
      name: 'code_review',
      description: 'Review code; read files with read_file.',
      arguments: [
        { name: 'language', description: 'The language of the code', required: true },
        { name: 'limit', description: 'How many findings to report', required: false },
        { name: 'threshold', description: 'A score threshold', required: false },
      ],
    });
  });

  it('refuses arguments that do not decode with -32602 and the decoder’s field-by-field text', async () => {
    const error = await errorOf(snapshot, 'prompts/get', {
      name: 'code_review',
      arguments: { language: 'cobol', limit: '1.5' },
    });
    expect(error.code).toBe(-32602);
    expect(error.message).toContain('language');
    expect(error.message).toContain('limit');
    expect(
      (await errorOf(snapshot, 'prompts/get', { name: 'code_review', arguments: { language: 3 } })).message,
    ).toBe('Invalid params: arguments.language must be a string.');
    expect(await errorOf(snapshot, 'prompts/get', { name: 'nope' })).toEqual({
      code: -32602,
      message: 'Invalid params: no prompt named nope.',
      data: { name: 'nope' },
    });
    expect((await errorOf(snapshot, 'prompts/get', { arguments: {} })).message).toBe(
      'Invalid params: name must be a string.',
    );
    expect((await errorOf(snapshot, 'resources/read', {})).message).toBe(
      'Invalid params: uri must be a string.',
    );
    expect((await errorOf(snapshot, 'resources/read', [1])).message).toBe(
      'Invalid params: expected an object.',
    );
  });

  it('reads templates with query variables and decodes them like arguments', async () => {
    expect((await resultOf(snapshot, 'resources/read', { uri: 'words://hello?page=2' }))['contents']).toEqual(
      [{ uri: 'words://hello?page=2', mimeType: 'application/json', text: '{"word":"hello","page":2}' }],
    );
    expect((await resultOf(snapshot, 'resources/read', { uri: 'words://hello' }))['contents'][0].text).toBe(
      '{"word":"hello","page":1}',
    );
    const error = await errorOf(snapshot, 'resources/read', { uri: 'words://hello?page=zero' });
    expect(error.code).toBe(-32602);
    expect(error.message).toContain('page');
  });

  it('keeps a failing resource’s message (and its secret) from the client, and maps its not_found', async () => {
    const broken = await errorOf(snapshot, 'resources/read', { uri: 'test://broken' });
    expect(broken.code).toBe(-32603);
    expect(broken.message).not.toContain('hunter2');
    expect(await errorOf(snapshot, 'resources/read', { uri: 'test://missing' }, '2026-07-28')).toEqual({
      code: -32602,
      message: 'Resource not found: test://missing',
      data: { uri: 'test://missing' },
    });
  });

  it('caps completion at 100 values and says how many there are; lists filter by prefix; enums complete', async () => {
    const all = await resultOf(snapshot, 'completion/complete', {
      ref: { type: 'ref/resource', uri: 'words://{word}{?page}' },
      argument: { name: 'word', value: 'word' },
    });
    expect(all['completion'].values).toHaveLength(100);
    expect(all['completion']).toMatchObject({ total: 250, hasMore: true });
    expect(all['completion'].values[0]).toBe('word000');
    const listed = await resultOf(snapshot, 'completion/complete', {
      ref: { type: 'ref/prompt', name: 'code_review' },
      argument: { name: 'language', value: 'R' },
      context: { arguments: { limit: '3' } },
    });
    expect(listed['completion']).toEqual({ values: ['rust', 'ruby'], total: 2, hasMore: false });
    expect(
      (
        await errorOf(snapshot, 'completion/complete', {
          ref: { type: 'ref/prompt', name: 'nope' },
          argument: { name: 'a', value: '' },
        })
      ).message,
    ).toBe('Invalid params: no prompt named nope.');
    expect(
      (
        await errorOf(snapshot, 'completion/complete', {
          ref: { type: 'ref/other' },
          argument: { name: 'a', value: '' },
        })
      ).message,
    ).toBe('Invalid params: ref.type must be "ref/prompt" or "ref/resource".');
    expect(
      (
        await errorOf(snapshot, 'completion/complete', {
          ref: { type: 'ref/prompt', name: 'code_review' },
          argument: { name: 'a' },
        })
      ).message,
    ).toBe('Invalid params: argument.value must be a string.');
  });

  it('paginates every list in registration order with cursors, and refuses a foreign cursor', async () => {
    const pages: string[] = [];
    let cursor: string | undefined;
    do {
      const outcome = listResources(snapshot, cursor === undefined ? {} : { cursor }, {
        revision: '2025-11-25',
        pageSize: 2,
      });
      if (!outcome.ok) throw new Error(outcome.error.message);
      pages.push((outcome.result['resources'] as { uri: string }[]).map((r) => r.uri).join(' '));
      cursor = outcome.result['nextCursor'] as string | undefined;
    } while (cursor !== undefined);
    expect(pages).toEqual([
      'test://static-text test://static-binary',
      'test://watched-resource test://broken',
      'test://missing',
    ]);
    expect(await errorOf(snapshot, 'resources/list', { cursor: 'prompts.2' })).toEqual({
      code: -32602,
      message: 'Invalid cursor: list resources again without one.',
    });
    expect((await errorOf(snapshot, 'prompts/list', { cursor: 7 })).code).toBe(-32602);
  });

  it('answers a method outside the catalog with -32601 and never rejects', async () => {
    expect(await errorOf(snapshot, 'tools/list', {})).toEqual({
      code: -32601,
      message: 'Method not found: tools/list',
    });
  });
});

describe.each(REVISIONS)('catalog handlers behind the real MCP SDK v2 client (%s)', (revision) => {
  it('gives results the SDK client parses, and errors it raises as protocol errors', async () => {
    let registry = new ToolRegistry().provide(Words, new Words());
    registry = registry.tool(CatalogService);
    const { client, close } = await connectInMemory(registry.finalize(), {}, {}, revision);
    try {
      expect((await client.listResources()).resources).toHaveLength(3);
      expect((await client.listResourceTemplates()).resourceTemplates[0]!.uriTemplate).toBe(
        'test://template/{id}/data',
      );
      expect((await client.readResource({ uri: 'test://template/7/data' })).contents[0]).toMatchObject({
        text: expect.stringContaining('"7"'),
      });
      expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).toContain(
        'test_prompt_with_image',
      );
      expect((await client.getPrompt({ name: 'test_prompt_with_image' })).messages[0]!.content.type).toBe(
        'image',
      );
      expect(
        (
          await client.complete({
            ref: { type: 'ref/prompt', name: 'test_prompt_with_arguments' },
            argument: { name: 'arg1', value: 'te' },
          })
        ).completion.values,
      ).toEqual(['test', 'testing']);
      // The v2 client raises every resource-not-found as its own ResourceNotFoundError (code -32602
      // whatever the wire said); what it keeps from the server is the URI.
      await expect(client.readResource({ uri: 'test://nothing' })).rejects.toMatchObject({
        data: { uri: 'test://nothing' },
      });
    } finally {
      await close();
    }
  });
});
