/** What a `tools/call` under 2026-07-28 carries from one round to the next, sealed. */
export interface CallState {
  /** The tool the state belongs to. */
  readonly tool: string;
  /** SHA-256 (hex) of the arguments as sent, so a state never carries over to other arguments (R21). */
  readonly args: string;
  /** The method of every input request asked so far, by key. */
  readonly asked: Readonly<Record<string, string>>;
  /** The client's answers so far, by key. */
  readonly answers: Readonly<Record<string, unknown>>;
  /** When the first round was answered (ms since the epoch); states expire. */
  readonly issuedAt: number;
}

/** How long a request state stays valid by default: a human answers forms in minutes, not hours. */
export const DEFAULT_REQUEST_STATE_TTL_MS = 30 * 60 * 1000;

const encoder = new TextEncoder();

type SubtleKeys = typeof globalThis.crypto.subtle;

/**
 * Seals and opens the `requestState` of multi-round `tools/call` (R21): the state travels through
 * the client, so it is signed (HMAC-SHA-256 with a key only the server holds) and checked before
 * anything in it is believed. Web Crypto, so the portable entry stays portable.
 */
export class RequestStateCodec {
  readonly #key: ReturnType<SubtleKeys['importKey']>;
  readonly #ttlMs: number;

  constructor(secret: Uint8Array | string | undefined, ttlMs: number = DEFAULT_REQUEST_STATE_TTL_MS) {
    const bytes =
      secret === undefined
        ? globalThis.crypto.getRandomValues(new Uint8Array(32))
        : typeof secret === 'string'
          ? encoder.encode(secret)
          : secret;
    if (bytes.byteLength < 16) throw new RangeError('requestStateSecret must be at least 16 bytes.');
    this.#key = globalThis.crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    this.#ttlMs = ttlMs;
  }

  /** The state as an opaque string: `<payload>.<signature>`, both base64url. */
  async seal(state: CallState): Promise<string> {
    const payload = base64url(encoder.encode(JSON.stringify(state)));
    const signature = await globalThis.crypto.subtle.sign('HMAC', await this.#key, encoder.encode(payload));
    return `${payload}.${base64url(new Uint8Array(signature))}`;
  }

  /** The state sealed in `text`, or `undefined` when it was altered, is malformed or has expired. */
  async open(text: string, now: number = Date.now()): Promise<CallState | undefined> {
    if (text.length > 16 * 1024 * 1024) return undefined;
    const dot = text.indexOf('.');
    if (dot <= 0) return undefined;
    const payload = text.slice(0, dot);
    const signature = fromBase64url(text.slice(dot + 1));
    if (signature === undefined) return undefined;
    const valid = await globalThis.crypto.subtle.verify(
      'HMAC',
      await this.#key,
      signature,
      encoder.encode(payload),
    );
    if (!valid) return undefined;
    const bytes = fromBase64url(payload);
    if (bytes === undefined) return undefined;
    let state: unknown;
    try {
      state = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      return undefined;
    }
    if (!isCallState(state)) return undefined;
    if (now - state.issuedAt > this.#ttlMs || state.issuedAt > now + 60_000) return undefined;
    return state;
  }
}

/** SHA-256 of a text, hex. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(text)));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

function isCallState(value: unknown): value is CallState {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record['tool'] === 'string' &&
    typeof record['args'] === 'string' &&
    typeof record['issuedAt'] === 'number' &&
    typeof record['asked'] === 'object' &&
    record['asked'] !== null &&
    typeof record['answers'] === 'object' &&
    record['answers'] !== null
  );
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
    return bytes;
  } catch {
    return undefined;
  }
}
