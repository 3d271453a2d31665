'use strict';
// MCP helpers shared by the SDK contenders and by toolwright's MCP contenders, so both sides are
// driven by the same SDK Client. Resolved from bench/peers/node_modules (when the peers are not
// installed, Node falls back to the copy @toolwright/mcp brings in; the report shows which).
// `helpersFor(clientModule)` binds them to another copy of the same Client version: toolwright's
// rows use the copy its server already loaded, so each process holds one SDK and one zod, as the
// peer rows do (a second copy is megabytes more heap for every full GC to mark and sweep).
// The peers' copy is loaded on first use, so a process bound to another copy never loads it.
let peersHelpers;
const defaultHelpers = () => (peersHelpers ??= helpersFor(require('@modelcontextprotocol/client')));

/** Client options that make the SDK v2 Client speak `revision` ('2025-11-25' negotiates by initialize). */
const clientOptions = (revision) =>
  revision === '2026-07-28' ? { versionNegotiation: { mode: { pin: revision } } } : {};

/** The connect helpers bound to one copy of the SDK client module. */
function helpersFor({ Client, InMemoryTransport }) {
  /** Connects an SDK Client to `server` (anything with connect(transport)) in memory; lists tools once, as a host does. */
  async function connectInMemory(server) {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'toolwright-bench', version: '0.1.0' });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    await client.listTools();
    return client;
  }

  /**
   * Serves a long-lived in-memory connection with `serve(serverTransport)` (which starts the transport
   * itself, as the SDK's serveStdio and toolwright's connectMcpServer do), connects an SDK Client
   * speaking `revision`, and lists tools once.
   */
  async function connectServed(serve, revision) {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const served = await serve(serverSide);
    const client = new Client({ name: 'toolwright-bench', version: '0.1.0' }, clientOptions(revision));
    await client.connect(clientSide);
    if (client.getNegotiatedProtocolVersion() !== revision)
      throw new Error(`negotiated ${client.getNegotiatedProtocolVersion()}, expected ${revision}`);
    await client.listTools();
    const close = client.close.bind(client);
    client.close = async () => {
      await close();
      await served?.close?.();
    };
    return client;
  }

  return { connectInMemory, connectServed, Client, InMemoryTransport };
}

/** The tool result as an MCP handler returns it: the output's JSON as one text block. */
const textResult = (value) => ({ content: [{ type: 'text', text: JSON.stringify(value) }] });

/** Outcome of a CallToolResult: isError → the text; otherwise structuredContent or the JSON text. */
function callToolOutcome(r) {
  const text = r?.content?.find?.((c) => c.type === 'text')?.text;
  if (r?.isError) return { ok: false, error: text ?? r };
  if (r?.structuredContent !== undefined) return { ok: true, value: r.structuredContent };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: true, value: text };
  }
}

module.exports = {
  get connectInMemory() {
    return defaultHelpers().connectInMemory;
  },
  get connectServed() {
    return defaultHelpers().connectServed;
  },
  get Client() {
    return defaultHelpers().Client;
  },
  get InMemoryTransport() {
    return defaultHelpers().InMemoryTransport;
  },
  helpersFor,
  clientOptions,
  textResult,
  callToolOutcome,
};
