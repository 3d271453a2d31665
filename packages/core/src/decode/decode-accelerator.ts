import { codeGenerationAllowed } from './code-generation';

/** How many args classes one accelerator gives generated code by default. */
export const DEFAULT_MAX_GENERATED_CLASSES = 8;

/** Options of a `DecodeAccelerator`. */
export interface DecodeAcceleratorOptions {
  /**
   * The most args classes (with the classes nested in them) given generated code in front of the
   * closures (default `DEFAULT_MAX_GENERATED_CLASSES`); 0 keeps every tool on the closures and
   * the scanner.
   */
  readonly maxGeneratedClasses?: number;
}

/**
 * The budget of generated decoding code for the tools of one `ToolSet` (each set has its own, or
 * is given one to share). Generated code pays only for a class called a great many times: once
 * calls spread over more than a few classes the shared closures decode faster, so a set gives it
 * to the first few of its classes to get hot and keeps the others on the closures. A tool called
 * outside any set draws on a budget of its own.
 */
export class DecodeAccelerator {
  readonly maxGeneratedClasses: number;
  #generatedClasses = 0;

  constructor(options: DecodeAcceleratorOptions = {}) {
    const max = options.maxGeneratedClasses ?? DEFAULT_MAX_GENERATED_CLASSES;
    if (!Number.isInteger(max) || max < 0) {
      throw new TypeError(
        `DecodeAccelerator: maxGeneratedClasses must be a non-negative integer (got ${String(max)}).`,
      );
    }
    this.maxGeneratedClasses = max;
  }

  /** How many classes this accelerator has given generated code so far. */
  get generatedClasses(): number {
    return this.#generatedClasses;
  }

  /**
   * Takes one place for generated code; `false` when code generation is forbidden or every place
   * is taken (the class then keeps its closures). Internal to the decoders.
   */
  claimGeneratedCode(): boolean {
    if (!codeGenerationAllowed() || this.#generatedClasses >= this.maxGeneratedClasses) return false;
    this.#generatedClasses += 1;
    return true;
  }
}

/** What a decode function reads from the call that runs it: the accelerator of the call's set. */
export interface AcceleratedCall {
  readonly accelerator?: DecodeAccelerator | undefined;
}

/** The accelerator of the call's set, when the call came through one. */
export function acceleratorOf(call: unknown): DecodeAccelerator | undefined {
  if (typeof call !== 'object' || call === null) return undefined;
  const accelerator = (call as AcceleratedCall).accelerator;
  return accelerator instanceof DecodeAccelerator ? accelerator : undefined;
}
