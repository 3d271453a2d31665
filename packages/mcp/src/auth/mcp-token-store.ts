import type { StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';

/**
 * What an OAuth client keeps for one MCP server: its tokens and the client registration it got
 * by dynamic registration, each stamped by the SDK with the authorization server that issued it.
 * Host-side only: none of it is ever put in a
 * text a model sees.
 */
export interface McpAuthState {
  readonly tokens?: StoredOAuthTokens;
  readonly clientInformation?: StoredOAuthClientInformation;
}

/**
 * Where `McpOAuthClient` keeps its state, by key (the MCP server's URL unless the host gives
 * another). A host that wants tokens to outlive the process implements this over its own secret
 * storage; `InMemoryTokenStore` is the default.
 */
export interface McpTokenStore {
  load(key: string): McpAuthState | undefined | Promise<McpAuthState | undefined>;
  save(key: string, state: McpAuthState): void | Promise<void>;
  delete(key: string): void | Promise<void>;
}

/** An `McpTokenStore` in memory: the state lives as long as the store object. */
export class InMemoryTokenStore implements McpTokenStore {
  readonly #states = new Map<string, McpAuthState>();

  load(key: string): McpAuthState | undefined {
    return this.#states.get(key);
  }

  save(key: string, state: McpAuthState): void {
    this.#states.set(key, state);
  }

  delete(key: string): void {
    this.#states.delete(key);
  }
}
