import { Param } from '../../src/decorators/param';
import { Tool } from '../../src/decorators/tool';
import { NoArguments } from '../../src/model/no-arguments';
import { dynamicTool } from '../../src/erase/dynamic-tool';
import { defineTool } from '../../src/erase/function-tool';
import { eraseTool } from '../../src/erase/erase-tool';
import { createCallContext } from '../../src/context/create-call-context';
import type { OutputMismatch } from '../../src/invoke/output-validation';
import { DEFAULT_OUTPUT_VALIDATION } from '../../src/invoke/output-validation';
import type { ToolResult } from '../../src/result/tool-result';
import { drainToTerminal } from '../../src/stream/drain-to-terminal';
import { ToolSet } from '../../src/toolset/tool-set';
import { ToolError } from '../../src/errors/tool-error';
import { IsIn } from 'class-validator';

function failureOf(result: ToolResult): ToolError {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.json)}`);
  return result.error;
}

function countTool(output: unknown, extra: { outputValidation?: 'strict' | 'warn' | 'off' } = {}) {
  class CountOutput {
    @Param({ integer: true, minimum: 0 })
    count!: number;

    @Param({ description: 'What was counted' })
    label!: string;

    @Param({ optional: true })
    note?: string;
  }
  return eraseTool(
    defineTool({ name: 'count', description: 'Counts.', output: CountOutput, ...extra }, () => output),
  );
}

describe('output validation in process', () => {
  it('is strict by default', () => {
    expect(DEFAULT_OUTPUT_VALIDATION).toBe('strict');
  });

  it('serves a matching output as structured content', async () => {
    const result = await new ToolSet().add(countTool({ count: 3, label: 'files' })).call('count', '{}');
    expect(result.ok).toBe(true);
    expect(result.ok && result.structuredContent).toEqual({ count: 3, label: 'files' });
  });

  it('turns {count: -5} into invalid_output naming the path', async () => {
    const result = await new ToolSet().add(countTool({ count: -5, label: 'files' })).call('count', '{}');
    const error = failureOf(result);
    expect(error.kind).toBe('invalid_output');
    expect(error.modelText).toBe(
      [
        'count returned output that does not match its declared output:',
        '  - count: expected an integer >= 0, received -5',
        'This is a fault in count, not in the arguments; the same call returns the same output. Try different arguments or another approach.',
      ].join('\n'),
    );
    expect(error.issues).toEqual([{ path: 'count', expected: 'an integer >= 0', received: '-5' }]);
    expect(result.content).toEqual([{ type: 'text', text: error.modelText }]);
    expect('structuredContent' in result).toBe(false);
  });

  it('lists every issue, one line each: missing, unknown, wrong type', async () => {
    const result = await new ToolSet().add(countTool({ label: 7, extra: true })).call('count', '{}');
    const lines = failureOf(result).modelText.split('\n');
    expect(lines.slice(1, -1).sort()).toEqual(
      [
        '  - label: expected a string, received 7',
        '  - extra: expected only known properties (count, label, note), received an unknown property; remove it',
        '  - count: expected an integer >= 0, received nothing; required property is missing',
      ].sort(),
    );
  });

  it('coerces nothing in the output direction', async () => {
    for (const output of [
      { count: '5', label: 'a' },
      { count: 5, label: 'a', note: null },
      { count: 5.5, label: 'a' },
    ]) {
      const result = await new ToolSet().add(countTool(output)).call('count', '{}');
      expect(failureOf(result).kind).toBe('invalid_output');
    }
  });

  it('refuses an output that is not an object', async () => {
    const error = failureOf(await new ToolSet().add(countTool('three')).call('count', '{}'));
    expect(error.modelText).toContain('  - (output): expected an object');
    expect(error.modelText).toContain('received "three"');
  });

  it('accepts strings that arguments would refuse (NUL, lone surrogates): JSON carries them', async () => {
    const result = await new ToolSet()
      .add(countTool({ count: 1, label: 'a\u0000b\ud800' }))
      .call('count', '{}');
    expect(result.ok).toBe(true);
  });

  it('checks nested outputs and arrays, with paths', async () => {
    class Hit {
      @Param({ minLength: 1 })
      path!: string;

      @Param({ integer: true, minimum: 1 })
      line!: number;
    }
    class SearchOutput {
      @Param({ type: () => [Hit], maxItems: 3 })
      hits!: Hit[];

      @Param({ type: () => Hit, optional: true })
      best?: Hit;
    }
    const search = (output: unknown) =>
      new ToolSet()
        .add(
          eraseTool(
            defineTool({ name: 'search', description: 'Searches.', output: SearchOutput }, () => output),
          ),
        )
        .call('search', '{}');
    const good = await search({ hits: [{ path: 'a.ts', line: 1 }], best: { path: 'a.ts', line: 1 } });
    expect(good.ok).toBe(true);
    const bad = failureOf(
      await search({
        hits: [
          { path: 'a.ts', line: 1 },
          { path: '', line: 0 },
        ],
        best: { path: 'b', line: '2' },
      }),
    );
    expect(bad.issues?.map((issue) => issue.path).sort()).toEqual(
      ['best.line', 'hits[1].line', 'hits[1].path'].sort(),
    );
    const tooMany = failureOf(await search({ hits: [1, 2, 3, 4].map((line) => ({ path: 'a', line })) }));
    expect(tooMany.issues?.[0]?.path).toBe('hits');
  });

  it('runs the class-validator checks of the output class', async () => {
    class StatusOutput {
      @Param()
      @IsIn(['open', 'closed'])
      status!: string;
    }
    const tools = new ToolSet().add(
      eraseTool(
        defineTool({ name: 'status', description: 'Status.', output: StatusOutput }, () => ({
          status: 'lost',
        })),
      ),
    );
    const error = failureOf(await tools.call('status', '{}'));
    expect(error.issues?.[0]?.path).toBe('status');
  });

  it('checks an instance of the output class by its JSON form', async () => {
    class When {
      @Param()
      at!: string;
    }
    const at = new Date(0);
    const tools = new ToolSet().add(
      eraseTool(
        defineTool({ name: 'when', description: 'When.', output: When }, () =>
          Object.assign(new When(), { at }),
        ),
      ),
    );
    const result = await tools.call('when', '{}');
    expect(result.ok && result.structuredContent).toEqual({ at: at.toJSON() });
  });

  it('never touches error results', async () => {
    class Out {
      @Param()
      n!: number;
    }
    const tools = new ToolSet({
      onOutputMismatch: () => {
        throw new Error('never');
      },
    }).add(
      eraseTool(
        defineTool({ name: 'count', description: 'Counts.', output: Out }, () => {
          throw ToolError.notFound('No such thing.');
        }),
      ),
    );
    const error = failureOf(await tools.call('count', '{}'));
    expect(error.kind).toBe('not_found');
    expect(error.modelText).toBe('No such thing.');
  });

  it('checks the output of a streaming tool, through execute and drainToTerminal', async () => {
    class Out {
      @Param({ integer: true })
      n!: number;
    }
    @Tool({ name: 'stream', description: 'Streams.', output: Out })
    class Streaming {
      async *execute(): AsyncGenerator<string, unknown> {
        yield 'working';
        return { n: 'one' };
      }
    }
    const tools = new ToolSet().add(eraseTool(new Streaming()));
    const progress: unknown[] = [];
    const result = await drainToTerminal(
      tools.execute('stream', '{}', createCallContext({ toolName: 'stream' })),
      (item) => progress.push(item),
    );
    expect(progress).toHaveLength(1);
    expect(failureOf(result).issues?.[0]?.path).toBe('n');
    const called = await tools.call('stream', '{}');
    expect(failureOf(called).kind).toBe('invalid_output');
  });

  it('checks a guarded (timed, abortable) call the same way', async () => {
    const tools = new ToolSet().add(countTool({ count: -1, label: 'x' }));
    const result = await tools.call('count', '{}', { signal: new AbortController().signal });
    expect(failureOf(result).kind).toBe('invalid_output');
  });
});

describe('output validation modes', () => {
  const bad = { count: -5, label: 'files' };

  it('warn serves the output and calls the listener', async () => {
    const heard: OutputMismatch[] = [];
    const tools = new ToolSet({ outputValidation: 'warn', onOutputMismatch: (m) => heard.push(m) }).add(
      countTool(bad),
    );
    const result = await tools.call('count', '{}', { callId: 'c1' });
    expect(result.ok && result.structuredContent).toEqual(bad);
    expect(heard).toEqual([
      {
        tool: 'count',
        callId: 'c1',
        mode: 'warn',
        issues: [{ path: 'count', expected: 'an integer >= 0', received: '-5' }],
      },
    ]);
  });

  it('strict calls the listener too, and fails the call', async () => {
    const heard: OutputMismatch[] = [];
    const tools = new ToolSet({ onOutputMismatch: (m) => heard.push(m) }).add(countTool(bad));
    expect(failureOf(await tools.call('count', '{}')).kind).toBe('invalid_output');
    expect(heard.map((m) => m.mode)).toEqual(['strict']);
  });

  it('a listener that throws changes nothing', async () => {
    const tools = new ToolSet({
      outputValidation: 'warn',
      onOutputMismatch: () => {
        throw new Error('logger down');
      },
    }).add(countTool(bad));
    expect((await tools.call('count', '{}')).ok).toBe(true);
  });

  it('off serves the output unchecked', async () => {
    const heard: OutputMismatch[] = [];
    const tools = new ToolSet({ outputValidation: 'off', onOutputMismatch: (m) => heard.push(m) }).add(
      countTool(bad),
    );
    expect((await tools.call('count', '{}')).ok).toBe(true);
    expect(heard).toEqual([]);
  });

  it('the tool-level mode overrides the set-level one', async () => {
    const strictTool = new ToolSet({ outputValidation: 'off' }).add(
      countTool(bad, { outputValidation: 'strict' }),
    );
    expect(failureOf(await strictTool.call('count', '{}')).kind).toBe('invalid_output');
    const offTool = new ToolSet({ outputValidation: 'strict' }).add(
      countTool(bad, { outputValidation: 'off' }),
    );
    expect((await offTool.call('count', '{}')).ok).toBe(true);
    const warnTool = new ToolSet().add(countTool(bad, { outputValidation: 'warn' }));
    expect((await warnTool.call('count', '{}')).ok).toBe(true);
  });

  it('applies to calls tools dispatch', async () => {
    const outer = eraseTool(
      defineTool(
        { name: 'outer', description: 'Calls count.', args: NoArguments },
        async (_args: unknown, ctx) => {
          const inner = await ctx.dispatch('count', {});
          return inner.ok ? 'ok' : inner.error.kind;
        },
      ),
    );
    const strict = await new ToolSet().add(countTool(bad)).add(outer).call('outer', '{}');
    expect(strict.ok && strict.value).toBe('invalid_output');
    const off = await new ToolSet({ outputValidation: 'off' })
      .add(countTool(bad))
      .add(outer)
      .call('outer', '{}');
    expect(off.ok && off.value).toBe('ok');
  });

  it('refuses an unknown mode, at the set and at the tool', () => {
    expect(() => new ToolSet({ outputValidation: 'loose' as never })).toThrow(
      "ToolSet: outputValidation must be one of 'strict', 'warn', 'off', got \"loose\".",
    );
    expect(() => countTool({}, { outputValidation: 'loose' as never })).toThrow(
      /outputValidation must be one of/,
    );
  });
});

describe('output validation of dynamic tools', () => {
  const tool = (output: unknown, outputValidation?: 'strict' | 'warn' | 'off') =>
    dynamicTool({
      name: 'remote',
      description: 'A remote tool.',
      parameters: { type: 'object', properties: {} },
      outputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
      validateOutput: (json) =>
        typeof (json as { n?: unknown }).n === 'number'
          ? undefined
          : [{ path: 'n', expected: 'an integer', received: 'something else' }],
      ...(outputValidation ? { outputValidation } : {}),
      run: () => output,
    });

  it('checks the output with validateOutput', async () => {
    expect((await new ToolSet().add(tool({ n: 1 })).call('remote', '{}')).ok).toBe(true);
    const error = failureOf(await new ToolSet().add(tool({ n: 'x' })).call('remote', '{}'));
    expect(error.kind).toBe('invalid_output');
    expect(error.modelText).toContain('  - n: expected an integer, received something else');
  });

  it('takes its own mode over the set', async () => {
    expect((await new ToolSet().add(tool({ n: 'x' }, 'off')).call('remote', '{}')).ok).toBe(true);
    expect(
      (await new ToolSet({ outputValidation: 'off' }).add(tool({ n: 'x' })).call('remote', '{}')).ok,
    ).toBe(true);
  });
});

describe('uniqueItems in the output direction', () => {
  class Entry {
    @Param({ optional: true, maxLength: 2 })
    name: string = '';
  }

  class Listing {
    @Param({ type: () => [Entry], uniqueItems: true, maxItems: 3 })
    entries!: Entry[];
  }

  const listing = (output: unknown) =>
    eraseTool(defineTool({ name: 'list', description: 'Lists.', output: Listing }, () => output));

  // Arguments compare as decoded (the default filled in), but an output is served as it is, and
  // its schema's uniqueItems compares the JSON: `{}` and `{"name":""}` are different items.
  it('compares the items as served, not with their defaults filled in', async () => {
    const result = await new ToolSet().add(listing({ entries: [{ name: '' }, {}] })).call('list', '{}');
    expect(result.ok).toBe(true);
    expect(result.ok && result.structuredContent).toEqual({ entries: [{ name: '' }, {}] });
  });

  it('still refuses items that are equal as served', async () => {
    const result = await new ToolSet()
      .add(listing({ entries: [{ name: 'a' }, { name: 'a' }] }))
      .call('list', '{}');
    const error = failureOf(result);
    expect(error.kind).toBe('invalid_output');
    expect(error.issues).toEqual([
      expect.objectContaining({ path: 'entries', message: 'items 0 and 1 are equal' }),
    ]);
  });
});
