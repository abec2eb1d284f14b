/**
 * OAuth 2.0 for the merchant sandbox: confidential clients (seeded, configured or registered
 * through the clients endpoint), the Client Credentials grant with `audience`, and bearer
 * tokens that expire on the sandbox clock.
 */
import { readAuthorization } from "../../cross-api/authorization-header";
import { noFaults, type Faults } from "../../cross-api/faults";
import { randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { SandboxClock } from "../../cross-api/clock";
import type { OAuthClientConfig } from "../../configuration/config";
import { withoutTrailingSlashes } from "../../../../toolkit/clients/common/urls";
import type { Schemas } from "./spec-types";
import { shareOf } from "../../cross-api/retention";
import { merchantOfConfigured, merchantsOf } from "./tenancy";

/** The one grant the token endpoint supports (the const of `TokenRequest.grant_type`). */
const CLIENT_CREDENTIALS: Schemas["TokenRequest"]["grant_type"] = "client_credentials";

export interface OAuthClient {
  client_id: string;
  client_secret: string;
  client_name?: string;
  contacts?: string[];
  description?: string;
  grant_types?: string[];
  /** The merchant the client acts for (tenancy.ts). */
  merchant: string;
}

interface IssuedToken {
  clientId: string;
  expiresAt: number;
}

export type TokenRequestResult =
  | { ok: true; accessToken: string; expiresIn: number; client: OAuthClient }
  | { ok: false; status: 400 | 401; error: "invalid_request" | "invalid_client" | "unsupported_grant_type"; description: string };

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Bounds of what clients can make the sandbox keep: registered clients, shared by the merchants
 * (`shareOf`: a merchant's oldest registration is evicted first, with its tokens, so one merchant's
 * registrations never push out another's; the configured clients are never evicted), and live
 * tokens per client (a client's oldest token is revoked when it asks for one more).
 */
export const MAX_REGISTERED_CLIENTS = 10_000;
export const MAX_TOKENS_PER_CLIENT = 100;

export class OAuthServer {
  private readonly clients = new Map<string, OAuthClient>();
  private readonly tokens = new Map<string, IssuedToken>();
  /** Tokens of each client, oldest first. */
  private readonly tokensOf = new Map<string, string[]>();
  /** Registered (not configured) client ids of each merchant, oldest first. */
  private readonly registered = new Map<string, string[]>();
  /** Registered clients one merchant may hold (its share of MAX_REGISTERED_CLIENTS). */
  private readonly registeredPerMerchant: (merchant: string) => number;

  constructor(
    seeds: OAuthClientConfig[],
    private readonly clock: SandboxClock,
    private readonly tokenTtlSeconds: number,
    private readonly faults: Faults = noFaults,
  ) {
    for (const seed of seeds)
      this.clients.set(seed.client_id, { ...seed, grant_types: [CLIENT_CREDENTIALS], merchant: merchantOfConfigured(seed) });
    const configured = merchantsOf(seeds);
    this.registeredPerMerchant = (merchant) => shareOf(MAX_REGISTERED_CLIENTS, configured, merchant);
  }

  /** The client named by HTTP Basic credentials if the secret matches, or why not. */
  authenticateClient(header: string | undefined): { ok: true; client: OAuthClient } | { ok: false; detail: string } {
    const read = readAuthorization(
      header,
      "Basic",
      '<base64 of "client_id:client_secret">',
      "The token endpoint takes the client's credentials as HTTP Basic; access tokens are sent to the other endpoints.",
    );
    if (!read.ok) return { ok: false, detail: `Client authentication failed. ${read.reason}` };
    const decoded = Buffer.from(read.credentials, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon === -1)
      return {
        ok: false,
        detail: 'Client authentication failed: the Basic credentials must be base64 of "client_id:client_secret" (the colon is missing).',
      };
    const id = decodeURIComponentSafe(decoded.slice(0, colon));
    const secret = decodeURIComponentSafe(decoded.slice(colon + 1));
    const client = this.clients.get(id);
    if (this.faults.has("token-for-wrong-secret")) {
      const any = client ?? this.clients.values().next().value;
      if (any) return { ok: true, client: any };
    }
    return client && safeEqual(client.client_secret, secret)
      ? { ok: true, client }
      : { ok: false, detail: "Client authentication failed: the client_id is unknown or the client_secret does not match it." };
  }

  /**
   * The token request after schema validation (grant type and audience present). The audience
   * must be the base address of this API.
   */
  issue(client: OAuthClient, audience: string, acceptedAudiences: string[]): TokenRequestResult {
    const normalized = withoutTrailingSlashes(audience);
    if (!acceptedAudiences.some((a) => withoutTrailingSlashes(a) === normalized)) {
      return {
        ok: false,
        status: 400,
        error: "invalid_request",
        description: `audience must be the base address of this API (${acceptedAudiences[0]})`,
      };
    }
    const accessToken = randomBytes(24).toString("base64url");
    this.tokens.set(accessToken, { clientId: client.client_id, expiresAt: this.clock.now() + this.tokenTtlSeconds * 1000 });
    const own = this.tokensOf.get(client.client_id) ?? [];
    own.push(accessToken);
    this.tokensOf.set(client.client_id, own);
    while (own.length > MAX_TOKENS_PER_CLIENT) this.tokens.delete(own.shift()!);
    return { ok: true, accessToken, expiresIn: this.tokenTtlSeconds, client };
  }

  /** The client a bearer token belongs to, or why it is refused. */
  bearer(header: string | undefined): { ok: true; client: OAuthClient } | { ok: false; detail: string } {
    const read = readAuthorization(
      header,
      "Bearer",
      "<access token>",
      "Basic is taken at the token endpoint only (the problem's oauth2-token link), which answers an access token to send here.",
    );
    if (!read.ok)
      return { ok: false, detail: `${read.reason} Get an access token at the token endpoint (the problem's oauth2-token link).` };
    const token = this.tokens.get(read.credentials);
    if (!token) return { ok: false, detail: "The access token is invalid." };
    if (this.clock.now() >= token.expiresAt) return { ok: false, detail: "The access token has expired." };
    const client = this.clients.get(token.clientId);
    return client ? { ok: true, client } : { ok: false, detail: "The access token is invalid." };
  }

  /** Adds a confidential client (an isolated account's, made through the control API). */
  addClient(config: OAuthClientConfig): void {
    if (this.clients.has(config.client_id)) throw new Error(`merchant sandbox: OAuth client ${config.client_id} exists already`);
    this.clients.set(config.client_id, { ...config, grant_types: [CLIENT_CREDENTIALS], merchant: merchantOfConfigured(config) });
  }

  /** Forgets a merchant's clients, configured and registered, and revokes their tokens (an isolated account let go). */
  forgetMerchant(merchant: string): void {
    for (const client of [...this.clients.values()]) if (client.merchant === merchant) this.forget(client.client_id);
    this.registered.delete(merchant);
  }

  /** A client registered by `registrar`: it acts for the registrar's merchant. */
  register(request: Schemas["ClientRegistration"], registrar: OAuthClient): OAuthClient {
    const client: OAuthClient = {
      ...(request.client_name !== undefined ? { client_name: request.client_name } : {}),
      grant_types: request.grant_types ?? [CLIENT_CREDENTIALS],
      ...(request.contacts !== undefined ? { contacts: request.contacts } : {}),
      ...(request.description !== undefined ? { description: request.description } : {}),
      client_id: randomUUID(),
      client_secret: randomBytes(24).toString("hex"),
      merchant: registrar.merchant,
    };
    this.clients.set(client.client_id, client);
    let own = this.registered.get(client.merchant);
    if (!own) this.registered.set(client.merchant, (own = []));
    own.push(client.client_id);
    while (own.length > this.registeredPerMerchant(client.merchant)) this.forget(own.shift()!);
    return client;
  }

  /** Live tokens held, for tests of the bounds. */
  get tokenCount(): number {
    return this.tokens.size;
  }

  /** Clients held, configured and registered, for tests of the bounds. */
  get clientCount(): number {
    return this.clients.size;
  }

  private forget(clientId: string): void {
    this.clients.delete(clientId);
    for (const token of this.tokensOf.get(clientId) ?? []) this.tokens.delete(token);
    this.tokensOf.delete(clientId);
  }
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
