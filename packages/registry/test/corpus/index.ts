import type { ToolRegistry } from '@toolwright/registry';
import { COMBINATIONS } from './combinations';
import type { CorpusCase } from './corpus-case';
import { CORRECT_REGISTRIES } from './correct-registries';
import { SINGLE_PROBLEMS } from './single-problems';

export type { CorpusCase, SeededProblem } from './corpus-case';
export { COMBINATIONS, CORRECT_REGISTRIES, SINGLE_PROBLEMS };

/** Every registry of the corpus. */
export const CORPUS: readonly CorpusCase[] = [...SINGLE_PROBLEMS, ...COMBINATIONS, ...CORRECT_REGISTRIES];

/** Each case's registry factory by id, so `toolwright validate <corpus> --export <id>` finds it. */
export const registries: Readonly<Record<string, () => ToolRegistry>> = Object.fromEntries(
  CORPUS.map((entry) => [entry.id, entry.build]),
);

// Top-level exports too (what `--export <id>` reads): the cases are data, so this is generated.
for (const entry of CORPUS) (exports as Record<string, unknown>)[entry.id] = entry.build;
