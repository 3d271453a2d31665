import { resultFromError } from '../result/result-from-error';
import type { ToolResult } from '../result/tool-result';
import { guardListener } from './guard-listener';
import type { ProgressItem } from './progress-item';
import { relayToolStream } from './relay-tool-stream';
import { originMeta, originStart, type StreamOrigin } from './stream-origin';
import { isCallStream, type ProgressListener, type ToolStream } from './tool-stream';

/**
 * Consumes a tool stream to its one result, and never rejects. Progress goes to `onProgress`
 * (a listener that throws or rejects is ignored); items after the terminal are not read (F7); a
 * stream that ends without a terminal gives `stream_no_terminal` with the progress count and
 * last items in the error's details (F6); a stream that throws gives that error as a failure
 * (F8); malformed items from hand-written or remote streams are dropped and counted. `origin`
 * names the call in results the drain has to make up (with their `durationMs` when it is timed).
 */
export function drainToTerminal(
  stream: ToolStream,
  onProgress?: (item: ProgressItem) => void,
  origin: StreamOrigin = {},
): Promise<ToolResult> {
  // Not async: a stream of ours resolves directly, sparing a promise layer on the hot path.
  try {
    if (isCallStream(stream)) return stream.result(onProgress);
    return drainByIteration(stream, onProgress === undefined ? undefined : guardListener(onProgress), origin);
  } catch (thrown) {
    return Promise.resolve(resultFromError(thrown, originMeta(origin)));
  }
}

async function drainByIteration(
  stream: ToolStream,
  report: ProgressListener | undefined,
  origin: StreamOrigin,
): Promise<ToolResult> {
  const startedAt = originStart(origin);
  try {
    const relay = relayToolStream(stream, origin);
    for (;;) {
      const step = await relay.next();
      if (step.done === true) return step.value;
      report?.(step.value);
    }
  } catch (thrown) {
    return resultFromError(thrown, originMeta(origin, startedAt));
  }
}
