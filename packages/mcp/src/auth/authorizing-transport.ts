import {
  StreamableHTTPClientTransport,
  UnauthorizedError,
  type JSONRPCMessage,
  type Transport,
  type TransportSendOptions,
} from '@modelcontextprotocol/client';
import type { McpOAuthClient } from './mcp-oauth-client';

// Authorizations one message may need: a first one (401) and a step-up (403 insufficient_scope).
// A server that keeps asking after that is not satisfied by more: the send fails.
const MAX_AUTHORIZATIONS_PER_SEND = 2;

/**
 * The SDK's Streamable HTTP client transport with an `McpOAuthClient`, finishing the
 * authorization-code flow without leaving the call: when the SDK stops at "redirect the user"
 * (a 401, or a 403 `insufficient_scope` step-up), the client's `authorize` has already brought
 * back the callback, so this redeems it (`finishAuth`, which checks `iss`) and sends the message
 * again, at most twice per message. Everything else is the SDK transport's.
 */
export class AuthorizingTransport implements Transport {
  readonly hasPerRequestStream = true;
  readonly #inner: StreamableHTTPClientTransport;
  readonly #client: McpOAuthClient;

  constructor(inner: StreamableHTTPClientTransport, client: McpOAuthClient) {
    this.#inner = inner;
    this.#client = client;
  }

  get onclose(): (() => void) | undefined {
    return this.#inner.onclose;
  }
  set onclose(handler: (() => void) | undefined) {
    this.#inner.onclose = handler;
  }
  get onerror(): ((error: Error) => void) | undefined {
    return this.#inner.onerror;
  }
  set onerror(handler: ((error: Error) => void) | undefined) {
    this.#inner.onerror = handler;
  }
  get onmessage(): Transport['onmessage'] {
    return this.#inner.onmessage;
  }
  set onmessage(handler: Transport['onmessage']) {
    this.#inner.onmessage = handler;
  }
  get sessionId(): string | undefined {
    return this.#inner.sessionId;
  }

  start(): Promise<void> {
    return this.#inner.start();
  }

  close(): Promise<void> {
    return this.#inner.close();
  }

  setProtocolVersion(version: string): void {
    this.#inner.setProtocolVersion(version);
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    for (let authorizations = 0; ; authorizations++) {
      try {
        await this.#inner.send(message, options);
        return;
      } catch (error) {
        if (!UnauthorizedError.isInstance(error) || authorizations >= MAX_AUTHORIZATIONS_PER_SEND)
          throw error;
        const callback = this.#client.takeAuthorizationCallback();
        if (callback === undefined) throw error;
        await this.#inner.finishAuth(callback);
      }
    }
  }
}
