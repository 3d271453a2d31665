import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import { isPlainRequest } from './inbound-requests';

// `connectMcpServer` serves a connection through the SDK's stdio entry (serveStdio), which decides
// the connection's revision from its opening messages and then pins one server instance to it.
// Pinned, the entry still queues every message and sorts it with zod schemas (three parses for a
// request, one of them a failing one) before handing it to the instance unchanged: measured in
// memory under 2026-07-28, a quarter of the server's time for a tools/call (47 → 36 µs). Once the
// instance is pinned, a plain request goes to it directly.
//
// The entry keeps some messages for itself — `subscriptions/listen`, the cancellation of a listen,
// a 2025-11-25 `initialize` on a 2026-07-28 connection — and those, like every message that is not
// a plain request, still go through it. So that a request never overtakes a message the entry
// holds for the instance, a request goes direct only when every message given to the entry since
// the pin has reached the instance.

/**
 * Messages held for the instance at most. The entry hands on every message it does not keep for
 * itself, so more means it kept something unforeseen: the route then leaves the connection to the
 * entry for good rather than hold on to messages that will never be handed on.
 */
const MAX_HELD = 1024;

/** Methods the entry may answer itself on a pinned connection. */
const ENTRY_METHODS: ReadonlySet<string> = new Set(['initialize', 'subscriptions/listen']);

/** Routes a pinned connection's plain requests past the stdio entry (see above). */
export class PinnedRoute {
  // The channel of the instance the entry pinned, once it has.
  #pinned: Transport | undefined;
  // Set once the entry kept more messages than it should have: nothing goes direct any more.
  #abandoned = false;
  // Messages given to the entry since the pin that it will hand to the instance, not yet handed.
  readonly #held = new Set<JSONRPCMessage>();

  /** Whether an instance is pinned (its plain requests go to it directly). */
  get isPinned(): boolean {
    return this.#pinned !== undefined;
  }

  /** Wraps the handler the entry installed on the connection's transport (call right after it). */
  attach(wire: Transport): void {
    const entry = wire.onmessage;
    if (entry === undefined) return;
    wire.onmessage = (message, extra) => {
      const pinned = this.#pinned;
      if (pinned !== undefined) {
        if (this.#held.size === 0 && isPlainRequest(message) && !ENTRY_METHODS.has(methodOf(message))) {
          // As the entry hands a message on: without the transport's extra information.
          pinned.onmessage?.(message);
          return;
        }
        if (reachesInstance(message)) this.#hold(message);
      }
      entry(message, extra);
    };
  }

  /**
   * Follows the messages the entry hands to one instance (call once the instance is connected to
   * `channel`): the first request other than `server/discover` shows the entry pinned it (a
   * discover alone may come from a probe the entry discards).
   */
  follow(channel: Transport): void {
    const deliver = channel.onmessage;
    if (deliver === undefined) return;
    channel.onmessage = (message, extra) => {
      this.#held.delete(message);
      if (
        this.#pinned === undefined &&
        !this.#abandoned &&
        isRequest(message) &&
        methodOf(message) !== 'server/discover'
      )
        this.#pinned = channel;
      deliver(message, extra);
    };
  }

  #hold(message: JSONRPCMessage): void {
    if (this.#held.size < MAX_HELD) {
      this.#held.add(message);
      return;
    }
    this.#abandoned = true;
    this.#pinned = undefined;
    this.#held.clear();
  }

  /** The instance on `channel` closed: nothing goes to it directly any more. */
  closed(channel: Transport): void {
    if (this.#pinned !== channel) return;
    this.#pinned = undefined;
    this.#held.clear();
  }
}

function methodOf(message: JSONRPCMessage): string {
  const method = (message as { method?: unknown }).method;
  return typeof method === 'string' ? method : '';
}

function isRequest(message: JSONRPCMessage): boolean {
  return 'id' in message && 'method' in message;
}

// What a pinned entry hands on: everything but the messages it may keep for itself.
function reachesInstance(message: JSONRPCMessage): boolean {
  const method = methodOf(message);
  return !ENTRY_METHODS.has(method) && method !== 'notifications/cancelled';
}
