import { retryAfterMs } from './retry-after';

describe('retryAfterMs', () => {
  it('prefers retry-after-ms', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
  });

  it('reads retry-after as seconds', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }))).toBe(2000);
    expect(retryAfterMs(new Headers({ 'retry-after': '0.5' }))).toBe(500);
  });

  it('reads retry-after as an HTTP date', () => {
    const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
    expect(retryAfterMs(new Headers({ 'retry-after': 'Wed, 21 Oct 2015 07:28:03 GMT' }), now)).toBe(3000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Wed, 21 Oct 2015 07:27:00 GMT' }), now)).toBe(0);
  });

  it('ignores absent, empty, negative and unreadable values', () => {
    expect(retryAfterMs(new Headers())).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'retry-after': '' }))).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'retry-after': '-1' }))).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'retry-after-ms': 'x', 'retry-after': '1' }))).toBe(1000);
  });
});
