import { realpathSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { ToolError } from '@toolwright/core';
import { resolveRealPath } from './resolve-real-path';

/** A path inside the workspace: where it really is, and how to show it to the model. */
export interface WorkspacePath {
  /** The real absolute path (symbolic links followed), always inside the workspace root. */
  readonly absolute: string;
  /** The path relative to the workspace root, with `/` separators (`.` for the root itself). */
  readonly display: string;
}

/**
 * The directory a coding agent works in, injected into every file tool. Every path a tool receives
 * goes through `resolve`, which refuses anything that leads outside the root — `../`, an absolute
 * path elsewhere, a symbolic link pointing out — with `permission_denied`. Transient (never part of a
 * resources snapshot): a resumed session names its workspace again.
 */
export class Workspace {
  /** The root, with every symbolic link resolved. */
  readonly root: string;
  // The root as given (made absolute): absolute paths under it are accepted too, e.g. /tmp/x when
  // /tmp is itself a link.
  readonly #alias: string;

  constructor(root: string) {
    const absolute = path.resolve(root);
    let real: string;
    try {
      real = realpathSync.native(absolute);
    } catch {
      throw new TypeError(`The workspace root ${absolute} does not exist.`);
    }
    if (!statSync(real).isDirectory()) throw new TypeError(`The workspace root ${real} is not a directory.`);
    this.root = real;
    this.#alias = absolute;
  }

  /**
   * Resolves a path the model sent (relative to the root, or absolute inside it) to where it really
   * leads; throws `permission_denied` when that is outside the workspace and `invalid_arguments` when
   * the path cannot be a path at all.
   */
  async resolve(requested: string): Promise<WorkspacePath> {
    if (typeof requested !== 'string' || requested.trim() === '') {
      throw ToolError.invalidArguments(
        'The path is empty; give a path relative to the workspace root, such as "src/index.ts".',
      );
    }
    if (requested.includes('\0')) throw ToolError.invalidArguments('The path contains a NUL character.');
    const lexical = this.#lexical(requested);
    if (lexical === undefined) {
      throw ToolError.permissionDenied(
        `The path ${JSON.stringify(requested)} is outside the workspace. Use a path relative to the workspace root, such as "src/index.ts".`,
      );
    }
    let real: string;
    try {
      real = await resolveRealPath(lexical);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ELOOP') {
        throw ToolError.invalidArguments(
          `The path ${JSON.stringify(requested)} goes through a loop of symbolic links.`,
        );
      }
      throw error;
    }
    if (!this.contains(real)) {
      throw ToolError.permissionDenied(
        `The path ${JSON.stringify(requested)} leads outside the workspace through a symbolic link; only files inside the workspace can be used.`,
      );
    }
    return { absolute: real, display: this.display(real) };
  }

  /** Whether a real absolute path is the root or inside it. */
  contains(absolute: string): boolean {
    return isInside(absolute, this.root);
  }

  /** How the model sees a real absolute path inside the workspace: relative, with `/` separators. */
  display(absolute: string): string {
    const relative = path.relative(this.root, absolute);
    return relative === '' ? '.' : relative.split(path.sep).join('/');
  }

  // The requested path made absolute and normalized (no `..` left), still unresolved; `undefined`
  // when it is outside both the real root and the root as given.
  #lexical(requested: string): string | undefined {
    if (!path.isAbsolute(requested)) {
      const joined = path.resolve(this.root, requested);
      return isInside(joined, this.root) ? joined : undefined;
    }
    const normalized = path.resolve(requested);
    if (isInside(normalized, this.root)) return normalized;
    if (isInside(normalized, this.#alias))
      return path.join(this.root, path.relative(this.#alias, normalized));
    return undefined;
  }
}

function isInside(candidate: string, root: string): boolean {
  if (candidate === root) return true;
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  return candidate.startsWith(prefix);
}
