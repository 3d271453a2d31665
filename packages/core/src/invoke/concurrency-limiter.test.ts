import { ConcurrencyLimiter } from './concurrency-limiter';

describe('ConcurrencyLimiter', () => {
  it('grants up to maxConcurrent slots, queues up to maxQueue, then refuses', () => {
    const limiter = new ConcurrencyLimiter({ maxConcurrent: 2, maxQueue: 1 });
    expect(limiter.acquire().status).toBe('granted');
    expect(limiter.acquire().status).toBe('granted');
    expect(limiter.acquire().status).toBe('queued');
    const refused = limiter.acquire();
    expect(refused.status).toBe('full');
    expect(refused.status === 'full' && refused.retryAfterMs).toBeGreaterThanOrEqual(50);
    expect(limiter.active).toBe(2);
    expect(limiter.queued).toBe(1);
  });

  it('hands a freed slot to the first waiter, in order', async () => {
    const limiter = new ConcurrencyLimiter({ maxConcurrent: 1, maxQueue: 2 });
    const first = limiter.acquire();
    const second = limiter.acquire();
    const third = limiter.acquire();
    const order: string[] = [];
    if (second.status !== 'queued' || third.status !== 'queued' || first.status !== 'granted')
      throw new Error('setup');
    void second.granted.then((release) => {
      order.push('second');
      release();
    });
    void third.granted.then((release) => {
      order.push('third');
      release();
    });
    first.release();
    first.release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['second', 'third']);
    expect(limiter.active).toBe(0);
    expect(limiter.queued).toBe(0);
  });

  it('lets a waiter leave the line', () => {
    const limiter = new ConcurrencyLimiter({ maxConcurrent: 1, maxQueue: 1 });
    const first = limiter.acquire();
    const waiting = limiter.acquire();
    if (waiting.status !== 'queued' || first.status !== 'granted') throw new Error('setup');
    waiting.cancel();
    expect(limiter.queued).toBe(0);
    first.release();
    expect(limiter.active).toBe(0);
    expect(limiter.acquire().status).toBe('granted');
  });

  it('rejects nonsensical limits', () => {
    expect(() => new ConcurrencyLimiter({ maxConcurrent: 0 })).toThrow(
      'ConcurrencyLimiter: maxConcurrent must be a positive integer, got 0.',
    );
    expect(() => new ConcurrencyLimiter({ maxConcurrent: 1, maxQueue: -1 })).toThrow(RangeError);
  });
});
