import type {
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import { followAuthorizationRedirect, type McpAuthorize } from './follow-authorization-redirect';
import { InMemoryTokenStore, type McpAuthState, type McpTokenStore } from './mcp-token-store';

/** How a token endpoint authenticates this client (RFC 7591 `token_endpoint_auth_method`). */
export type McpTokenEndpointAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'none';

/** Options of `McpOAuthClient`. */
export interface McpOAuthOptions {
  /**
   * `authorization_code` (default): a user (or a headless `authorize`) approves at the
   * authorization server, with PKCE; `client_credentials`: the client's own credentials
   * (`clientId` and `clientSecret`) get the token, no user involved.
   */
  readonly grant?: 'authorization_code' | 'client_credentials';
  /** A client pre-registered with the authorization server: no dynamic registration. */
  readonly clientId?: string;
  /** The pre-registered client's secret. */
  readonly clientSecret?: string;
  /**
   * The `issuer` of the authorization server the pre-registered client belongs to: its
   * credentials are then only sent there (the SDK refuses another issuer, SEP-2352).
   */
  readonly issuer?: string;
  /**
   * An `https` URL whose document describes this client (a Client ID Metadata Document,
   * SEP-991): used as the `client_id` where the authorization server supports it, instead of
   * dynamic registration.
   */
  readonly clientMetadataUrl?: string;
  /** The name the authorization server shows and registers (default `toolwright`). */
  readonly clientName?: string;
  /** Where the authorization server sends the user back (default `http://127.0.0.1:33418/callback`). */
  readonly redirectUrl?: string | URL;
  /**
   * The scope to ask for. Default: what the server's `WWW-Authenticate` challenge names, else
   * its protected resource metadata's `scopes_supported`, else none.
   */
  readonly scope?: string;
  /** How a dynamically registered client authenticates at the token endpoint (default: as the server registers it). */
  readonly tokenEndpointAuthMethod?: McpTokenEndpointAuthMethod;
  /**
   * Takes the user to the authorization URL and resolves with the URL the authorization server
   * redirected back to (carrying `code`, `state` and maybe `iss`). Default:
   * `followAuthorizationRedirect`, for servers that approve without a user (no browser).
   */
  readonly authorize?: McpAuthorize;
  /** Where tokens and registrations are kept (default: a new `InMemoryTokenStore`). */
  readonly store?: McpTokenStore;
  /** The store key (default: the MCP server's URL when connected through `importMcpTools`, else `default`). */
  readonly storeKey?: string;
}

/** The redirect URL used when none is given (a loopback URL, as for a native app). */
export const DEFAULT_REDIRECT_URL = 'http://127.0.0.1:33418/callback';

/**
 * The OAuth client of one MCP server, for the SDK's Streamable HTTP transport (an
 * `OAuthClientProvider`): the SDK runs discovery (protected resource and authorization server
 * metadata), registration (dynamic, Client ID Metadata Document, or pre-registered), PKCE, the
 * token requests, refresh and `insufficient_scope` step-up; this class supplies the client's
 * identity and keeps its state in an `McpTokenStore`. Authorization-code flows go through
 * `authorize` (headless by default); the callback waits here until the transport redeems it.
 * Tokens stay in the host: nothing here is ever put in a model-bound text.
 */
export class McpOAuthClient implements OAuthClientProvider {
  readonly #options: McpOAuthOptions;
  readonly #store: McpTokenStore;
  #key: string;
  #codeVerifier: string | undefined;
  #state: string | undefined;
  #callback: URLSearchParams | undefined;
  // Discovery results, kept from an authorization request until its code is redeemed (so the
  // callback is checked against the authorization server it was issued by), then dropped: every
  // later authorization discovers again, and sees a server that moved (SEP-2352).
  #discovery: OAuthDiscoveryState | undefined;
  #redirecting = false;

  constructor(options: McpOAuthOptions = {}) {
    if (options.grant === 'client_credentials' && options.clientId === undefined)
      throw new TypeError(
        'McpOAuthClient: the client_credentials grant needs a clientId (and clientSecret).',
      );
    this.#options = options;
    this.#store = options.store ?? new InMemoryTokenStore();
    this.#key = options.storeKey ?? 'default';
  }

  /** Keys the store by the server's URL unless a `storeKey` was given (used when connecting). */
  bindServer(serverUrl: URL): void {
    if (this.#options.storeKey === undefined) this.#key = serverUrl.href;
  }

  get redirectUrl(): string | URL | undefined {
    return this.#interactive ? (this.#options.redirectUrl ?? DEFAULT_REDIRECT_URL) : undefined;
  }

  get clientMetadataUrl(): string | undefined {
    return this.#options.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    const redirect = this.redirectUrl;
    return {
      client_name: this.#options.clientName ?? 'toolwright',
      redirect_uris: redirect === undefined ? [] : [String(redirect)],
      grant_types: this.#interactive ? ['authorization_code', 'refresh_token'] : ['client_credentials'],
      response_types: this.#interactive ? ['code'] : [],
      ...(this.#options.tokenEndpointAuthMethod === undefined
        ? {}
        : { token_endpoint_auth_method: this.#options.tokenEndpointAuthMethod }),
      ...(this.#options.scope === undefined ? {} : { scope: this.#options.scope }),
    };
  }

  state(): string {
    this.#state = randomHex(16);
    return this.#state;
  }

  async clientInformation(): Promise<StoredOAuthClientInformation | undefined> {
    if (this.#options.clientId !== undefined) {
      return {
        client_id: this.#options.clientId,
        ...(this.#options.clientSecret === undefined ? {} : { client_secret: this.#options.clientSecret }),
        ...(this.#options.issuer === undefined ? {} : { issuer: this.#options.issuer }),
      };
    }
    return (await this.#load()).clientInformation;
  }

  async saveClientInformation(clientInformation: StoredOAuthClientInformation): Promise<void> {
    await this.#update({ clientInformation });
  }

  async tokens(): Promise<StoredOAuthTokens | undefined> {
    return (await this.#load()).tokens;
  }

  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    this.#redirecting = false;
    this.#discovery = undefined;
    await this.#update({ tokens });
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    const redirect = this.redirectUrl;
    if (redirect === undefined)
      throw new Error('McpOAuthClient: this client has no authorization-code flow.');
    this.#redirecting = true;
    const authorize = this.#options.authorize ?? followAuthorizationRedirect;
    const returned = await authorize(authorizationUrl, { redirectUrl: new URL(String(redirect)) });
    const params = returned instanceof URL ? returned.searchParams : returned;
    // The SDK leaves `state` to the provider: a callback for another request is not redeemed.
    if (this.#state !== undefined && params.get('state') !== this.#state)
      throw new Error('McpOAuthClient: the authorization response has another state than the request.');
    this.#callback = params;
  }

  /**
   * The authorization callback waiting to be redeemed (taken once), from the last
   * `redirectToAuthorization`. The transport that owns this client calls it after the SDK
   * reports that authorization needs a redirect.
   */
  takeAuthorizationCallback(): URLSearchParams | undefined {
    const callback = this.#callback;
    this.#callback = undefined;
    return callback;
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.#codeVerifier = codeVerifier;
  }

  codeVerifier(): string {
    if (this.#codeVerifier === undefined) throw new Error('McpOAuthClient: no PKCE code verifier was saved.');
    return this.#codeVerifier;
  }

  prepareTokenRequest(scope?: string): URLSearchParams | undefined {
    if (this.#interactive) return undefined;
    const params = new URLSearchParams({ grant_type: 'client_credentials' });
    const wanted = scope ?? this.#options.scope;
    if (wanted !== undefined && wanted !== '') params.set('scope', wanted);
    return params;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'verifier' || scope === 'all') this.#codeVerifier = undefined;
    if (scope === 'discovery' || scope === 'all') this.#discovery = undefined;
    if (scope === 'verifier' || scope === 'discovery') return;
    if (scope === 'all') {
      await this.#store.delete(this.#key);
      return;
    }
    const state = { ...(await this.#load()) };
    if (scope === 'client') delete state.clientInformation;
    if (scope === 'tokens') delete state.tokens;
    await this.#store.save(this.#key, state);
  }

  saveDiscoveryState(discovery: OAuthDiscoveryState): void {
    this.#discovery = discovery;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.#redirecting ? this.#discovery : undefined;
  }

  get #interactive(): boolean {
    return this.#options.grant !== 'client_credentials';
  }

  async #load(): Promise<McpAuthState> {
    return (await this.#store.load(this.#key)) ?? {};
  }

  async #update(patch: McpAuthState): Promise<void> {
    await this.#store.save(this.#key, { ...(await this.#load()), ...patch });
  }
}

function randomHex(bytes: number): string {
  const data = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(data);
  return Array.from(data, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
