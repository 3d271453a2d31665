import { FinalizeError, ToolRegistry } from '@toolwright/registry';
import brokenCodingRegistry, { SEEDED_PROBLEMS } from '../src';

// Needs examples/coding-tools built (`npm test` builds first): the broken variant imports its output.
describe('the broken coding tools', () => {
  it('fail to finalize, reporting every seeded problem at once, each with a fix, and nothing else', () => {
    const registry = brokenCodingRegistry();
    expect(registry).toBeInstanceOf(ToolRegistry);
    let error: unknown;
    try {
      registry.finalize();
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(FinalizeError);
    const problems = [...(error as FinalizeError).problems];
    for (const seeded of SEEDED_PROBLEMS) {
      const at = problems.findIndex(
        (problem) =>
          problem.code === seeded.code &&
          (seeded.tool === undefined || problem.tool === seeded.tool) &&
          seeded.mentions.every((words) => `${problem.message} ${problem.fix}`.includes(words)),
      );
      expect({ seeded, found: at >= 0 }).toEqual({ seeded, found: true });
      expect(problems[at]!.fix).not.toBe('');
      problems.splice(at, 1);
    }
    expect(problems).toEqual([]);
    expect((error as FinalizeError).message).toMatch(
      new RegExp(`^${SEEDED_PROBLEMS.length} problems in the tool registry\\n`),
    );
  });

  it('seeds its problems on shared tools: several tools carry more than one', () => {
    const perTool = new Map<string, number>();
    for (const seeded of SEEDED_PROBLEMS) {
      if (seeded.tool !== undefined) perTool.set(seeded.tool, (perTool.get(seeded.tool) ?? 0) + 1);
    }
    expect([...perTool.values()].filter((count) => count >= 2).length).toBeGreaterThanOrEqual(2);
  });

  it('lists the tools that cannot be built as registered', () => {
    const report = brokenCodingRegistry().check();
    expect(report.tools).toEqual(
      expect.arrayContaining(['web_fetch', 'multi_edit', 'run_tests', 'list files']),
    );
  });
});
