import type { IncomingMessage } from 'node:http';

/** The host names a loopback-bound server answers to. */
export const LOOPBACK_HOSTS: readonly string[] = Object.freeze(['localhost', '127.0.0.1', '[::1]']);

/** Whether an address or host name is on the loopback interface. */
export function isLoopback(host: string): boolean {
  const name = host.toLowerCase();
  return name === 'localhost' || name === '::1' || name === '[::1]' || /^127(\.\d{1,3}){3}$/.test(name);
}

/** What `createHostGuard` checks requests against. */
export interface HostGuardOptions {
  /** Host names (without port) accepted in `Host`; `'any'` turns the check off. */
  readonly allowedHosts: readonly string[] | 'any';
  /** Origins (`scheme://host[:port]`) accepted besides those whose host name is an allowed host. */
  readonly allowedOrigins: readonly string[];
}

/**
 * DNS-rebinding protection (R13): a request whose `Host` names a host not allowed, or whose
 * `Origin` (when present: browsers send it) is not an allowed origin, is refused. Returns the
 * reason for a 403, or `undefined` when the request may pass. Ports are not compared: a rebinding
 * attack changes the host name, and the server may listen on any port.
 */
export function createHostGuard(options: HostGuardOptions): (request: IncomingMessage) => string | undefined {
  const hosts = options.allowedHosts === 'any' ? undefined : new Set(options.allowedHosts.map(normalizeHost));
  const origins = new Set(options.allowedOrigins.map((origin) => origin.toLowerCase().replace(/\/+$/, '')));
  return (request) => {
    if (hosts !== undefined) {
      const host = request.headers.host;
      if (host === undefined || !hosts.has(hostName(host))) return `Invalid Host header: ${printable(host)}`;
    }
    const origin = request.headers.origin;
    if (origin === undefined) return undefined;
    const normalized = origin.toLowerCase().replace(/\/+$/, '');
    if (origins.has(normalized)) return undefined;
    let originHost: string;
    try {
      const url = new URL(normalized);
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        return `Invalid Origin header: ${printable(origin)}`;
      originHost = normalizeHost(url.hostname);
    } catch {
      return `Invalid Origin header: ${printable(origin)}`;
    }
    if (hosts === undefined ? origins.size === 0 : hosts.has(originHost)) return undefined;
    return `Invalid Origin header: ${printable(origin)}`;
  };
}

// `example.com:8080` → `example.com`; `[::1]:8080` → `[::1]`.
function hostName(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return end === -1 ? value : value.slice(0, end + 1);
  }
  const colon = value.indexOf(':');
  return colon === -1 ? value : value.slice(0, colon);
}

function normalizeHost(host: string): string {
  const value = host.trim().toLowerCase();
  return value.includes(':') && !value.startsWith('[') ? `[${value}]` : value;
}

function printable(value: string | undefined): string {
  if (value === undefined) return '(none)';
  return value.slice(0, 100).replace(/[^\x20-\x7e]/g, '?');
}
