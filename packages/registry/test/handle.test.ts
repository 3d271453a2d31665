import 'reflect-metadata';
import {
  createCallContext,
  drainToTerminal,
  Param,
  readToolDescriptors,
  Tool,
  type ToolCallContext,
} from '@toolwright/core';
import { erasedTool, type ErasedToolInput } from './erased-tool';
import { Params } from '@toolwright/resources';
import { IsBoolean } from 'class-validator';
import { inject } from 'inversify';
import { allow, deny, FinalizeError, ToolRegistry, type ToolSetChange } from '../src';

// A promise with its resolver, to hold a tool in flight.
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

function echo(name: string, extra: Partial<ErasedToolInput> = {}) {
  return erasedTool({
    name,
    description: `Echo as ${name}.`,
    parameters: { type: 'object', properties: { text: { type: 'string' } }, additionalProperties: false },
    run: (args: { text?: string }) => `${name}:${args.text ?? ''}`,
    ...extra,
  });
}

describe('ToolServerHandle', () => {
  it('lets a call in flight finish on its snapshot while later calls see the change (F9)', async () => {
    const held = gate();
    const started = gate();
    const slow = erasedTool({
      name: 'slow',
      description: 'Waits for the gate.',
      parameters: { type: 'object', properties: {}, additionalProperties: false },
      run: async () => {
        started.open();
        await held.promise;
        return 'done';
      },
    });
    const tools = new ToolRegistry().tool(slow).tool(echo('a')).finalize();
    const changes: ToolSetChange[] = [];
    tools.onChange((change) => changes.push(change));

    const inFlight = tools.call('slow', {});
    await started.promise;
    const change = tools.batch((edit) => edit.remove('slow').add(echo('b')));
    held.open();

    expect((await inFlight).ok).toBe(true);
    const later = await tools.call('slow', {});
    expect(later.ok === false && later.error.kind).toBe('not_found');
    expect((await tools.call('b', { text: 'x' })).ok).toBe(true);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toBe(change);
    expect(change).toMatchObject({ added: ['b'], removed: ['slow'], replaced: [] });
    expect(change!.previous.version).toBe(1);
    expect(change!.snapshot.version).toBe(2);
    expect(change!.previous.names).toEqual(['slow', 'a']);
    expect(tools.snapshot().names).toEqual(['a', 'b']);
  });

  it('sends ctx.dispatch through the snapshot the outer call started on', async () => {
    const held = gate();
    const started = gate();
    const outer = erasedTool({
      name: 'outer',
      description: 'Calls inner after the gate.',
      parameters: { type: 'object', properties: {}, additionalProperties: false },
      run: async (_args: unknown, ctx: ToolCallContext) => {
        started.open();
        await held.promise;
        const inner = await ctx.dispatch('inner', { text: 'hi' });
        return inner.ok ? inner.value : `failed: ${inner.error.kind}`;
      },
    });
    const tools = new ToolRegistry().tool(outer).tool(echo('inner')).finalize();
    const first = tools.call('outer', {});
    await started.promise;
    tools.remove('inner');
    held.open();
    expect(await first).toMatchObject({ ok: true, value: 'inner:hi' });

    const second = await tools.call('outer', {});
    expect(second).toMatchObject({ ok: true, value: 'failed: not_found' });
  });

  it('announces each batch once, to every listener, and stops after unsubscribe', () => {
    const tools = new ToolRegistry().tool(echo('a')).finalize();
    const seen: string[] = [];
    const unsubscribe = tools.onChange((change) => seen.push(`1:${change.added.join(',')}`));
    tools.onChange(() => {
      throw new Error('a broken listener');
    });
    tools.onChange((change) => seen.push(`3:${change.added.join(',')}`));

    tools.batch((edit) => edit.add([echo('b'), echo('c')]).add(echo('d')));
    unsubscribe();
    tools.add(echo('e'));
    expect(seen).toEqual(['1:b,c,d', '3:b,c,d', '3:e']);
    expect(tools.remove('missing')).toBeUndefined();
    expect(tools.batch(() => undefined)).toBeUndefined();
  });

  it('refuses a run-time change with a problem as a whole, and changes nothing', () => {
    const tools = new ToolRegistry().tool(echo('a')).finalize();
    const before = tools.snapshot();
    expect(() => tools.batch((edit) => edit.add(echo('b')).add(echo('a')))).toThrow(FinalizeError);
    expect(() => tools.add(echo('a'))).toThrow(/two tools are named a: erased tool a and erased tool a/);
    expect(tools.snapshot()).toBe(before);
  });

  it('reports a replaced tool as replaced, and keeps registration order', () => {
    const tools = new ToolRegistry().tool(echo('a')).tool(echo('b')).finalize();
    const change = tools.batch((edit) => edit.remove('a').add(echo('a')));
    expect(change).toMatchObject({ added: [], removed: [], replaced: ['a'] });
    expect(tools.snapshot().names).toEqual(['b', 'a']);
  });

  it('adds imported tools at run time under the mcp namespace', () => {
    const tools = new ToolRegistry().tool(echo('a')).finalize();
    tools.add(echo('remote__search', { readOnly: true }), { namespace: 'mcp' });
    const imported = tools.get('remote__search')!;
    expect(imported).toMatchObject({ namespace: 'mcp', kind: 'other', readOnly: true });
    const definition = tools.definitions('mcp').find((d) => d.name === 'remote__search')!;
    expect(definition._meta['toolwright/tool']).toMatchObject({ namespace: 'mcp', readOnly: true });
    expect(definition.annotations).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    });
  });

  it('caches definitions per snapshot and format', () => {
    const tools = new ToolRegistry().tool(echo('a')).finalize();
    const first = tools.definitions('anthropic');
    expect(tools.definitions('anthropic')).toBe(first);
    tools.add(echo('b'));
    expect(tools.definitions('anthropic')).not.toBe(first);
    expect(tools.definitions('anthropic').map((d) => d.name)).toEqual(['a', 'b']);
  });

  it('runs a tool with a caller-built context whose dispatcher is a snapshot', async () => {
    const tools = new ToolRegistry().tool(echo('a')).finalize();
    const snapshot = tools.snapshot();
    const ctx = createCallContext({ toolName: 'a', dispatcher: snapshot });
    const result = await drainToTerminal(snapshot.execute('a', '{"text":"x"}', ctx));
    expect(result).toMatchObject({ ok: true, value: 'a:x' });
  });
});

