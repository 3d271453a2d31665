import { createCallContext } from '../context/create-call-context';
import type { ToolCallContext } from '../context/tool-call-context';
import { ToolError } from '../errors/tool-error';
import { formatDuration } from '../errors/format-duration';
import type { CatalogCallOptions } from './catalog-entries';

/**
 * Runs one catalog method with a context of its own and a deadline: at `timeoutMs` (or when the
 * caller's signal aborts) the context's signal aborts and the caller stops waiting, with a
 * `timeout` (or `cancelled`) `ToolError`; whatever the method throws becomes a `ToolError` (R9, R10,
 * R17). A late result or rejection is dropped.
 */
export async function runWithDeadline<T>(
  name: string,
  timeoutMs: number,
  options: CatalogCallOptions | undefined,
  run: (ctx: ToolCallContext) => T | Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const outer = options?.signal;
  if (outer?.aborted) throw ToolError.cancelled(`the request for ${name} was cancelled.`, { toolName: name });
  const ctx = createCallContext({
    toolName: name,
    signal: controller.signal,
    ...(options?.extensions === undefined ? {} : { extensions: options.extensions }),
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const stopped = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(
        ToolError.timeout(`${name} did not finish within ${formatDuration(timeoutMs)}.`, { toolName: name }),
      );
    }, timeoutMs);
    onAbort = () => {
      controller.abort();
      reject(ToolError.cancelled(`the request for ${name} was cancelled.`, { toolName: name }));
    };
    outer?.addEventListener('abort', onAbort, { once: true });
  });
  const work = (async () => run(ctx))();
  // Whichever loses is handled: a late rejection must not go unhandled.
  work.catch(() => undefined);
  stopped.catch(() => undefined);
  try {
    return await Promise.race([work, stopped]);
  } catch (error) {
    throw ToolError.is(error) ? error : ToolError.from(error, { toolName: name });
  } finally {
    clearTimeout(timer);
    if (onAbort !== undefined) outer?.removeEventListener('abort', onAbort);
  }
}
