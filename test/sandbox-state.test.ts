/**
 * The sandbox's state as a value and everything scoped to its account (docs/sandbox.md): resets
 * swapped in whole and fixture loads built whole or not at all, one at a time, a request handled in
 * the state it arrived in, fault rules after authentication and per account, retention shares that
 * no merchant's traffic crosses, an isolated account forgotten with all it owns, `startSandbox`
 * that refuses a bad input naming it and leaves nothing open when it fails, and listeners that keep
 * answering while accounts are made.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import getPort from "get-port";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSigner, encodeForm } from "../src/toolkit/gateway";
import { startSandbox as startPublicSandbox, FixtureError } from "../src/testkit";
import { checkFixture } from "../src/testkit/sandbox/control/fixtures";
import { SandboxClock } from "../src/testkit/sandbox/cross-api/clock";
import { MAX_REGISTERED_CLIENTS, OAuthServer } from "../src/testkit/sandbox/merchant/records/oauth";
import type { RunningSandbox } from "../src/testkit/sandbox/server";
import { seeded } from "../src/testkit/sandbox/configuration/config";
import { GatewayClient, MerchantClient, startTestSandbox, validApplication } from "./support/sandbox";

const card = { pan: "4111111111111111", expire_month: "06", expire_year: "2035", csc: "987" };
const example = (name: string) => join(__dirname, "..", "docs", "examples", "fixtures", `${name}.yaml`);

type Account = { gateway: { account_id: string; api_key: string; signing_api_key: string; signing_private_key_pem: string } };

async function control(base: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${base}/_sandbox${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** A gateway client of an isolated account, signing with its own key (the toolkit's signer). */
function accountClient(base: string, account: Account) {
  const client = new GatewayClient(base, account.gateway.api_key);
  const signer = createSigner({ apiKey: account.gateway.signing_api_key, privateKey: account.gateway.signing_private_key_pem });
  return {
    post: (path: string, body: Record<string, unknown>) => {
      const raw = encodeForm(body);
      return client.post(path, raw, { signature: signer.headerFor(Buffer.from(raw)) });
    },
  };
}

async function transactionIds(base: string): Promise<string[]> {
  const listed = await control(base, "GET", "/state/transactions?per_page=100");
  return (listed.body.items as Array<{ id: string }>).map((item) => item.id);
}

describe("resets and fixture loads", () => {
  let sandbox: Awaited<ReturnType<typeof startPublicSandbox>>;
  beforeAll(async () => {
    sandbox = await startPublicSandbox({ fixtures: example("checkout-mid-way"), log: () => {} });
  });
  afterAll(() => sandbox.stop());

  it("three resets at once leave the start fixture built once, not three times", async () => {
    const before = (await transactionIds(sandbox.gatewayUrl)).length;
    expect(before).toBeGreaterThan(0);
    const resets = await Promise.all([1, 2, 3].map(() => control(sandbox.gatewayUrl, "POST", "/reset")));
    expect(resets.map((reset) => reset.status)).toEqual([200, 200, 200]);
    expect((await transactionIds(sandbox.gatewayUrl)).length).toBe(before);
    expect((await control(sandbox.gatewayUrl, "GET", "/fixtures")).body.items).toHaveLength(1);
  });

  it("a fixture loaded while a reset arrives is in the state it was listed in, or in none", async () => {
    const fixture = {
      accounts: [{ name: "fresh" }],
      gateway: { transactions: [{ name: "held", amount: 4242 }] },
    };
    const [loaded, reset] = await Promise.all([
      control(sandbox.gatewayUrl, "POST", "/fixtures", fixture),
      control(sandbox.gatewayUrl, "POST", "/reset"),
    ]);
    expect([loaded.status, reset.status]).toEqual([201, 200]);
    const listed = (await control(sandbox.gatewayUrl, "GET", "/fixtures")).body.items.some(
      (item: { source: string }) => item.source === "control API",
    );
    const built = (await transactionIds(sandbox.gatewayUrl)).includes(loaded.body.ids.held.authorization);
    // Whichever came first, the load is whole in the state it is listed in, and absent from any other.
    expect(built).toBe(listed);
    const fresh = new GatewayClient(sandbox.gatewayUrl, String(loaded.body.ids.fresh.credentials.gateway.api_key));
    expect((await fresh.get("/account")).status === 200).toBe(listed);
  });
});

