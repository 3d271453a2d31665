import 'reflect-metadata';
import { Tool, type TokenLike, type ToolOptions } from '@toolwright/core';
import type { FinalizeProblemCode, ToolClass, ToolRegistry } from '@toolwright/registry';
import { inject } from 'inversify';

/** One problem a case seeds: its code, the tool it concerns, and words its message and fix must contain. */
export interface SeededProblem {
  readonly code: FinalizeProblemCode;
  /** The `tool` the problem must carry (omit only where no one tool is concerned). */
  readonly tool?: string;
  /** Substrings of the message (line breaks folded). */
  readonly says: readonly string[];
  /** A substring of the fix. */
  readonly fix: string;
}

/** One registry of the corpus: how to build it and every problem the first report must list. */
export interface CorpusCase {
  /** Unique, a valid export name (`--export <id>`). */
  readonly id: string;
  /** What it seeds, in words. */
  readonly title: string;
  readonly build: () => ToolRegistry;
  /** Every problem, exactly: none for a correct registry. */
  readonly problems: readonly SeededProblem[];
  /** The names `check().tools` lists (registered, built or not), when the case pins them. */
  readonly tools?: readonly string[];
  /** Some problems come from async factories: only `checkAsync()` / `finalizeAsync()` (and validate) see them. */
  readonly asyncProblems?: number;
  /** For a correct registry: a call that must succeed after finalize, with the text it returns. */
  readonly call?: { readonly tool: string; readonly args: unknown; readonly text: string };
}

function named<T extends Function>(target: T, name: string): T {
  Object.defineProperty(target, 'name', { value: name });
  return target;
}

function className(toolName: string): string {
  const words = toolName.split(/[^a-zA-Z0-9]+/).filter((word) => word !== '');
  const name = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
  return /^[A-Za-z]/.test(name) ? name : `Tool${name}`;
}

/** A `@Tool` class with no arguments that returns its own name; `description` defaults to one. */
export function simpleTool(
  options: Partial<ToolOptions> & { readonly name: string },
  as?: string,
): ToolClass {
  @Tool({ description: `The ${options.name} tool.`, ...options })
  class Simple {
    run(): string {
      return `ran ${options.name}`;
    }
  }
  return named(Simple, as ?? className(options.name));
}

/** A `@Tool` class whose constructor injects `token`. */
export function toolNeeding(
  options: Partial<ToolOptions> & { readonly name: string },
  token: TokenLike<any>,
  as?: string,
): ToolClass {
  @Tool({ description: `The ${options.name} tool.`, ...options })
  class Needing {
    constructor(@inject(token as never) readonly dependency: unknown) {}
    run(): string {
      return `ran ${options.name} with ${describe(this.dependency)}`;
    }
  }
  return named(Needing, as ?? className(options.name));
}

/** A `@Tool` class whose constructor throws `message`. */
export function throwingTool(
  options: Partial<ToolOptions> & { readonly name: string },
  message: string,
): ToolClass {
  @Tool({ description: `The ${options.name} tool.`, ...options })
  class Throwing {
    constructor() {
      throw new Error(message);
    }
    run(): string {
      return 'never';
    }
  }
  return named(Throwing, className(options.name));
}

function describe(value: unknown): string {
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    return typeof record['name'] === 'string' ? record['name'] : (value.constructor?.name ?? 'an object');
  }
  return JSON.stringify(value) ?? String(value);
}
