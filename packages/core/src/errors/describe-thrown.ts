// Host logs want the whole message, but not a megabyte of it.
const MAX_SUMMARY_LENGTH = 2000;

/**
 * A one-line summary of anything thrown (`TypeError: boom`, `a thrown null`), for host
 * diagnostics only. Never throws, even for a Proxy that throws on every trap.
 */
export function describeThrown(thrown: unknown): string {
  try {
    if (thrown === null) return 'a thrown null';
    if (thrown === undefined) return 'a thrown undefined';
    if (typeof thrown === 'string') return truncate(thrown);
    if (typeof thrown !== 'object' && typeof thrown !== 'function')
      return `a thrown ${typeof thrown}: ${String(thrown)}`;
    if (thrown instanceof Error)
      return truncate(`${readString(thrown, 'name') ?? 'Error'}: ${readString(thrown, 'message') ?? ''}`);
    const text = String(thrown);
    return truncate(text === '[object Object]' ? `a thrown object (${safeKeys(thrown)})` : text);
  } catch {
    return 'a thrown value that cannot be inspected';
  }
}

function readString(target: object, key: string): string | undefined {
  try {
    const value: unknown = (target as Record<string, unknown>)[key];
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

function safeKeys(target: object): string {
  try {
    const keys = Object.keys(target);
    if (keys.length === 0) return 'no keys';
    return `keys: ${keys.slice(0, 10).join(', ')}${keys.length > 10 ? ', …' : ''}`;
  } catch {
    return 'keys unreadable';
  }
}

function truncate(text: string): string {
  return text.length > MAX_SUMMARY_LENGTH ? `${text.slice(0, MAX_SUMMARY_LENGTH)}…` : text;
}
