import 'reflect-metadata';
import { FinalizeError } from '../src';
import { CORPUS, COMBINATIONS, CORRECT_REGISTRIES, SINGLE_PROBLEMS } from './corpus';
import { mismatches } from './corpus/match-problems';

describe('the finalize corpus, in process', () => {
  it('is as wide as issue #13 asks', () => {
    expect(SINGLE_PROBLEMS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(SINGLE_PROBLEMS.map((entry) => entry.id)).size).toBe(SINGLE_PROBLEMS.length);
    expect(COMBINATIONS.length).toBeGreaterThanOrEqual(15);
    for (const entry of COMBINATIONS) {
      expect(entry.problems.length === 1 || entry.problems.length >= 3).toBe(true);
    }
    expect(CORRECT_REGISTRIES.length).toBeGreaterThanOrEqual(8);
    expect(new Set(CORPUS.map((entry) => entry.id)).size).toBe(CORPUS.length);
  });

  describe.each(CORPUS.map((entry) => [entry.id, entry] as const))('%s', (_id, entry) => {
    it('check() reports every seeded problem once, nothing else, each with its fix', () => {
      const report = entry.build().check();
      const synchronous = entry.problems.length - (entry.asyncProblems ?? 0);
      const seen = entry.asyncProblems === undefined ? entry.problems : entry.problems.slice(0, synchronous);
      expect(mismatches(seen, report.problems)).toEqual([]);
      expect(report.ok).toBe(seen.length === 0);
      if (entry.tools !== undefined) expect(report.tools).toEqual(entry.tools);
    });

    it('finalizeAsync() reports all of them in one FinalizeError, or finalizes', async () => {
      const registry = entry.build();
      let error: unknown;
      try {
        const handle = await registry.finalizeAsync();
        if (entry.call !== undefined) {
          const result = await handle.call(entry.call.tool, entry.call.args);
          expect(result.ok ? result.content : result.error).toEqual([
            { type: 'text', text: entry.call.text },
          ]);
        }
      } catch (caught) {
        error = caught;
      }
      if (entry.problems.length === 0) {
        expect(error).toBeUndefined();
        return;
      }
      expect(error).toBeInstanceOf(FinalizeError);
      const finalizeError = error as FinalizeError;
      expect(mismatches(entry.problems, finalizeError.problems)).toEqual([]);
      expect(finalizeError.message).toMatch(
        new RegExp(`^${entry.problems.length} problems? in the tool registry\\n`),
      );
      expect(finalizeError.message.match(/^ {4}Fix: /gm)).toHaveLength(entry.problems.length);
    });

    it('finalize() throws only a FinalizeError (never a crash)', () => {
      try {
        entry.build().finalize();
      } catch (error) {
        expect(error).toBeInstanceOf(FinalizeError);
      }
    });
  });
});
