import type { ToolOptions } from '../metadata/tool-options';
import type { DefinitionProblem } from './definition-problem';
import type { ToolDescriptor } from './tool-descriptor';

/** One tool a class declares, as far as its decorators could be read, complete or not. */
export interface ToolDeclaration {
  /** The `@Tool` options as written (the name may be invalid: it is checked by the reader's user). */
  readonly options: ToolOptions;
  readonly className: string;
  /** The method that runs the tool (`run`, `execute`, or a service method). */
  readonly method: string;
  readonly origin: 'class' | 'method';
  /** The descriptor, when this tool's definition (and its class) has no problem; `undefined` otherwise. */
  readonly descriptor: ToolDescriptor | undefined;
  /** The argument names the tool exposes, read from its `@Param` records even when they are incomplete. */
  readonly parameters: readonly string[];
  /** The problems of this tool's own definition (its args class included). */
  readonly problems: readonly DefinitionProblem[];
}

/** Everything a class declares: each tool, and every problem (the class's own first). */
export interface ToolDeclarations {
  readonly tools: readonly ToolDeclaration[];
  readonly problems: readonly DefinitionProblem[];
  /** Problems of the class as a whole (no `@Tool`, two `@Tool`, `@Param` on the constructor). */
  readonly classProblems: readonly DefinitionProblem[];
}
