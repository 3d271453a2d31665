import { CliFailure } from '../cli-failure';
import { ExitCode } from '../exit-code';
import { brandErrorClass, hasErrorBrand } from '@toolwright/core/internal';

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

/** A module that cannot be loaded as a tool registry: a distinct code and a message that says how to fix it. Exit code 2. */
export class ModuleLoadError extends CliFailure {
  constructor(
    readonly code: ModuleLoadErrorCode,
    message: string,
  ) {
    super(message, ExitCode.unusable);
  }

  /** Whether `value` is a `ModuleLoadError` from any installed copy of @toolwright/cli (`instanceof` sees one copy only). */
  static override is(value: unknown): value is ModuleLoadError {
    return hasErrorBrand(value, BRAND);
  }
}

const BRAND = brandErrorClass(ModuleLoadError, 'ModuleLoadError');