describe('guard', () => {
  it('denies with permission_denied, before the tool runs, for calls and for ctx.dispatch', async () => {
    let ran = 0;
    const write = erasedTool({
      name: 'write_file',
      description: 'Write.',
      kind: 'write',
      parameters: { type: 'object', properties: {}, additionalProperties: false },
      run: () => {
        ran += 1;
        return 'written';
      },
    });
    const caller = erasedTool({
      name: 'caller',
      description: 'Calls write_file.',
      parameters: { type: 'object', properties: {}, additionalProperties: false },
      run: async (_args: unknown, ctx: ToolCallContext) => {
        const inner = await ctx.dispatch('write_file', {});
        return inner.ok ? 'allowed' : inner.error.kind;
      },
    });
    const seen: string[] = [];
    const tools = new ToolRegistry()
      .tool(write)
      .tool(caller)
      .guard((call, tool) => {
        seen.push(`${call.toolName}:${tool.kind}`);
        return tool.readOnly || tool.kind !== 'write' ? allow() : deny('writes need approval.');
      })
      .finalize();

    const denied = await tools.call('write_file', {});
    expect(denied.ok).toBe(false);
    expect(denied.ok === false && denied.error.kind).toBe('permission_denied');
    expect(denied.ok === false && denied.error.modelText).toBe(
      'write_file was not run: writes need approval.',
    );
    expect(await tools.call('caller', {})).toMatchObject({ ok: true, value: 'permission_denied' });
    expect(ran).toBe(0);
    expect(seen).toEqual(['write_file:write', 'caller:other', 'write_file:write']);
  });

  it('awaits an async guard, and treats a throwing guard as a denial that keeps its error host-only', async () => {
    const asyncTools = new ToolRegistry()
      .tool(echo('a'))
      .guard(async (call) =>
        (call.arguments as { text?: string }).text === 'ok' ? allow() : deny('not ok.'),
      )
      .finalize();
    expect(await asyncTools.call('a', { text: 'ok' })).toMatchObject({ ok: true, value: 'a:ok' });
    expect(await asyncTools.call('a', { text: 'no' })).toMatchObject({
      ok: false,
      error: { kind: 'permission_denied' },
    });

    const throwing = new ToolRegistry()
      .tool(echo('a'))
      .guard(() => {
        throw new Error('policy service token=abc123 unreachable');
      })
      .finalize();
    const result = await throwing.call('a', {});
    expect(result.ok === false && result.error.kind).toBe('permission_denied');
    expect(result.ok === false && result.error.modelText).toBe('a was not run: its permission check failed.');
    expect(JSON.stringify(result.content)).not.toContain('abc123');
  });
});

