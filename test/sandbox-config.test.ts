/**
 * The sandbox config file fails closed: every rule class of its schema (unknown keys, closed
 * values, bounds), the references the schema cannot check (partners, uniqueness against the
 * seeds, key files), invalid JSON, and the CLI's exit. A valid file is accepted and applied, and
 * docs/sandbox.md lists exactly the keys of the schema.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { projectRoot } from "../scripts/lib/apis";
import { runChild } from "../src/testkit/serve/children";
import { sandboxCliInTree } from "./support/processes";
import {
  configFileSchema,
  configKeysTable,
  documentedTable,
  resolved,
  sandboxDocPath,
  type ConfigSchemaNode,
} from "../scripts/sandbox-config-docs";
import { defaultConfig, seeded, seededPrivateKeyPath, seededPublicKeyPath } from "../src/testkit/sandbox/configuration/config";
import {
  configFileProblems,
  configFromEnvironment,
  MAX_REPORTED_PROBLEMS,
  quotaOperationIds,
} from "../src/testkit/sandbox/configuration/config-file";
import { startSandbox } from "../src/testkit/sandbox/server";
import { loadBundledSpec } from "../src/testkit/openapi-model/document";
import { ciShopAccountResource, GatewayClient } from "./support/sandbox";

const dir = mkdtempSync(join(tmpdir(), "sandbox-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
/** Writes a config file (an object as JSON, a string as is) and returns its path. */
function configFile(content: unknown): string {
  const path = join(dir, `config-${++files}.json`);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

/** The message configFromEnvironment throws for a file (fails the test if it does not throw). */
function refusal(content: unknown): { file: string; message: string } {
  const file = configFile(content);
  try {
    configFromEnvironment({ SANDBOX_CONFIG: file });
  } catch (error) {
    return { file, message: (error as Error).message };
  }
  throw new Error(`the config was accepted: ${JSON.stringify(content)}`);
}

describe("schema rules: a file that breaks one is refused, naming the file, the path and the rule", () => {
  it("an unknown key (a typo of signing) is refused by name, with the known keys", () => {
    const { file, message } = refusal({ gateway: { signng: "methods" } });
    expect(message).toContain(file);
    expect(message).toContain(
      `/gateway/signng: unknown key "signng" (did you mean "signing"?); known keys: accounts, signingKeys, signing`,
    );
  });

  it("unknown keys are refused at every depth, list items included", () => {
    const { message } = refusal({
      merchant: { retention: { maxFile: 500 }, clients: [{ client_id: "c", client_secret: "s", secret: "x" }] },
      extra: true,
    });
    expect(message).toContain(`/merchant/retention/maxFile: unknown key "maxFile"`);
    expect(message).toContain(`/merchant/clients/0/secret: unknown key "secret"`);
    expect(message).toContain(`/extra: unknown key "extra"`);
    // The account resource is the gateway spec's Account schema, closed: its keys are the spec's.
    const { message: resource } = refusal({
      gateway: { accounts: [{ id: "ci-shop", type: "merchant", keys: [], account: { ...ciShopAccountResource, merchant_idd: "1" } }] },
    });
    expect(resource).toContain(
      `/gateway/accounts/0/account/merchant_idd: unknown key "merchant_idd" (did you mean "merchant_id"?); known keys: merchant_id, descriptor, name, country, currency, mcc, acquirer, transaction_rules`,
    );
  });

  it("a value outside an enum is refused with the allowed values", () => {
    expect(refusal({ gateway: { signing: "method" } }).message).toContain("/gateway/signing: must be one of all-posts, methods");
    const account = { id: "ci-reseller", type: "reseller", keys: [] };
    expect(refusal({ gateway: { accounts: [account] } }).message).toContain("/gateway/accounts/0/type: must be one of merchant, partner");
  });

  it("numbers out of bounds, or not integers, are refused", () => {
    const { message } = refusal({
      gateway: {
        maxBodyBytes: configFileSchema.properties!.gateway!.properties!.maxBodyBytes!.maximum! + 1,
        retention: { maxTransactions: 99 },
      },
      merchant: { tokenTtlSeconds: 1.5, transactionCount: 10_001, retention: { maxApplications: 10_000_001 } },
    });
    expect(message).toContain(`/gateway/maxBodyBytes: must be <= ${64 * 1024 * 1024}`);
    expect(message).toContain("/gateway/retention/maxTransactions: must be >= 100");
    expect(message).toContain("/merchant/tokenTtlSeconds: must be integer");
    expect(message).toContain("/merchant/transactionCount: must be <= 10000");
    expect(message).toContain("/merchant/retention/maxApplications: must be <= 10000000");
  });

  it("a quota for a name that is not an operationId of the merchant API is refused", () => {
    const { message } = refusal({ merchant: { rateLimits: { operations: { getRooot: 3, constructor: 1, uploadFileContent: 5 } } } });
    expect(message).toContain(
      `/merchant/rateLimits/operations/getRooot: unknown key "getRooot": not an operationId of the merchant API (did you mean "getRoot"?)`,
    );
    expect(message).toContain(`/merchant/rateLimits/operations/constructor: unknown key "constructor"`);
    // The upload runs on the storage host, which has no quotas: a quota for it would do nothing.
    expect(message).toContain(`/merchant/rateLimits/operations/uploadFileContent: unknown key "uploadFileContent"`);
  });

  it("strings: formats, patterns and lengths", () => {
    const { message } = refusal({
      gateway: {
        accounts: [
          {
            id: "ci-shop",
            type: "merchant",
            keys: [{ key: "has:colon" }, { key: "k-2", expires_at: "next year" }],
            account: { country: "dk" },
          },
        ],
      },
      merchant: { clients: [{ client_id: "c".repeat(129), client_secret: "s", contacts: ["not-an-address"] }] },
    });
    expect(message).toContain('/gateway/accounts/0/keys/0/key: must match pattern "^[^\\s:]+$"');
    expect(message).toContain('/gateway/accounts/0/keys/1/expires_at: must match format "date-time"');
    expect(message).toContain('/gateway/accounts/0/account/country: must match pattern "^[A-Z]{2}$"');
    expect(message).toContain("/merchant/clients/0/client_id: must NOT have more than 128 characters");
    expect(message).toContain('/merchant/clients/0/contacts/0: must match format "email"');
  });

  it("missing required keys and wrong types are refused", () => {
    const { message } = refusal({ gateway: { accounts: [{ type: "merchant" }], signingKeys: "none" }, merchant: [] });
    expect(message).toContain('/gateway/accounts/0: missing required key "id"');
    expect(message).toContain('/gateway/accounts/0: missing required key "keys"');
    expect(message).toContain("/gateway/signingKeys: must be array");
    expect(message).toContain("/merchant: must be object");
  });

  it("lists every problem, at most 20 of them", () => {
    const many = Object.fromEntries(Array.from({ length: MAX_REPORTED_PROBLEMS + 5 }, (_, i) => [`unknown${i}`, i]));
    const lines = refusal(many).message.split("\n");
    expect(lines[0]).toMatch(/is invalid \(25 problems\):$/);
    expect(lines.filter((line) => line.includes("unknown key"))).toHaveLength(MAX_REPORTED_PROBLEMS);
    expect(lines.at(-1)).toBe("  ... and 5 more");
  });
});

describe("references the schema cannot check", () => {
  it("a signing key naming a missing partner is refused", () => {
    const { message } = refusal({
      gateway: { signingKeys: [{ id: "ci-signing", partner: "no-such-partner", public_key_file: seededPublicKeyPath }] },
    });
    expect(message).toContain('/gateway/signingKeys/0/partner: must name a partner account; "no-such-partner" is not an account');
  });

  it("a partner must be a partner account, for signing keys and merchant accounts alike", () => {
    const { message } = refusal({
      gateway: {
        accounts: [{ id: "ci-shop", type: "merchant", partner: seeded.gateway.merchantAccountId, keys: [] }],
        signingKeys: [{ id: "ci-signing", partner: "ci-shop", public_key_file: seededPublicKeyPath }],
      },
    });
    expect(message).toContain(
      `/gateway/accounts/0/partner: must name a partner account; "${seeded.gateway.merchantAccountId}" is a merchant account`,
    );
    expect(message).toContain('/gateway/signingKeys/0/partner: must name a partner account; "ci-shop" is a merchant account');
  });

  it("a partner declared later in the same file counts", () => {
    const file = configFile({
      gateway: {
        accounts: [
          { id: "ci-shop", type: "merchant", partner: "ci-partner", keys: [{ key: "ci-shop-key" }] },
          { id: "ci-partner", type: "partner", keys: [] },
        ],
      },
    });
    expect(configFromEnvironment({ SANDBOX_CONFIG: file }).gateway.accounts.map((a) => a.id)).toContain("ci-partner");
  });

  it("account ids, API keys (in any case), signing key ids and client ids must be unique, the seeded ones included", () => {
    const { message } = refusal({
      gateway: {
        accounts: [
          { id: seeded.gateway.merchantAccountId, type: "merchant", keys: [{ key: seeded.gateway.merchantKey.toUpperCase() }] },
          { id: "ci-shop", type: "merchant", keys: [{ key: "same" }, { key: "SAME" }] },
        ],
        signingKeys: [{ id: seeded.gateway.signingKeyId, partner: seeded.gateway.partnerAccountId, public_key_file: seededPublicKeyPath }],
      },
      merchant: { clients: [{ client_id: seeded.merchant.clientId, client_secret: "other" }] },
    });
    expect(message).toContain(`/gateway/accounts/0/id: duplicate account id "${seeded.gateway.merchantAccountId}"`);
    expect(message).toContain(
      `/gateway/accounts/0/keys/0/key: duplicate API key: already a key of account "${seeded.gateway.merchantAccountId}"`,
    );
    expect(message).toContain('/gateway/accounts/1/keys/1/key: duplicate API key: already a key of account "ci-shop"');
    expect(message).toContain(`/gateway/signingKeys/0/id: duplicate signing key id "${seeded.gateway.signingKeyId}"`);
    expect(message).toContain(`/merchant/clients/0/client_id: duplicate client_id "${seeded.merchant.clientId}"`);
  });

  it("a signing key needs exactly one public key, which must exist and be an RSA public key", () => {
    const partner = seeded.gateway.partnerAccountId;
    const { message } = refusal({
      gateway: {
        signingKeys: [
          { id: "k0", partner },
          { id: "k1", partner, public_key_file: "missing.pem" },
          { id: "k2", partner, public_key_file: seededPrivateKeyPath },
          { id: "k3", partner, public_key_pem: "-----BEGIN PUBLIC KEY-----\nnot base64\n-----END PUBLIC KEY-----\n" },
        ],
      },
    });
    expect(message).toContain("/gateway/signingKeys/0: give exactly one of public_key_pem and public_key_file");
    expect(message).toContain(`/gateway/signingKeys/1/public_key_file: cannot read ${join(dir, "missing.pem")}: no such file`);
    expect(message).toContain("/gateway/signingKeys/2/public_key_file:");
    expect(message).toContain("holds a private key: register only the public key");
    expect(message).toMatch(/\/gateway\/signingKeys\/3\/public_key_pem: is not a PEM public key/);
  });
});

describe("reading the file", () => {
  it("invalid JSON is refused, naming the file and the parse error", () => {
    const { file, message } = refusal('{ "gateway": { "signing": "methods", } }');
    expect(message).toMatch(new RegExp(`^sandbox config ${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} is not valid JSON: .+`));
  });

  it("a file that cannot be read is refused", () => {
    expect(() => configFromEnvironment({ SANDBOX_CONFIG: join(dir, "absent.json") })).toThrow(
      /sandbox config .*absent\.json cannot be read/,
    );
  });

  it("a valid file is accepted and applied: lists appended, values replaced, retention merged key by key", async () => {
    copyFileSync(seededPublicKeyPath, join(dir, "ci-signing.pub.pem"));
    const file = configFile({
      gateway: {
        accounts: [
          {
            id: "ci-shop",
            type: "merchant",
            partner: seeded.gateway.partnerAccountId,
            keys: [{ key: "ci-shop-key" }],
            account: ciShopAccountResource,
          },
        ],
        signingKeys: [{ id: "ci-signing", partner: seeded.gateway.partnerAccountId, public_key_file: "ci-signing.pub.pem" }],
        signing: "methods",
        retention: { maxTransactions: 500 },
      },
      merchant: { rateLimits: { operations: { getRoot: 3 } }, transactionCount: 5, retention: { maxFiles: 200 } },
    });
    const config = configFromEnvironment({ SANDBOX_CONFIG: file });
    const defaults = defaultConfig();
    expect(config.gateway.accounts.map((a) => a.id)).toEqual([...defaults.gateway.accounts.map((a) => a.id), "ci-shop"]);
    expect(config.gateway.signingKeys.at(-1)).toMatchObject({ id: "ci-signing", public_key_file: join(dir, "ci-signing.pub.pem") });
    expect(config.gateway.signing).toBe("methods");
    expect(config.gateway.retention).toEqual({ maxTransactions: 500 });
    expect(config.merchant.retention).toEqual({ ...defaults.merchant.retention, maxFiles: 200 });
    expect(config.merchant.rateLimits.operations).toEqual({ ...defaults.merchant.rateLimits.operations, getRoot: 3 });

    const sandbox = await startSandbox({ config, log: () => undefined });
    try {
      const ciShop = new GatewayClient(sandbox.gatewayUrl, "ci-shop-key");
      expect((await ciShop.get("/account")).body).toMatchObject({ merchant_id: "000000009999999", name: "CI Shop" });
      // signing: methods: a card payment with its CSC needs no signature.
      expect(
        (
          await ciShop.post(
            "/authorizations",
            { amount: 100, currency: "EUR", card: { pan: "4111111111111111", expire_month: "06", expire_year: "2035", csc: "987" } },
            { sign: false },
          )
        ).status,
      ).toBe(201);
      const root = await fetch(`${sandbox.merchantUrl}/`);
      expect(root.headers.get("ratelimit-limit")).toBe("3");
      expect(sandbox.violations.entries).toEqual([]);
    } finally {
      await sandbox.stop();
    }
  });

  it("the example in docs/sandbox.md is a valid config file", () => {
    const markdown = readFileSync(sandboxDocPath, "utf8");
    const section = markdown.slice(markdown.indexOf("## Config file"));
    const example = /```json\n([\s\S]*?)```/.exec(section)?.[1];
    expect(example).toBeDefined();
    copyFileSync(seededPublicKeyPath, join(dir, "ci-signing.pub.pem"));
    expect(configFileProblems(JSON.parse(example!), dir)).toEqual([]);
  });

  it("the CLI exits 1 within seconds on a bad file, naming the key", async () => {
    const file = configFile({ gateway: { signng: "methods" } });
    const { code, output } = await runChild(process.execPath, sandboxCliInTree, {
      cwd: projectRoot,
      env: { ...process.env, SANDBOX_CONFIG: file },
    });
    expect(code, output).toBe(1);
    expect(output).toContain(`error: sandbox config ${file} is invalid (1 problem):`);
    expect(output).toContain('/gateway/signng: unknown key "signng"');
    expect(output).not.toMatch(/^ready /m);
  });
});

describe("the schema", () => {
  /** Every node of the schema (references folded in) with its path, list items and map values included. */
  function nodes(reference: ConfigSchemaNode, path = "", found: Array<[string, ConfigSchemaNode]> = []): Array<[string, ConfigSchemaNode]> {
    const node = resolved(reference);
    found.push([path, node]);
    // The account resource is the gateway spec's Account: below its top, the rules are the spec's.
    if (reference.$ref === "#/$defs/Account") return found;
    for (const [name, child] of Object.entries(node.properties ?? {})) nodes(child, `${path}/${name}`, found);
    if (node.items) nodes(node.items, `${path}/[]`, found);
    if (typeof node.additionalProperties === "object") nodes(node.additionalProperties, `${path}/*`, found);
    return found;
  }

  it("is closed, bounded and described everywhere", () => {
    for (const [path, node] of nodes(configFileSchema)) {
      expect(node.description, `${path} has a description`).toBeTruthy();
      if (node.type === "object") {
        // A map (operationId to quota) is bounded by its size and key length; its names are checked against the spec.
        if (node.propertyNames) {
          expect(node.maxProperties, path).toBeTypeOf("number");
          expect(node.propertyNames.maxLength, path).toBeTypeOf("number");
        } else expect(node.additionalProperties === false || node.unevaluatedProperties === false, `${path} is closed`).toBe(true);
      }
      if (node.type === "integer") {
        expect(node.minimum, `${path} minimum`).toBeTypeOf("number");
        expect(node.maximum, `${path} maximum`).toBeTypeOf("number");
      }
      if (node.type === "string" && !node.enum && !node.format) expect(node.maxLength ?? node.pattern, `${path} is bounded`).toBeDefined();
      if (node.type === "array") expect(node.maxItems, `${path} maxItems`).toBeTypeOf("number");
    }
  });

  it("takes the quota operationIds from the bundled merchant spec (all but the storage host's)", () => {
    const doc = loadBundledSpec("merchant");
    const expected: string[] = [];
    for (const item of Object.values(doc.paths)) {
      for (const operation of Object.values(item) as Array<{ operationId?: string; servers?: unknown }>) {
        if (operation?.operationId && !operation.servers && !(item as { servers?: unknown }).servers) expected.push(operation.operationId);
      }
    }
    expect(quotaOperationIds()).toEqual(expected.sort());
    expect(expected).toContain("createToken");
    const everyOne = Object.fromEntries(expected.map((name) => [name, 1]));
    expect(configFileProblems({ merchant: { rateLimits: { operations: everyOne } } }, dir)).toEqual([]);
  });

  it("has a key for every setting of the config (so a new setting cannot skip the checks)", () => {
    const defaults = defaultConfig();
    for (const api of ["gateway", "merchant"] as const) {
      for (const [key, value] of Object.entries(defaults[api])) {
        const property = configFileSchema.properties![api]!.properties![key];
        expect(property, `${api}.${key} is in the schema`).toBeDefined();
        if (value && typeof value === "object" && !Array.isArray(value)) {
          for (const inner of Object.keys(value)) {
            if (key !== "rateLimits" || inner !== "operations")
              expect(property!.properties?.[inner], `${api}.${key}.${inner}`).toBeDefined();
          }
        }
      }
    }
  });

  it("accepts the defaults themselves (scalars and retention)", () => {
    const { accounts, signingKeys, ...gateway } = defaultConfig().gateway;
    const { clients, ...merchant } = defaultConfig().merchant;
    expect([accounts.length, signingKeys.length, clients.length]).toEqual([3, 1, 2]);
    expect(configFileProblems({ gateway, merchant }, dir)).toEqual([]);
  });

  it("docs/sandbox.md lists every key exactly as the schema has it (scripts/sandbox-config-docs.ts --write)", () => {
    const documented = documentedTable(readFileSync(sandboxDocPath, "utf8"));
    expect(documented, "docs/sandbox.md has the config-keys markers").toBeDefined();
    expect(documented).toBe(configKeysTable());
  });
});
