import type { ToolResult } from '../result/tool-result';
import type { ProgressItem } from './progress-item';

/** The last item of every tool stream: the call's one result. */
export interface TerminalItem {
  readonly type: 'terminal';
  readonly result: ToolResult;
}

/** An item of a tool stream: progress, then exactly one terminal. */
export type ToolStreamItem = ProgressItem | TerminalItem;
