import 'reflect-metadata';
import { inject } from 'inversify';
import { Complete, createToken, Param, Prompt, Resource, ResourceTemplate, Tool } from '@toolwright/core';
import { FinalizeError, ToolRegistry, type FinalizeProblem } from '@toolwright/registry';

function problemsOf(registry: ToolRegistry): readonly FinalizeProblem[] {
  const report = registry.check();
  let thrown: unknown;
  try {
    registry.finalize();
  } catch (error) {
    thrown = error;
  }
  // finalize() throws exactly what check() reports, in one FinalizeError.
  if (report.problems.length === 0) expect(thrown).toBeUndefined();
  else {
    expect(thrown).toBeInstanceOf(FinalizeError);
    expect((thrown as FinalizeError).problems).toEqual(report.problems);
  }
  return report.problems;
}

describe('registry: resources and prompts', () => {
  it('registers a service class’s tools, resources, templates and prompts with one instance', async () => {
    const Clock = createToken<{ now(): string }>('Clock');
    let built = 0;
    class Service {
      constructor(@inject(Clock) private readonly clock: { now(): string }) {
        built += 1;
      }
      @Tool({ name: 'now', description: 'The time.' })
      now(): string {
        return this.clock.now();
      }
      @Resource({ uri: 'clock://now', name: 'now', mimeType: 'text/plain' })
      nowResource(): string {
        return this.clock.now();
      }
      @ResourceTemplate({ uriTemplate: 'clock://zone/{zone}', name: 'zone' })
      zone(@Param('zone') zone: string): string {
        return `${zone} ${this.clock.now()}`;
      }
      @Prompt({ name: 'ask_time', description: 'Ask for the time with ${{ tools.now }}.' })
      ask(): string {
        return 'Call ${{ tools.now }} and tell me.';
      }
    }
    const handle = new ToolRegistry()
      .provide(Clock, { now: () => '12:00' })
      .toolset('native', [Service])
      .finalize();
    expect(built).toBe(1);
    const { catalog } = handle.snapshot();
    expect(handle.tools().map((tool) => tool.name)).toEqual(['now']);
    expect(catalog.resources.map((entry) => [entry.definition.uri, entry.source, entry.namespace])).toEqual([
      ['clock://now', 'Service.nowResource', 'native'],
    ]);
    expect((await catalog.read('clock://now'))!.contents).toEqual([
      { uri: 'clock://now', mimeType: 'text/plain', text: '12:00' },
    ]);
    expect((await catalog.read('clock://zone/UTC'))!.contents[0]).toMatchObject({ text: 'UTC 12:00' });
    expect(await catalog.read('clock://elsewhere')).toBeUndefined();
    expect(catalog.prompts[0]!.definition.description).toBe('Ask for the time with now.');
    expect((await catalog.getPrompt('ask_time', {}))!.messages[0]!.content).toEqual({
      type: 'text',
      text: 'Call now and tell me.',
    });
    // Every snapshot shares the catalog; a later one renders prompt text against its own tools.
    handle.remove('now');
    expect((await handle.snapshot().catalog.getPrompt('ask_time', {}))!.messages[0]!.content).toEqual({
      type: 'text',
      text: 'Call ${{ tools.now }} and tell me.',
    });
    expect(handle.snapshot().catalog.resources).toBe(catalog.resources);
  });

  it('reports the catalog in check()', () => {
    class Docs {
      @Resource({ uri: 'docs://readme', name: 'readme' })
      readme(): string {
        return '# readme';
      }
      @Prompt({ name: 'summarize' })
      summarize(): string {
        return 'Summarize.';
      }
    }
    const report = new ToolRegistry().tool(Docs).check();
    expect(report).toMatchObject({
      ok: true,
      tools: [],
      resources: ['docs://readme'],
      resourceTemplates: [],
      prompts: ['summarize'],
    });
    expect(new ToolRegistry().check()).not.toHaveProperty('resources');
  });
});

