import { CliFailure } from '../cli-failure';
import { ExitCode } from '../exit-code';

/** Why a module could not be loaded as a tool registry. */
export type ModuleLoadErrorCode =
  /** No file or package at the path. */
  | 'module_not_found'
  /** A TypeScript source file was given; toolwright loads the compiled JavaScript. */
  | 'typescript_source'
  /** Loading the module threw. */
  | 'import_failed'
  /** The module exports no registry, handle, or function returning one. */
  | 'no_registry_export'
  /** The exported function threw, or returned something else. */
  | 'factory_failed'
  /** The module was built without decorator metadata (`design:type`, `design:paramtypes`). */
  | 'metadata_missing';

// Symbol.for, not Symbol: two installed copies must recognise each other's errors.
const BRAND = Symbol.for('toolwright.ModuleLoadError');

/** A module that cannot be loaded as a tool registry: a distinct code and a message that says how to fix it. Exit code 2. */
export class ModuleLoadError extends CliFailure {
  override readonly name = 'ModuleLoadError';

  constructor(
    readonly code: ModuleLoadErrorCode,
    message: string,
  ) {
    super(message, ExitCode.unusable);
  }

  /** Whether `value` is a `ModuleLoadError` from any installed copy of @toolwright/cli (`instanceof` sees one copy only). */
  static override is(value: unknown): value is ModuleLoadError {
    try {
      return (
        typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true
      );
    } catch {
      // A Proxy's `get` may throw.
      return false;
    }
  }
}

Object.defineProperty(ModuleLoadError.prototype, BRAND, { value: true });