describe("a fixture loaded into the state in force", () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    // The seeded client may create two applications a window: a client's one leaves one for a fixture.
    sandbox = await startTestSandbox({ merchant: { rateLimits: { operations: { createApplication: 2 } } } });
  });
  afterAll(() => sandbox.stop());

  const load = (fixture: object) => sandbox.loadFixture({ source: "control API", fixture: checkFixture(fixture, "control API") });
  const isolatedIds = () =>
    [...sandbox.gateway.keys.accounts.keys()].filter((id) => id.startsWith("isolated-") && !id.endsWith("-partner"));

  it("is never seen in part: between its accounts' key pairs, the state holds none of them or all, and its transactions with them", async () => {
    const names = ["first", "second", "third"];
    const seen: string[][] = [];
    let loading = true;
    const loaded = load({
      accounts: names.map((name) => ({ name })),
      gateway: { transactions: names.map((name) => ({ name: `${name}-payment`, account: name, amount: 700 })) },
    }).finally(() => (loading = false));
    // Each turn of the event loop a request could be handled in, the isolated accounts as it would find them.
    while (loading) {
      seen.push(isolatedIds());
      await new Promise((resolve) => setImmediate(resolve));
    }
    const { ids } = await loaded;
    const made = names.map((name) => String(ids[name]!.credentials!.gateway.account_id));
    const counts = new Set(seen.map((held) => made.filter((id) => held.includes(id)).length));
    expect(seen.length).toBeGreaterThan(names.length);
    expect([...counts].filter((count) => count !== 0 && count !== names.length)).toEqual([]);
    for (const [i, id] of made.entries())
      expect([...sandbox.gateway.store.recordsOf(id)].map((record) => record.id)).toEqual([ids[`${names[i]}-payment`]!.authorization]);
  });

  it("refused by a step in the state in force (a rate-limit window spent there) leaves that state as it was", async () => {
    const merchant = new MerchantClient(sandbox.merchantUrl);
    await merchant.login();
    expect((await merchant.call("POST", "/applications", validApplication)).status).toBe(201);
    // What the state view lists (its clock aside, which runs on) and the isolated accounts held.
    const view = async () => ({
      listed: await Promise.all(
        ["/state/transactions?per_page=100", "/state/applications?per_page=100", "/state/rate-limits", "/fixtures"].map(async (path) => ({
          ...(await control(sandbox.gatewayUrl, "GET", path)).body,
          clock: undefined,
        })),
      ),
      accounts: isolatedIds(),
    });
    const before = await view();
    expect(before.listed[2].items).toContainEqual(expect.objectContaining({ operation: "createApplication", used: 1 }));
    const refused = await load({
      accounts: [{ name: "shop" }],
      merchant: {
        applications: [
          { name: "first", account: "shop", application: validApplication },
          { name: "second", application: validApplication },
          { name: "third", application: validApplication },
        ],
      },
      gateway: { transactions: [{ name: "payment", amount: 900 }] },
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(FixtureError);
    expect(String((refused as Error).message)).toMatch(/\/merchant\/applications\/2: POST \S+ answered 429/);
    expect(await view()).toEqual(before);
  });
});

describe("a request held across a reset", () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.stop());

  it("is booked in the state it arrived in: its authorization does not exist after the reset, and cannot be captured", async () => {
    const before = sandbox.gateway;
    await control(sandbox.gatewayUrl, "POST", "/faults", { operation: "createAuthorization", action: { latency_ms: 400 }, count: 2 });
    const held = new GatewayClient(sandbox.gatewayUrl).post("/authorizations", { amount: 777, currency: "EUR", card });
    while ((await control(sandbox.gatewayUrl, "GET", "/faults")).body.items[0]?.applied !== 1)
      await new Promise((resolve) => setImmediate(resolve));
    expect((await control(sandbox.gatewayUrl, "POST", "/reset")).status).toBe(200);
    const answer = await held;
    expect(answer.status).toBe(201);
    const id = answer.body.id!;
    expect(before.store.remaining(id)).toBe(777);
    expect(sandbox.gateway).not.toBe(before);
    expect(sandbox.gateway.store.remaining(id)).toBeUndefined();
    expect(await transactionIds(sandbox.gatewayUrl)).not.toContain(id);
    const capture = await new GatewayClient(sandbox.gatewayUrl).post(`/authorizations/${id}/captures`, {});
    expect(capture.body.status?.code).not.toBe(20000);
  });
});