describe('finalize: problems of resources and prompts', () => {
  it('names both sources of a duplicate URI, URI template or prompt name', () => {
    class A {
      @Resource({ uri: 'docs://readme', name: 'readme' })
      readme(): string {
        return 'a';
      }
      @ResourceTemplate({ uriTemplate: 'docs://{page}', name: 'page' })
      page(@Param('page') page: string): string {
        return page;
      }
      @Prompt({ name: 'review' })
      review(): string {
        return 'a';
      }
    }
    class B {
      @Resource({ uri: 'docs://readme', name: 'readme again' })
      again(): string {
        return 'b';
      }
      @ResourceTemplate({ uriTemplate: 'docs://{page}', name: 'page again' })
      page(@Param('page') page: string): string {
        return page;
      }
      @Prompt({ name: 'review' })
      review(): string {
        return 'b';
      }
    }
    expect(problemsOf(new ToolRegistry().tool(A).tool(B))).toEqual([
      {
        code: 'duplicate_uri',
        message: 'two resources have the URI docs://readme: A.readme and B.again.',
        fix: 'give one of them another URI, or register only one.',
      },
      {
        code: 'duplicate_uri',
        message: 'two resource templates have the URI template docs://{page}: A.page and B.page.',
        fix: 'give one of them another URI template, or register only one.',
      },
      {
        code: 'duplicate_prompt',
        message: 'two prompts are named review: A.review and B.review.',
        fix: 'rename one of them, or register only one.',
      },
    ]);
  });

  it('reports a template variable without a param, and a param without a variable', () => {
    class Args {
      @Param()
      owner!: string;
      @Param({ optional: true })
      branch?: string;
    }
    class Repo {
      @ResourceTemplate({ uriTemplate: 'repo://{owner}/{name}', name: 'repo', args: Args })
      repo(args: Args): string {
        return args.owner;
      }
    }
    expect(problemsOf(new ToolRegistry().tool(Repo))).toEqual([
      {
        code: 'template_variable',
        message:
          'the resource template repo://{owner}/{name} (Repo.repo) has the variable name, but Repo.repo has no @Param named name.',
        fix: "add @Param('name') (or an args-class property name) to Repo.repo, or take {name} out of the template.",
      },
      {
        code: 'template_variable',
        message:
          'Repo.repo takes the @Param branch, but its resource template repo://{owner}/{name} has no variable branch, so no URI can give it.',
        fix: 'add {branch} (or {?branch}) to the template, or remove the param.',
      },
    ]);
  });

  it('reports ${{ }} references that do not resolve in prompt and resource texts', () => {
    class Texts {
      @Prompt({
        name: 'fix',
        description: 'Fix code with ${{ tools.edit }}.',
        title: 'Fix with ${{ params.edit.path }}',
      })
      fix(@Param('file', { description: 'Read it with ${{ tools.read_file }} first' }) file: string): string {
        return file;
      }
      @Resource({ uri: 'docs://guide', name: 'guide', description: 'See ${{ nonsense }}.' })
      guide(): string {
        return 'guide';
      }
    }
    const problems = problemsOf(new ToolRegistry().tool(Texts));
    expect(problems.map((problem) => problem.message)).toEqual([
      "the resource docs://guide's text has the reference ${{ nonsense }}, which is neither tools.<name> nor params.<tool>.<param>.",
      "the prompt fix's text refers to ${{ tools.edit }}, but no tool named edit is registered.",
      "the prompt fix's text refers to ${{ params.edit.path }}, but edit is not registered.",
      "the prompt fix (argument file)'s text refers to ${{ tools.read_file }}, but no tool named read_file is registered.",
    ]);
    expect(new Set(problems.map((problem) => problem.code))).toEqual(new Set(['template']));
  });

  it('reports references written in a prompt method’s messages, read from its source', () => {
    class Messages {
      @Tool({ name: 'grep', description: 'Search.' })
      grep(@Param('pattern') pattern: string): string {
        return pattern;
      }
      @Prompt({ name: 'hunt' })
      hunt(@Param('bug') bug: string) {
        return [
          {
            role: 'user' as const,
            content: `Find ${bug} with \${{ tools.grep }}, then fix it with \${{ tools.edit }}.`,
          },
          {
            role: 'assistant' as const,
            content: 'I will start with ${{ params.grep.pattern }} and ${{ params.grep.path }}.',
          },
        ];
      }
    }
    expect(problemsOf(new ToolRegistry().tool(Messages))).toEqual([
      {
        code: 'template',
        message:
          "the prompt hunt (its messages, Messages.hunt)'s text refers to ${{ tools.edit }}, but no tool named edit is registered.",
        fix: 'register edit, or take the reference out.',
      },
      {
        code: 'template',
        message:
          "the prompt hunt (its messages, Messages.hunt)'s text refers to ${{ params.grep.path }}, but grep has no parameter path.",
        fix: 'give grep a parameter path, or take the reference out.',
      },
    ]);
  });

  it('reports completers of prompts, templates and arguments that do not exist', () => {
    class Completers {
      @Prompt({ name: 'review', complete: { language: ['ts'], dialect: ['x'] } })
      review(@Param('language') language: string): string {
        return language;
      }
      @ResourceTemplate({ uriTemplate: 'file:///{+path}', name: 'file', complete: { folder: ['src'] } })
      file(@Param('path') path: string): string {
        return path;
      }
      @Complete({ prompt: 'reviews', argument: 'language' })
      one(): string[] {
        return [];
      }
      @Complete({ prompt: 'review', argument: 'lang' })
      two(): string[] {
        return [];
      }
      @Complete({ resourceTemplate: 'file', argument: 'name' })
      three(): string[] {
        return [];
      }
    }
    expect(
      problemsOf(new ToolRegistry().tool(Completers)).map((problem) => [problem.code, problem.message]),
    ).toEqual([
      [
        'completion',
        'Completers.one completes the prompt reviews, but its class declares no prompt named reviews (it has review).',
      ],
      [
        'completion',
        'Completers.two completes lang for the prompt review, which has no argument lang (it has language).',
      ],
      [
        'completion',
        'Completers.three completes name for the resource template file:///{+path}, which has no argument name (it has path).',
      ],
      [
        'completion',
        'Completers.review declares complete.dialect for the prompt review, which has no argument dialect (it has language).',
      ],
      [
        'completion',
        'Completers.file declares complete.folder for the resource template file:///{+path}, which has no argument folder (it has path).',
      ],
    ]);
  });

  it('reports an unbound dependency of a class with only resources and prompts, naming them', () => {
    const Store = createToken<object>('Store');
    class Documents {
      constructor(@inject(Store) readonly store: object) {}
      @Resource({ uri: 'docs://index', name: 'index' })
      index(): string {
        return 'index';
      }
      @Prompt({ name: 'ask' })
      ask(): string {
        return 'ask';
      }
    }
    const problems = problemsOf(new ToolRegistry().tool(Documents));
    expect(problems).toHaveLength(1);
    expect(problems[0]!.code).toBe('unbound_dependency');
    expect(problems[0]!.message).toContain('Documents (index, ask)');
    expect(problems[0]!.message).toContain('Store');
  });

  it('reports definition problems where they stand, with every other problem in the one report', () => {
    class Bad {
      @Resource({ uri: 'no scheme', name: 'bad' })
      bad(): string {
        return '';
      }
      @ResourceTemplate({ uriTemplate: 'files://{path', name: 'files' })
      files(@Param('path') path: string): string {
        return path;
      }
      @Prompt({ name: 'has space' })
      spaced(): string {
        return '';
      }
      @Prompt({ name: 'listy' })
      listy(@Param('items', { type: () => [String] }) items: string[]): string {
        return items.join();
      }
    }
    class Good {
      @Resource({ uri: 'docs://a', name: 'a' })
      a(): string {
        return '';
      }
    }
    class AlsoA {
      @Resource({ uri: 'docs://a', name: 'a2' })
      a(): string {
        return '';
      }
    }
    const problems = problemsOf(new ToolRegistry().tool(Bad).tool(Good).tool(AlsoA));
    expect(problems.map((problem) => [problem.code, problem.message])).toEqual([
      [
        'invalid_definition',
        'Bad.bad: the uri "no scheme" is not an absolute URI (a scheme, then the rest, no spaces).',
      ],
      [
        'invalid_definition',
        'Bad.files: the uriTemplate "files://{path" is invalid at character 9: a "{" that is never closed.',
      ],
      [
        'invalid_name',
        'Bad.spaced: the prompt name "has space" does not match ^[a-zA-Z0-9_.-]{1,64}$ (clients show prompts as commands).',
      ],
      [
        'invalid_definition',
        'Bad.listy.items: is an array, but MCP prompt arguments are strings (used by the prompt listy).',
      ],
      ['duplicate_uri', 'two resources have the URI docs://a: Good.a and AlsoA.a.'],
    ]);
  });

  it('lists tool and catalog problems of several classes together, tools first', () => {
    const Missing = createToken<object>('Missing');
    class Tools {
      @Tool({ name: 'grep', description: 'Search.' })
      grep(@Param('pattern') pattern: string): string {
        return pattern;
      }
      @Prompt({ name: 'search' })
      search(): string {
        return 'search';
      }
    }
    class MoreTools {
      @Tool({ name: 'grep', description: 'Search again.' })
      grep(@Param('pattern') pattern: string): string {
        return pattern;
      }
      @Prompt({ name: 'search' })
      search(): string {
        return 'again';
      }
      @ResourceTemplate({ uriTemplate: 'logs://{day}', name: 'logs' })
      logs(): string {
        return '';
      }
    }
    class NeedsMissing {
      constructor(@inject(Missing) readonly missing: object) {}
      @Resource({ uri: 'logs://today', name: 'today' })
      today(): string {
        return '';
      }
    }
    const problems = problemsOf(new ToolRegistry().tool(Tools).tool(MoreTools).tool(NeedsMissing));
    expect(problems.map((problem) => problem.code)).toEqual([
      'unbound_dependency',
      'duplicate_name',
      'template_variable',
      'duplicate_prompt',
    ]);
  });

  it('refuses resources added to a running handle', () => {
    class Late {
      @Resource({ uri: 'docs://late', name: 'late' })
      late(): string {
        return '';
      }
    }
    const handle = new ToolRegistry().finalize();
    let thrown: unknown;
    try {
      handle.add(Late);
    } catch (error) {
      thrown = error;
    }
    expect((thrown as FinalizeError).problems).toEqual([
      {
        code: 'invalid_definition',
        message:
          'Late declares resources or prompts (late), which are registered when the registry is finalized, not added to a running handle.',
        fix: 'register Late with the ToolRegistry before finalize().',
      },
    ]);
    expect(handle.version).toBe(1);
  });
});
