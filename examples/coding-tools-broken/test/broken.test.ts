import { FinalizeError, ToolRegistry } from '@toolwright/registry';
import brokenCodingRegistry, { SEEDED_PROBLEMS } from '../src';

// Needs examples/coding-tools built (`npm test` builds first): the broken variant imports its output.
describe('the broken coding tools', () => {
  it('fail to finalize, reporting every seeded problem at once, each with a fix', () => {
    const registry = brokenCodingRegistry();
    expect(registry).toBeInstanceOf(ToolRegistry);
    let error: unknown;
    try {
      registry.finalize();
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(FinalizeError);
    const problems = (error as FinalizeError).problems;
    expect(problems).toHaveLength(SEEDED_PROBLEMS.length);
    for (const seeded of SEEDED_PROBLEMS) {
      const found = problems.find(
        (problem) =>
          problem.code === seeded.code &&
          seeded.mentions.every((words) => `${problem.message} ${problem.fix}`.includes(words)),
      );
      expect({ seeded, found: found !== undefined }).toEqual({ seeded, found: true });
      if (seeded.tool !== undefined) expect(found?.tool).toBe(seeded.tool);
      expect(found?.fix).not.toBe('');
    }
    expect((error as FinalizeError).message).toMatch(/^8 problems in the tool registry\n/);
  });
});