describe("fault rules", () => {
  let sandbox: RunningSandbox;
  let a: Account;
  let b: Account;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
    [a, b] = await Promise.all([sandbox.createAccount(), sandbox.createAccount()]);
  });
  afterAll(() => sandbox.stop());

  it("naming an account match only requests authenticated for it: one account's rule never hits another's capture", async () => {
    const added = await control(sandbox.gatewayUrl, "POST", "/faults", {
      operation: "createCapture",
      match: { account: a.gateway.account_id },
      action: { gateway_status_code: 40000 },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    for (const [account, expected] of [
      [b, 20000],
      [a, 40000],
    ] as const) {
      const client = accountClient(sandbox.gatewayUrl, account);
      const authorization = await client.post("/authorizations", { amount: 500, currency: "EUR", card });
      expect(authorization.body.status?.code).toBe(20000);
      const capture = await client.post(`/authorizations/${authorization.body.id}/captures`, {});
      expect(capture.body.status?.code).toBe(expected);
    }
    await control(sandbox.gatewayUrl, "DELETE", "/faults");
  });

  it("answering or declining act after authentication: a request without credentials or with a bad signature uses none up", async () => {
    await control(sandbox.gatewayUrl, "POST", "/faults", { operation: "createAuthorization", action: { status: 503 }, count: 1 });
    const gateway = new GatewayClient(sandbox.gatewayUrl);
    expect((await gateway.withKey("no-such-key").post("/authorizations", { amount: 1, currency: "EUR", card })).status).toBe(401);
    const badSignature = await gateway.post("/authorizations", { amount: 1, currency: "EUR", card }, { signature: "nope RS256-hex 00" });
    expect(badSignature.status).not.toBe(503);
    expect((await control(sandbox.gatewayUrl, "GET", "/faults")).body.items[0]).toMatchObject({ applied: 0, remaining: 1 });
    expect((await gateway.post("/authorizations", { amount: 1, currency: "EUR", card })).status).toBe(503);
    const merchant = new MerchantClient(sandbox.merchantUrl);
    await control(sandbox.gatewayUrl, "POST", "/faults", { operation: "listApplications", action: { status: 503 }, count: 1 });
    expect((await merchant.raw("GET", `${sandbox.merchantUrl}/applications`)).status).toBe(401);
    expect((await control(sandbox.gatewayUrl, "GET", "/faults")).body.items[0]).toMatchObject({ applied: 0 });
    await merchant.login();
    expect((await merchant.call("GET", "/applications")).status).toBe(503);
  });

  it("modelling the network (latency, close) say they act before authentication, and cannot name an account", async () => {
    const refused = await control(sandbox.gatewayUrl, "POST", "/faults", {
      operation: "createCapture",
      match: { account: a.gateway.account_id },
      action: { close: "before-processing" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^match\.account: /);
  });
});

describe("retention shares", () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox({
      gateway: { retention: { maxTransactions: 200 } },
      merchant: { retention: { maxApplications: 200 } },
    });
  });
  afterAll(() => sandbox.stop());

  it("count the isolated accounts apart: two of them, each at its share, evict nothing of the seeded merchant's", async () => {
    const gateway = new GatewayClient(sandbox.gatewayUrl);
    const open: string[] = [];
    for (let i = 0; i < 3; i++) open.push((await gateway.post("/authorizations", { amount: 900, currency: "EUR", card })).body.id!);
    const merchant = new MerchantClient(sandbox.merchantUrl);
    await merchant.login();
    const application = await merchant.call("POST", "/applications", validApplication);
    expect(application.status).toBe(201);
    for (const account of [await sandbox.createAccount(), await sandbox.createAccount()]) {
      const client = accountClient(sandbox.gatewayUrl, account);
      // An isolated account's share: the bound of 200 in 100 parts.
      for (let i = 0; i < 5; i++) await client.post("/authorizations", { amount: 100, currency: "EUR", card });
      expect([...sandbox.gateway.store.recordsOf(account.gateway.account_id)]).toHaveLength(2);
      const own = new MerchantClient(sandbox.merchantUrl);
      await own.login(account.merchant.client_id, account.merchant.client_secret);
      for (let i = 0; i < 5; i++) expect((await own.call("POST", "/applications", validApplication)).status).toBe(201);
      expect((await own.call("GET", "/applications")).body.count).toBe(2);
    }
    for (const id of open) expect(sandbox.gateway.store.remaining(id)).toBe(900);
    expect((await merchant.call("GET", application.body._links.self.href)).status).toBe(200);
  });
});

