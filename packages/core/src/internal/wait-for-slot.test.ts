import { ConcurrencyLimiter } from '../invoke/concurrency-limiter';
import { waitForSlot } from './wait-for-slot';

function queued(
  limiter: ConcurrencyLimiter,
): Extract<ReturnType<ConcurrencyLimiter['acquire']>, { status: 'queued' }> {
  const grant = limiter.acquire();
  if (grant.status !== 'queued') throw new Error(`expected to queue, got ${grant.status}`);
  return grant;
}

describe.each([
  ['an AbortSignal', (controller: AbortController) => controller.signal],
  [
    'an abort subscription',
    (controller: AbortController) => (listener: () => void) => {
      if (controller.signal.aborted) {
        listener();
        return () => undefined;
      }
      controller.signal.addEventListener('abort', listener);
      return () => controller.signal.removeEventListener('abort', listener);
    },
  ],
])('waitForSlot with %s', (_label, abortOf) => {
  it('resolves with the release once a slot frees', async () => {
    const limiter = new ConcurrencyLimiter({ maxConcurrent: 1, maxQueue: 1 });
    const first = limiter.acquire();
    if (first.status !== 'granted') throw new Error('expected a slot');
    const waiting = waitForSlot(queued(limiter), abortOf(new AbortController()));
    first.release();
    const release = await waiting;
    expect(typeof release).toBe('function');
    expect(limiter.active).toBe(1);
    release!();
    expect(limiter.active).toBe(0);
  });

  it('leaves the line when aborted while waiting, and the slot goes to the next in line', async () => {
    const limiter = new ConcurrencyLimiter({ maxConcurrent: 1, maxQueue: 2 });
    const first = limiter.acquire();
    if (first.status !== 'granted') throw new Error('expected a slot');
    const controller = new AbortController();
    const cancelled = waitForSlot(queued(limiter), abortOf(controller));
    const next = waitForSlot(queued(limiter), abortOf(new AbortController()));
    controller.abort();
    await expect(cancelled).resolves.toBeUndefined();
    expect(limiter.queued).toBe(1);
    first.release();
    const release = await next;
    expect(typeof release).toBe('function');
    release!();
    expect(limiter.active).toBe(0);
  });

  it('answers at once for a call aborted before it queued', async () => {
    const limiter = new ConcurrencyLimiter({ maxConcurrent: 1, maxQueue: 1 });
    limiter.acquire();
    const controller = new AbortController();
    controller.abort();
    await expect(waitForSlot(queued(limiter), abortOf(controller))).resolves.toBeUndefined();
    expect(limiter.queued).toBe(0);
  });

  it('hands back a slot granted in the same turn as the abort', async () => {
    const limiter = new ConcurrencyLimiter({ maxConcurrent: 1, maxQueue: 1 });
    const first = limiter.acquire();
    if (first.status !== 'granted') throw new Error('expected a slot');
    const controller = new AbortController();
    const waiting = waitForSlot(queued(limiter), abortOf(controller));
    first.release();
    controller.abort();
    await expect(waiting).resolves.toBeUndefined();
    expect(limiter.active).toBe(0);
  });
});
