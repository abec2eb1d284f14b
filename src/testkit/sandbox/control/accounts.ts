/**
 * Isolated accounts (the control API's createAccount): for one test, a merchant account on both
 * APIs that no other client sees. On the gateway, a merchant account with one API key and a
 * partner of its own holding a fresh RSA-2048 signing key (the private half is handed out once
 * and not kept); on the merchant API, an OAuth client acting for a merchant of the same id, so the
 * merchant sandbox's tenancy keeps its resources apart. At most MAX_ISOLATED_ACCOUNTS are held:
 * making one more forgets the oldest, with all it owns (its keys, the clients it registered and
 * their tokens, its transactions, applications, files and comments).
 *
 * The key pair is generated on libuv's thread pool (about 50-400 ms of CPU each): generated on
 * the event loop, 100 accounts held every listener for tens of seconds.
 */
import { generateKeyPair, randomBytes, randomUUID } from "node:crypto";
import { promisify } from "node:util";
import type { components } from "../../../../generated/sandbox-control/schema";
import type { SandboxConfig } from "../configuration/config";
import type { GatewaySandbox } from "../gateway/app";
import type { MerchantSandbox } from "../merchant/app";
import { MAX_ISOLATED_ACCOUNTS } from "../cross-api/retention";

export type IsolatedAccount = components["schemas"]["Account"];

export { MAX_ISOLATED_ACCOUNTS };

const generateRsaKeyPair = promisify(generateKeyPair);

interface Held {
  id: string;
  partner: string;
  signingKeyId: string;
}

export class IsolatedAccounts {
  private readonly held: Held[] = [];
  private made = 0;

  constructor(
    private readonly gateway: GatewaySandbox,
    private readonly merchant: MerchantSandbox,
    private readonly gatewayConfig: SandboxConfig["gateway"],
  ) {}

  /** A new account in this state (the key pair made off the event loop). */
  async create(): Promise<IsolatedAccount> {
    return (await this.prepare())();
  }

  /**
   * Makes an account's key pair (off the event loop) and returns what adds the account to this
   * state: synchronously, so a fixture adds all its accounts in the step that builds the rest.
   */
  async prepare(): Promise<() => IsolatedAccount> {
    // PEM text straight from the generator: the signing key as the gateway registers it, the private half as the test signs with it.
    const keyPair = await generateRsaKeyPair("rsa", {
      modulusLength: 2048,
      publicKeyEncoding: { type: "spki", format: "pem" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
    });
    return () => this.add(keyPair);
  }

  private add({ privateKey, publicKey }: { privateKey: string; publicKey: string }): IsolatedAccount {
    const { gateway, merchant, gatewayConfig } = this;
    const n = ++this.made;
    const id = `isolated-${n}`;
    const partner = `${id}-partner`;
    const apiKey = randomUUID();
    const signingKeyId = randomUUID();
    const clientId = `${id}-client`;
    const clientSecret = randomBytes(16).toString("hex");
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
    this.held.push({ id, partner, signingKeyId });
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

  /** Forgets an account and all it owns on both APIs: it no longer exists. */
  private forget(account: Held): void {
    const { gateway, merchant } = this;
    gateway.keys.removeAccount(account.id);
    gateway.keys.removeAccount(account.partner);
    gateway.signatures.removeKey(account.signingKeyId);
    gateway.store.forget(account.id);
    merchant.oauth.forgetMerchant(account.id);
    merchant.resources.forgetMerchant(account.id);
  }
}