describe("an isolated account forgotten", () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.stop());

  // 100 RSA key pairs take tens of seconds of CPU on a busy machine: asserted by progress, never by time.
  it("takes the clients it registered with it, and the listeners answer all along while 100 more are made", async () => {
    const first = await sandbox.createAccount();
    const own = new MerchantClient(sandbox.merchantUrl);
    await own.login(first.merchant.client_id, first.merchant.client_secret);
    const registered = await own.call("POST", "/oauth/clients", { client_name: "registered by the first" });
    expect(registered.status).toBe(201);
    const { client_id, client_secret } = registered.body as { client_id: string; client_secret: string };
    const viaRegistered = new MerchantClient(sandbox.merchantUrl);
    expect((await viaRegistered.login(client_id, client_secret)).status).toBe(200);

    // 100 more accounts push the first out; meanwhile a client keeps reading its account.
    let made = 0;
    const making = Promise.all(Array.from({ length: 100 }, () => sandbox.createAccount().then(() => void made++)));
    let answered = 0;
    let answeredWhileMaking = 0;
    const gateway = new GatewayClient(sandbox.gatewayUrl);
    while (made < 100) {
      expect((await gateway.get("/account")).status).toBe(200);
      answered++;
      if (made < 100) answeredWhileMaking = answered;
    }
    await making;
    // Key pairs made on the event loop answered about one read per account made; off it, many more.
    expect(answeredWhileMaking).toBeGreaterThan(300);

    expect((await own.call("GET", "/applications")).status).toBe(401);
    expect((await new MerchantClient(sandbox.merchantUrl).login(first.merchant.client_id, first.merchant.client_secret)).status).toBe(401);
    expect((await new MerchantClient(sandbox.merchantUrl).login(client_id, client_secret)).status).toBe(401);
    expect((await viaRegistered.call("GET", "/applications")).status).toBe(401);
  });
});

describe("bounds", () => {
  it(`registered clients: at most ${MAX_REGISTERED_CLIENTS} for the configured merchants, exactly`, () => {
    const seeds = [{ client_id: seeded.merchant.clientId, client_secret: seeded.merchant.clientSecret }];
    const oauth = new OAuthServer(seeds, new SandboxClock(), 3600);
    const registrar = oauth.authenticateClient(
      "Basic " + Buffer.from(`${seeded.merchant.clientId}:${seeded.merchant.clientSecret}`).toString("base64"),
    );
    if (!registrar.ok) throw new Error("the seeded client does not authenticate");
    for (let i = 0; i < MAX_REGISTERED_CLIENTS + 1; i++) oauth.register({ client_name: `c${i}` }, registrar.client);
    expect(oauth.clientCount - seeds.length).toBe(MAX_REGISTERED_CLIENTS);
  });
});

describe("startSandbox", () => {
  async function portsFree(ports: number[]): Promise<boolean> {
    for (const port of ports) {
      const free = await new Promise<boolean>((resolve) => {
        const probe = createServer();
        probe.once("error", () => resolve(false));
        probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
      });
      if (!free) return false;
    }
    return true;
  }

  it("refuses a bad port, log file or exchange count in one line naming it, binding no port", async () => {
    const dir = mkdtempSync(join(tmpdir(), "bad-inputs-"));
    try {
      const gateway = await getPort();
      const missing = join(dir, "no-such-folder", "exchanges.ndjson");
      for (const [options, line] of [
        [{ ports: { gateway, merchant: 70000 } }, "ports.merchant must be a port number from 0 to 65535, got 70000"],
        [{ ports: { gateway }, logFile: missing }, `logFile ${missing} cannot be appended to (ENOENT): name a writable file`],
        [{ ports: { gateway }, exchanges: 0 }, "exchanges must be a whole number from 1 to 100000, got 0"],
      ] as const) {
        await expect(startPublicSandbox({ ...options, log: () => {} })).rejects.toThrow(line);
        expect(await portsFree([gateway])).toBe(true);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ["the schema refuses", "gateway:\n  transactions:\n    - { name: t, amount: -1 }\n"],
    ["the API refuses", "gateway:\n  transactions:\n    - { name: t, amount: 500, captures: [{ amount: 900 }] }\n"],
  ])("with a fixture %s rejects and leaves no port bound", async (_, text) => {
    const dir = mkdtempSync(join(tmpdir(), "bad-fixture-"));
    try {
      const file = join(dir, "bad.yaml");
      writeFileSync(file, text);
      const ports = [await getPort(), await getPort(), await getPort()];
      const started = startPublicSandbox({
        fixtures: file,
        ports: { gateway: ports[0], merchant: ports[1], storage: ports[2] },
        log: () => {},
      });
      await expect(started).rejects.toBeInstanceOf(FixtureError);
      expect(await portsFree(ports)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
