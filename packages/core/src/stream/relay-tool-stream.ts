import { ToolError } from '../errors/tool-error';
import { normalizeToolResult } from '../result/normalize-tool-result';
import { resultFromError } from '../result/result-from-error';
import type { ToolResult } from '../result/tool-result';
import { closeQuietly } from './close-quietly';
import { isProgressItem, type ProgressItem } from './progress-item';
import { originMeta, originStart, type StreamOrigin } from './stream-origin';
import type { ToolStream } from './tool-stream';

// Enough to show a host what the stream was doing when it broke, without keeping all of it.
const KEPT_PROGRESS_ITEMS = 5;

/**
 * Re-emits any tool stream, however badly written, as a well-behaved generator: valid progress
 * items are yielded, malformed items dropped and counted, the first valid terminal is the
 * return value and nothing after it is read (F7), a missing terminal is `stream_no_terminal`
 * with the progress count and last items in its details (F6), and a throw is a failure (F8).
 * Closing the generator early closes the source stream. Never throws.
 */
export async function* relayToolStream(
  stream: ToolStream,
  origin: StreamOrigin = {},
): AsyncGenerator<ProgressItem, ToolResult, undefined> {
  const startedAt = originStart(origin);
  let iterator: AsyncIterator<unknown>;
  try {
    iterator = stream[Symbol.asyncIterator]();
    if (typeof iterator?.next !== 'function') throw new TypeError('not an async iterator');
  } catch {
    return noTerminal(origin, startedAt, { reason: 'the stream is not an async iterable' });
  }
  let progressCount = 0;
  let droppedItems = 0;
  const lastProgress: ProgressItem[] = [];
  let done = false;
  try {
    for (;;) {
      let step: IteratorResult<unknown>;
      try {
        step = await iterator.next();
      } catch (thrown) {
        done = true;
        return resultFromError(thrown, originMeta(origin, startedAt));
      }
      if (typeof step !== 'object' || step === null || step.done === true) {
        done = true;
        const reason =
          step?.done === true
            ? 'the stream ended without a terminal item'
            : 'the stream returned a malformed step';
        return noTerminal(origin, startedAt, { reason, progressCount, lastProgress, droppedItems });
      }
      const item: unknown = step.value;
      const result = terminalResult(item, origin, startedAt);
      if (result !== undefined) {
        // Not `done`: the finally block closes the source so nothing after the terminal is produced.
        return result;
      }
      if (isProgressItem(item)) {
        progressCount += 1;
        lastProgress.push(item);
        if (lastProgress.length > KEPT_PROGRESS_ITEMS) lastProgress.shift();
        yield item;
      } else {
        droppedItems += 1;
      }
    }
  } finally {
    if (!done) closeQuietly(iterator);
  }
}

function terminalResult(
  item: unknown,
  origin: StreamOrigin,
  startedAt: number | undefined,
): ToolResult | undefined {
  try {
    if (typeof item !== 'object' || item === null) return undefined;
    const candidate = item as Record<string, unknown>;
    if (candidate['type'] !== 'terminal') return undefined;
    const meta = (): ReturnType<typeof originMeta> => originMeta(origin, startedAt);
    const result = normalizeToolResult(candidate['result'], meta);
    if (result !== undefined) return result;
    // DESIGN allows a terminal to carry an error instead of a result.
    if (candidate['error'] !== undefined) return resultFromError(candidate['error'], meta());
    return undefined;
  } catch {
    return undefined;
  }
}

function noTerminal(
  origin: StreamOrigin,
  startedAt: number | undefined,
  details: Record<string, unknown>,
): ToolResult {
  return resultFromError(
    ToolError.streamNoTerminal(undefined, { toolName: origin.toolName, details }),
    originMeta(origin, startedAt),
  );
}