describe('when', () => {
  it('registers a capability only when its condition holds', () => {
    class ImageGenConfig {
      @IsBoolean() enabled = false;
    }
    class ImageClient {}
    @Tool({ name: 'image_gen', description: 'Generate an image.', kind: 'image_gen' })
    class ImageGen {
      constructor(@inject(ImageClient) readonly client: ImageClient) {}
      run(): string {
        return 'image';
      }
    }
    let configured = 0;
    const build = (enabled: boolean) =>
      new ToolRegistry()
        .params(ImageGenConfig, { enabled })
        .tool(echo('a'))
        .when(
          (view) => view.params(ImageGenConfig)?.enabled === true,
          (registry) => {
            configured += 1;
            registry.provide(ImageClient, new ImageClient()).tool(ImageGen);
          },
        )
        .when(false, (registry) => registry.tool(echo('never')))
        .when(true, (registry) => registry.tool(echo('always')));

    expect(build(false).finalize().snapshot().names).toEqual(['a', 'always']);
    const enabled = build(true);
    expect(enabled.finalize().snapshot().names).toEqual(['a', 'image_gen', 'always']);
    expect(enabled.finalize().snapshot().names).toEqual(['a', 'image_gen', 'always']);
    expect(configured).toBe(1);
  });
});

describe('exclusive', () => {
  it('allows one of the exclusive tools', () => {
    const registry = new ToolRegistry()
      .tool(echo('edit'))
      .exclusive(['edit', 'hashline_edit'], 'two editors would confuse the model');
    expect(registry.check().ok).toBe(true);
  });

  it('is checked for tools added at run time too', () => {
    const tools = new ToolRegistry()
      .tool(echo('edit'))
      .exclusive(['edit', 'hashline_edit'], 'two editors would confuse the model')
      .finalize();
    expect(() => tools.add(echo('hashline_edit'))).toThrow(
      /edit and hashline_edit are both registered, but they are exclusive: two editors would\s+confuse the model\./,
    );
  });
});

describe('templates', () => {
  it('render a kind as the registered tool of that kind, in whatever dialect', () => {
    class ReadArgs {
      @Param({ description: 'Path' }) filePath!: string;
    }
    @Tool({ name: 'Read', description: 'Read a file.', namespace: 'opencode', args: ReadArgs })
    class OpencodeRead {
      run(args: ReadArgs): string {
        return args.filePath;
      }
    }
    @Tool({ name: 'summarize', description: 'Read files with ${{ tools.read }} first.' })
    class Summarize {
      run(): string {
        return '';
      }
    }
    const tools = new ToolRegistry().tool(OpencodeRead).tool(Summarize).finalize();
    expect(tools.get('Read')).toMatchObject({
      kind: 'read',
      label: 'Read',
      namespace: 'opencode',
      readOnly: true,
    });
    expect(tools.get('summarize')!.description).toBe('Read files with Read first.');
  });

  it('never change the class metadata, and finalizing twice gives equal results', () => {
    class EditConfig {
      @IsBoolean() verbose = false;
    }
    @Tool({ name: 'helper', description: 'Use ${{ tools.lister }}.' })
    class Helper {
      constructor(@inject(Params.of(EditConfig)) readonly config: Params<EditConfig>) {}
      run(): string {
        return '';
      }
    }
    const registry = new ToolRegistry().params(EditConfig, {}).tool(Helper).tool(echo('lister'));
    const first = registry.finalize();
    const second = registry.finalize();
    expect(first.tools().map(({ erased: _e, ...rest }) => rest)).toEqual(
      second.tools().map(({ erased: _e, ...rest }) => rest),
    );
    expect(first.definitions('mcp')).toEqual(second.definitions('mcp'));
    expect(first.get('helper')!.description).toBe('Use lister.');
    expect(readToolDescriptors(Helper)[0]!.options.description).toBe('Use ${{ tools.lister }}.');
    expect(new ToolRegistry().params(EditConfig, {}).tool(Helper).check().problems[0]!.code).toBe('template');
  });
});

describe('the call streams of a handle', () => {
  class EchoArgs {
    @Param({ description: 'Text', minLength: 1 })
    text!: string;
  }

  @Tool({ name: 'echo', description: 'Echoes.', args: EchoArgs })
  class Echo {
    run(args: EchoArgs): string {
      return args.text;
    }
  }

  it.each([
    ['a valid call', 'echo', '{"text":"hi"}'],
    ['invalid arguments', 'echo', '{"text":""}'],
    ['an unknown tool', 'ecco', '{}'],
  ])('are engine streams: %s reads to the result handle.call gives', async (_label, name, raw) => {
    const handle = new ToolRegistry().tool(Echo).finalize();
    const expected = await handle.call(name, raw);
    for (const source of [handle, handle.snapshot()]) {
      // Typed CallStream: result() needs no cast.
      const result = await source.execute(name, raw, createCallContext({ toolName: name })).result();
      expect([result.ok, result.content]).toEqual([expected.ok, expected.content]);
    }
  });
});
