import { ToolError } from '../errors/tool-error';
import { resultFromError } from '../result/result-from-error';
import type { ToolResult } from '../result/tool-result';
import { closeQuietly } from './close-quietly';
import { eventLoopTurn, nextTurnAt, turnDue } from './event-loop-turn';
import { guardListener } from './guard-listener';
import type { ProgressItem } from './progress-item';
import { relayToolStream } from './relay-tool-stream';
import { originMeta, originStart, type StreamOrigin } from './stream-origin';
import type { ToolStream } from './tool-stream';

/** What can stop a drain: the call's context (a `CallContext`). */
export interface StopSource {
  isAborted(): boolean;
  onAbort(listener: (reason: unknown) => void): () => void;
}

const STOPPED = Symbol('stopped');

/**
 * `drainToTerminal` for a stream the engine did not build (a hand-written `execute`), under the
 * call's abort: once `stop` is aborted the drain ends at once with `cancelled`, however the
 * stream behaves (it may ignore its signal, never settle, or yield forever without awaiting), and
 * the stream is closed so nothing more is read from it (F8, F25). Never rejects.
 */
export async function drainUntilStopped(
  stream: ToolStream,
  onProgress: ((item: ProgressItem) => void) | undefined,
  origin: StreamOrigin,
  stop: StopSource,
): Promise<ToolResult> {
  const report = onProgress === undefined ? undefined : guardListener(onProgress);
  const startedAt = originStart(origin);
  const relay = relayToolStream(stream, origin);
  let turnAt = nextTurnAt();
  try {
    for (;;) {
      if (stop.isAborted()) break;
      const step = await untilStopped(relay.next(), stop);
      if (step === STOPPED) break;
      if (step.done === true) return step.value;
      report?.(step.value);
      if (turnDue(turnAt)) {
        await eventLoopTurn();
        turnAt = nextTurnAt();
      }
    }
  } catch (thrown) {
    return resultFromError(thrown, originMeta(origin, startedAt));
  }
  closeQuietly(relay);
  return resultFromError(
    ToolError.cancelled(undefined, { toolName: origin.toolName }),
    originMeta(origin, startedAt),
  );
}

function untilStopped<T>(pending: Promise<T>, stop: StopSource): Promise<T | typeof STOPPED> {
  return new Promise((resolve, reject) => {
    const unsubscribe = stop.onAbort(() => resolve(STOPPED));
    pending.then(
      (value) => {
        unsubscribe();
        resolve(value);
      },
      (thrown: unknown) => {
        unsubscribe();
        reject(thrown);
      },
    );
  });
}
