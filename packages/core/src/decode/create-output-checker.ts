import type { ArgumentIssue } from '../errors/argument-issue';
import type { ArgsModel } from '../model/args-model';
import { MAX_JSON_DEPTH } from '../result/to-json-value';
import { AuthorCodeError } from './author-code-error';
import { DECODES_BEFORE_GENERATING } from './code-generation';
import { compileModel, generateModelCode } from './compile-model';
import { acceleratorOf, DecodeAccelerator } from './decode-accelerator';
import type { CompiledModel } from './compiled-model';
import { DecodeContext } from './decode-context';
import type { DecodeLimits } from './decode-limits';
import { validatePendingSync } from './residual-validation';
import { describeReceived } from './tool-error-adapter';

/**
 * A check of a tool's output (its JSON form) against the tool's declared output: the issues, or
 * `undefined` when it matches. `call` is the call's context, whose set's accelerator budget
 * decides whether a hot output class gets generated code, as for arguments. Must not throw; an
 * author validator that throws is reported as an issue.
 */
export type OutputChecker = (json: unknown, call?: unknown) => readonly ArgumentIssue[] | undefined;

// An output is as large as the tool makes it: only its depth is bounded (the JSON form's own cap).
const OUTPUT_LIMITS: DecodeLimits = Object.freeze({
  maxBytes: Number.MAX_SAFE_INTEGER,
  maxDepth: MAX_JSON_DEPTH + 1,
  maxNodes: Number.MAX_SAFE_INTEGER,
});

/**
 * The output checker of an output class's model: the argument decoder's compiled walk, in the
 * output direction (`DecodeContext.output`: nothing coerced), then the class-validator checks
 * the schema cannot express (synchronous ones: an output check never waits). The model is compiled
 * on the first check, and shared with any decoder of the same class; a hot one gets generated
 * code as a hot decoder does.
 */
export function createOutputChecker(model: ArgsModel): OutputChecker {
  let compiled: CompiledModel | undefined;
  let checks = 0;
  return (json, call) => {
    compiled ??= compileModel(model);
    if (checks < DECODES_BEFORE_GENERATING && ++checks === DECODES_BEFORE_GENERATING) {
      try {
        if (
          !compiled.implementation.generated &&
          (acceleratorOf(call) ?? new DecodeAccelerator()).claimGeneratedCode()
        )
          generateModelCode(compiled);
      } catch {
        // The closures check exactly as generated code would: a failure to generate costs nothing.
      }
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      return [{ path: '', expected: `an object (${compiled.expected})`, received: describeReceived(json) }];
    }
    const context = new DecodeContext(OUTPUT_LIMITS, true, true);
    context.depth = 1;
    try {
      compiled.decodeFields(json as Record<string, unknown>, context, undefined);
      if (context.issueCount === 0 && context.pending !== undefined)
        validatePendingSync(context, context.pending);
    } catch (error) {
      const thrown = error instanceof AuthorCodeError ? error.thrown : error;
      return [
        {
          path: '',
          expected: 'an output its class can check',
          received: 'a value whose check threw',
          message: describeThrownBriefly(thrown),
        },
      ];
    }
    return context.failure()?.issues;
  };
}

// The model reads this line: the error's name only, never its message (which may hold host data).
function describeThrownBriefly(thrown: unknown): string {
  const name = thrown instanceof Error ? thrown.name : typeof thrown;
  return `a validator of the output class threw (${name.slice(0, 40)})`;
}
