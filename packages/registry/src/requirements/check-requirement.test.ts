import { Expr } from '@toolwright/expr';
import type { ToolKind } from '../taxonomy/tool-kind';
import { checkRequirement } from './check-requirement';
import { hasParam, paramEquals, requiresKind, requiresTool } from './requirement-helpers';
import type { ParamLookup, RequirementWorld } from './requirement-world';

// A world of named tools (with their parameters and kinds) and params values per tool.
function world(
  tools: Record<string, { parameters?: string[]; kind?: ToolKind }>,
  params: Record<string, Record<string, unknown>> = {},
): RequirementWorld {
  return {
    hasTool: (name) => Object.hasOwn(tools, name),
    exposes: (name, param) => Object.hasOwn(tools, name) && (tools[name]!.parameters ?? []).includes(param),
    hasKind: (kind) => Object.values(tools).some((tool) => tool.kind === kind),
    paramValue: (scope, path, owner): ParamLookup => {
      const values = params[scope] ?? {};
      return {
        path: `params.${scope}.${path}`,
        field: scope === owner ? path : `params.${scope}.${path}`,
        found: Object.hasOwn(values, path),
        value: values[path],
      };
    },
  };
}

const searchReplace = Expr.and(
  Expr.or(requiresTool('read_file'), paramEquals('skipReadBeforeEdit', true)),
  requiresTool('edit', Expr.and(hasParam('old_string'), hasParam('new_string'), hasParam('replace_all'))),
);

describe('checkRequirement', () => {
  it('holds when every layer holds', () => {
    const verdict = checkRequirement(
      'search_replace',
      searchReplace,
      world({ read_file: {}, edit: { parameters: ['old_string', 'new_string', 'replace_all'] } }),
    );
    expect(verdict.holds).toBe(true);
  });

  it('says "requires X unless <param> is true (it is false), and X is not registered"', () => {
    const requirement = Expr.or(requiresTool('read_file'), paramEquals('skipReadBeforeEdit', true));
    const verdict = checkRequirement(
      'search_replace',
      requirement,
      world({}, { search_replace: { skipReadBeforeEdit: false } }),
    );
    expect(verdict.failures[0]!.message).toBe(
      'search_replace requires read_file unless params.search_replace.skipReadBeforeEdit is true (it is false), and read_file is not registered.',
    );
    expect(verdict.failures[0]!.fix).toBe('register a tool named read_file, or set skipReadBeforeEdit');
    expect(verdict.missing).toEqual(['tool:read_file']);
  });

  it('names the class in the fix when the requirement names it', () => {
    class ReadFile {}
    const verdict = checkRequirement('search_replace', requiresTool(ReadFile), world({}));
    expect(verdict.failures[0]!.message).toBe(
      'search_replace requires ReadFile, and ReadFile is not registered.',
    );
    expect(verdict.failures[0]!.fix).toBe('register ReadFile');
  });

  it('explains the second layer: the parameters a required tool must expose', () => {
    const verdict = checkRequirement(
      'search_replace',
      searchReplace,
      world({ read_file: {}, edit: { parameters: ['old_string', 'new_string'] } }),
    );
    expect(verdict.failures).toHaveLength(1);
    expect(verdict.failures[0]!.message).toBe(
      'search_replace requires edit with the parameters old_string, new_string and replace_all, and edit has no parameter replace_all.',
    );
    expect(verdict.failures[0]!.fix).toBe('give edit a parameter replace_all');
    expect(verdict.missing).toEqual(['param:edit.replace_all']);
  });

  it('explains the third layer inside a required tool: its params values', () => {
    const requirement = requiresTool('read_file', paramEquals('trackReads', true));
    const verdict = checkRequirement(
      'edit',
      requirement,
      world({ read_file: {} }, { read_file: { trackReads: false } }),
    );
    expect(verdict.failures[0]!.message).toBe(
      'edit requires read_file where params.read_file.trackReads is true (it is false).',
    );
    expect(verdict.failures[0]!.fix).toBe('set params.read_file.trackReads');
  });

  it('explains each unmet part of an AND on its own, and speaks of kinds and of values that are not set', () => {
    const verdict = checkRequirement(
      'summarize',
      Expr.and(requiresKind('fetch'), paramEquals('mode', 'fast'), requiresTool('present')),
      world({ present: {} }, {}),
    );
    expect(verdict.failures).toEqual([
      {
        message: 'summarize requires a tool of kind fetch, and no tool of kind fetch is registered.',
        fix: 'register a tool of kind fetch',
      },
      {
        message: 'summarize requires params.summarize.mode is "fast" (it is not set).',
        fix: 'set mode to "fast"',
      },
    ]);
  });

  it('explains an OR of tools by all of its operands', () => {
    const verdict = checkRequirement(
      'grep_tool',
      Expr.or(requiresTool('read_file'), requiresKind('read')),
      world({}),
    );
    expect(verdict.failures[0]).toEqual({
      message:
        'grep_tool requires read_file or a tool of kind read, and read_file is not registered and no tool of kind read is registered.',
      fix: 'register a tool named read_file, or register a tool of kind read',
    });
  });

  it('explains a NOT by what made its operand true', () => {
    const verdict = checkRequirement('hashline_edit', Expr.not(requiresTool('edit')), world({ edit: {} }));
    expect(verdict.failures[0]!.message).toBe('hashline_edit requires no edit, and edit is registered.');
    expect(verdict.failures[0]!.fix).toBe('remove edit');
  });
});
