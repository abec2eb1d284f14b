/**
 * Isolated accounts (the control API's createAccount): for one test, a merchant account on both
 * APIs that no other client sees. On the gateway, a merchant account with one API key and a
 * partner of its own holding a fresh RSA-2048 signing key (the private half is handed out once
 * and not kept); on the merchant API, an OAuth client acting for a merchant of the same id, so the
 * merchant sandbox's tenancy keeps its resources apart. At most MAX_ISOLATED_ACCOUNTS are held:
 * making one more forgets the oldest (its credentials stop working).
 */
import { generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import type { components } from "../../../../generated/sandbox-control/schema";
import type { SandboxConfig } from "../configuration/config";
import type { GatewaySandbox } from "../gateway/app";
import type { MerchantSandbox } from "../merchant/app";

export type IsolatedAccount = components["schemas"]["Account"];

export const MAX_ISOLATED_ACCOUNTS = 100;

interface Held {
  id: string;
  partner: string;
  signingKeyId: string;
  clientId: string;
  gateway: GatewaySandbox;
  merchant: MerchantSandbox;
}

export class IsolatedAccounts {
  private readonly held: Held[] = [];
  private made = 0;

  create(gateway: GatewaySandbox, merchant: MerchantSandbox, gatewayConfig: SandboxConfig["gateway"]): IsolatedAccount {
    const n = ++this.made;
    const id = `isolated-${n}`;
    const partner = `${id}-partner`;
    const apiKey = randomUUID();
    const signingKeyId = randomUUID();
    const clientId = `${id}-client`;
    const clientSecret = randomBytes(16).toString("hex");
    // PEM text straight from the generator: the signing key as the gateway registers it, the private half as the test signs with it.
    const { privateKey, publicKey } = generateKeyPairSync("rsa", {
      modulusLength: 2048,
      publicKeyEncoding: { type: "spki", format: "pem" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
    });
    // The account resource of GET /account: the first configured merchant's, named for this one.
    const template = gatewayConfig.accounts.find((account) => account.type === "merchant" && account.account)?.account;
    gateway.keys.addAccount({ id: partner, type: "partner", keys: [] });
    gateway.keys.addAccount({
      id,
      type: "merchant",
      partner,
      keys: [{ key: apiKey }],
      ...(template
        ? { account: { ...template, merchant_id: String(9_000_000_000 + n).padStart(15, "0"), name: `Isolated ${n}`.slice(0, 20) } }
        : {}),
    });
    gateway.signatures.addKey({ id: signingKeyId, partner, public_key_pem: publicKey });
    merchant.oauth.addClient({ client_id: clientId, client_secret: clientSecret, client_name: `Isolated account ${n}`, merchant: id });
    this.held.push({ id, partner, signingKeyId, clientId, gateway, merchant });
    while (this.held.length > MAX_ISOLATED_ACCOUNTS) this.forget(this.held.shift()!);
    return {
      gateway: {
        account_id: id,
        api_key: apiKey,
        signing_api_key: signingKeyId,
        signing_private_key_pem: privateKey,
      },
      merchant: { merchant: id, client_id: clientId, client_secret: clientSecret },
    };
  }

  /** Forgets every account (a reset rebuilt the stores without them). */
  clear(): void {
    this.held.length = 0;
  }

  private forget(account: Held): void {
    account.gateway.keys.removeAccount(account.id);
    account.gateway.keys.removeAccount(account.partner);
    account.gateway.signatures.removeKey(account.signingKeyId);
    account.merchant.oauth.removeClient(account.clientId);
  }
}
