import type { FinalizeProblem } from './finalize-problem';
import {
  brandErrorClass,
  formatProblems,
  hasErrorBrand,
  type FormatProblemsOptions,
} from '@toolwright/core/internal';

/** The line width problem text is wrapped at, continuation lines indented under their item. */
const WIDTH = 96;

/**
 * Thrown by `finalize()` when the registry has problems: every problem found, each with its fix. The
 * message lists them in words (`3 problems in the tool registry`, then `  - …` items); `problems`
 * carries the same as data.
 */
export class FinalizeError extends Error {
  /**
   * @param problems every problem found, each with its fix.
   * @param tools the names of the tools that were checked (what the registry would hold), so a
   *   report can list them without building the registry again.
   */
  constructor(
    readonly problems: readonly FinalizeProblem[],
    readonly tools: readonly string[] = [],
  ) {
    super(formatFinalizeProblems(problems));
  }

  /** Whether `value` is a `FinalizeError` from any installed copy of @toolwright/registry (`instanceof` sees one copy only). */
  static is(value: unknown): value is FinalizeError {
    return hasErrorBrand(value, BRAND);
  }
}

const BRAND = brandErrorClass(FinalizeError, 'FinalizeError');

/**
 * The text of a list of problems, as `FinalizeError` writes it (`3 problems in the tool registry`,
 * then the items, wrapped at 96 columns); `options` adds a label (`FinalizeError: `) and colours.
 */
export function formatFinalizeProblems(
  problems: readonly FinalizeProblem[],
  options: Pick<FormatProblemsOptions, 'label' | 'style'> = {},
): string {
  const note = metadataNote(problems);
  return formatProblems('in the tool registry', problems, {
    ...options,
    width: WIDTH,
    ...(note === undefined ? {} : { note }),
  });
}

// Core's words when reflection sees nothing at all: what a build without decorator metadata causes.
const NO_REFLECTION = /reflection gives undefined|reflection cannot see their types/;

// When reflection gives `undefined`, the cause is almost always the build, not the classes: say so
// once, with every gap, as `toolwright validate`'s metadata_missing report does.
function metadataNote(problems: readonly FinalizeProblem[]): string | undefined {
  const gaps = problems
    .filter((problem) => NO_REFLECTION.test(problem.message))
    .map((problem) => problem.message.slice(0, problem.message.indexOf(':')));
  if (gaps.length === 0) return undefined;
  return (
    `Decorator metadata looks missing: reflection gives undefined for ${gaps.length === 1 ? 'one place' : `${gaps.length} places`} ` +
    `(${gaps.join(', ')}). The likely cause is the build: esbuild, tsx, Vite/Vitest, Bun, Babel and swc (by default) ` +
    'emit no decorator metadata, nor does tsc with emitDecoratorMetadata off. Fix: build with tsc, with ' +
    '"experimentalDecorators": true and "emitDecoratorMetadata": true (swc: jsc.transform.decoratorMetadata), or ' +
    'give every @Param an explicit type, e.g. @Param({ type: () => String }).'
  );
}
