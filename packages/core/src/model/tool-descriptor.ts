import type { ToolOptions } from '../metadata/tool-options';
import type { ArgsModel } from './args-model';

/** How a tool receives its arguments. */
export type ArgumentStyle =
  /** `run(args, ctx)`: one instance of the args class. */
  | 'instance'
  /** `run(@Param('a') a, @Param('b') b, ctx)`: one positional parameter per argument. */
  | 'positional'
  /** `run(ctx)` or `run()`: no arguments. */
  | 'none';

/** The built, frozen description of one tool as its decorators (or `defineTool`) declared it. */
export interface ToolDescriptor {
  readonly options: ToolOptions;
  /** The class the tool was read from (`function` tools: the tool's name). */
  readonly className: string;
  /** Declared by `@Tool` on a class, on a method of a service class, or by `defineTool`. */
  readonly origin: 'class' | 'method' | 'function';
  /** The method that runs the tool: `run`, `execute`, or a service method. */
  readonly method: string;
  /** The method is a generator: each `yield` is progress, the `return` value the output. */
  readonly streaming: boolean;
  readonly argumentStyle: ArgumentStyle;
  /** The arguments' model; an empty model when the tool takes none. */
  readonly args: ArgsModel | undefined;
  /** For `positional`: the argument names in parameter order. */
  readonly positional: readonly string[];
  /** The index at which the call context is passed. */
  readonly contextIndex: number;
  /** The output class's model, when `output` is declared. */
  readonly output: ArgsModel | undefined;
}
