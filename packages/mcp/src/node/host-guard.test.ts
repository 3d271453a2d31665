import type { IncomingMessage } from 'node:http';
import { createHostGuard, isLoopback, LOOPBACK_HOSTS } from './host-guard';

function request(headers: Record<string, string>): IncomingMessage {
  return { headers } as unknown as IncomingMessage;
}

describe('createHostGuard', () => {
  const guard = createHostGuard({
    allowedHosts: LOOPBACK_HOSTS,
    allowedOrigins: ['https://app.example.com'],
  });

  it('accepts loopback hosts on any port, with or without a loopback Origin', () => {
    expect(guard(request({ host: '127.0.0.1:3000' }))).toBeUndefined();
    expect(guard(request({ host: 'localhost' }))).toBeUndefined();
    expect(guard(request({ host: '[::1]:8080', origin: 'http://[::1]:8080' }))).toBeUndefined();
    expect(guard(request({ host: 'LOCALHOST:1', origin: 'http://localhost:5173' }))).toBeUndefined();
  });

  it('refuses a foreign Host, a missing Host, and foreign, null or non-http Origins', () => {
    expect(guard(request({ host: 'evil.example.com:3000' }))).toMatch(
      /Invalid Host header: evil\.example\.com:3000/,
    );
    expect(guard(request({}))).toMatch(/Invalid Host header: \(none\)/);
    expect(guard(request({ host: 'localhost', origin: 'http://evil.example.com' }))).toMatch(
      /Invalid Origin/,
    );
    expect(guard(request({ host: 'localhost', origin: 'null' }))).toMatch(/Invalid Origin/);
    expect(guard(request({ host: 'localhost', origin: 'file://localhost' }))).toMatch(/Invalid Origin/);
    expect(guard(request({ host: 'localhost.evil.com' }))).toMatch(/Invalid Host/);
  });

  it('accepts an origin listed explicitly', () => {
    expect(guard(request({ host: 'localhost', origin: 'https://app.example.com/' }))).toBeUndefined();
  });

  it('checks nothing about Host when told any host goes, but still refuses unknown Origins', () => {
    const open = createHostGuard({ allowedHosts: 'any', allowedOrigins: ['https://app.example.com'] });
    expect(open(request({ host: 'anything.internal' }))).toBeUndefined();
    expect(open(request({ host: 'anything.internal', origin: 'https://evil.example.com' }))).toMatch(
      /Invalid Origin/,
    );
  });
});

describe('isLoopback', () => {
  it('knows the loopback names and the 127/8 range', () => {
    expect(['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]'].every(isLoopback)).toBe(true);
    expect(['0.0.0.0', '::', '192.168.1.10', 'example.com'].some(isLoopback)).toBe(false);
  });
});
