/**
 * Sandbox fixtures (src/testkit/sandbox/control/fixtures/): the shipped examples build the states they
 * promise, read back through the APIs; a fixture that breaks a rule of the schema or of the APIs
 * is refused naming its path and leaves the sandbox as it was; `payment-apis sandbox --fixtures`
 * builds one before `ready` and refuses a bad file before it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEnvironment } from "../generated/gateway/constants";
import {
  checkFixture,
  FixtureError,
  loadFixtureFile,
  parseFixture,
  type Fixture,
  type FixtureFormat,
} from "../src/testkit/sandbox/control/fixtures";
import { loadBundledSpec } from "../src/testkit/openapi-model/document";
import { seeded, seededPrivateKeyPath } from "../src/testkit/sandbox/configuration/config";
import { createSigner } from "../src/toolkit/gateway";
import type { RunningSandbox } from "../src/testkit/sandbox/server";
import { readyUrls, sandboxCliInTree, startServing } from "./support/processes";
import { runChild } from "../src/testkit/serve/children";
import { expand, GatewayClient, MerchantClient, startTestSandbox, validApplication, validPerson } from "./support/sandbox";

const projectRoot = join(__dirname, "..");
const example = (name: string) => join(projectRoot, "docs", "examples", "fixtures", `${name}.yaml`);
const dir = mkdtempSync(join(tmpdir(), "sandbox-fixtures-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fixtureFile(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

async function merchantOf(sandbox: RunningSandbox): Promise<MerchantClient> {
  const api = new MerchantClient(sandbox.merchantUrl);
  await api.login();
  return api;
}

/** Checks a fixture and builds it in the sandbox's state, as its control API's loadFixture does. */
function applyFixture(sandbox: RunningSandbox, fixture: unknown, source = "fixture") {
  return Promise.resolve().then(() => sandbox.loadFixture({ source, fixture: checkFixture(fixture, source) }));
}

/** The problems of a refused fixture, as its error lists them. */
async function refusal(work: Promise<unknown>): Promise<FixtureError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FixtureError);
  return error as FixtureError;
}

describe("the published schema", () => {
  const published = JSON.parse(readFileSync(join(projectRoot, "generated", "sandbox-control", "fixture.schema.json"), "utf8")) as {
    $defs: Record<string, unknown>;
  };
  /** A spec's schema as the bundle has it: its `x-` extensions are hints, left out. */
  const rules = (schema: unknown): unknown =>
    JSON.parse(JSON.stringify(schema, (key, value: unknown) => (key.startsWith("x-") ? undefined : value)));

  it("states the APIs' facts by reference to their specs: the gateway's Amount, Currency and StatusCode, the merchant's dispute statuses", () => {
    const gateway = loadBundledSpec("gateway").components!.schemas!;
    for (const name of ["Amount", "Currency", "StatusCode"]) expect(published.$defs[name], name).toEqual(rules(gateway[name]));
    const dispute = loadBundledSpec("merchant").components!.schemas!.Dispute as { properties: { status: unknown } };
    expect(published.$defs.status).toEqual(rules(dispute.properties.status));
  });

  it("is closed and bounded everywhere: every object, list, text and number", () => {
    const problems: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (Array.isArray(node)) return node.forEach((child, i) => walk(child, `${path}/${i}`));
      if (typeof node !== "object" || node === null) return;
      const schema = node as Record<string, unknown>;
      if (schema.type === "object" && schema.additionalProperties !== false && schema.maxProperties === undefined)
        problems.push(`${path}: open object`);
      if (schema.type === "array" && schema.maxItems === undefined) problems.push(`${path}: unbounded list`);
      if (schema.type === "string" && schema.maxLength === undefined && schema.enum === undefined) problems.push(`${path}: unbounded text`);
      const constants = Array.isArray(schema.oneOf) && schema.oneOf.every((branch) => (branch as { const?: unknown }).const !== undefined);
      if (
        schema.type === "integer" &&
        !constants &&
        schema.enum === undefined &&
        (schema.minimum === undefined || schema.maximum === undefined)
      )
        problems.push(`${path}: unbounded integer`);
      for (const [key, child] of Object.entries(schema)) if (key !== "enum" && key !== "required") walk(child, `${path}/${key}`);
    };
    walk(published, "");
    expect(problems).toEqual([]);
  });

  it("every shipped example passes it", () => {
    for (const name of ["checkout-mid-way", "onboarding-awaiting-documents", "disputed-payment"])
      expect(() => loadFixtureFile(example(name))).not.toThrow();
  });

  it("the example in docs/sandbox.md's Fixtures section builds what it says", async () => {
    const markdown = readFileSync(join(projectRoot, "docs", "sandbox.md"), "utf8");
    const section = markdown.slice(markdown.indexOf("## Fixtures"), markdown.indexOf("## The test clock"));
    const text = /```yaml\n([\s\S]*?)```/.exec(section)?.[1];
    expect(text).toBeDefined();
    const sandbox = await startTestSandbox();
    try {
      const { ids } = await applyFixture(sandbox, parseFixture(text!, "docs/sandbox.md"));
      expect(ids["checkout"]!.captures).toEqual([ids["first-shipment"]!.id]);
      expect(ids["declined-card"]!.status).toBe(40120);
      const api = await merchantOf(sandbox);
      expect((await api.call("GET", ids["chargeback"]!.href!)).body.status).toBe("refuted");
    } finally {
      await sandbox.stop();
    }
  });
});

describe("the shipped examples build what they promise", () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.stop());

  it("checkout-mid-way: partly captured, declined, a series renewed, voided, partly refunded, a refunded debit", async () => {
    const { ids } = await applyFixture(sandbox, loadFixtureFile(example("checkout-mid-way")));
    const gateway = new GatewayClient(sandbox.gatewayUrl);
    // What remains to capture is what the fixture left: 12500 authorized, 5000 captured.
    const rest = await gateway.post(`/authorizations/${ids["checkout"]!.authorization}/captures`, {});
    expect([rest.status, rest.body.amount]).toEqual([201, 7500]);
    expect(ids["first-shipment"]).toMatchObject({ kind: "capture", transaction: "checkout", id: ids["checkout"]!.captures![0] });

    expect(ids["declined-card"]).toMatchObject({ kind: "transaction", status: 40120 });
    const onDeclined = await gateway.post(`/authorizations/${ids["declined-card"]!.authorization}/captures`, {});
    expect(onDeclined.body.status?.code).not.toBe(20000);

    // The renewal is a subsequent payment of the subscription's series: it can be followed in turn (same card, the fixture's default).
    const next = await gateway.post("/authorizations", {
      amount: 4900,
      currency: "EUR",
      series: { previous: { id: ids["renewal"]!.authorization } },
      card: { pan: testEnvironment["accepted-test-pans"][0], expire_month: "12", expire_year: String(new Date().getUTCFullYear() + 5) },
    });
    expect(next.body.status?.code, JSON.stringify(next.body)).toBe(20000);

    const afterVoid = await gateway.post(`/authorizations/${ids["cancelled-order"]!.authorization}/captures`, {});
    expect(afterVoid.body.status?.code).toBe(40200);
    expect(ids["cancelled-order"]!.void).toBeTypeOf("string");

    // 2000 captured, 500 refunded: 1500 is left to refund.
    const refundRest = await gateway.post(`/authorizations/${ids["returned-order"]!.authorization}/refunds`, {});
    expect([refundRest.status, refundRest.body.amount]).toEqual([201, 1500]);

    // A debit takes one refund: the fixture's was it.
    expect(ids["payout"]!.refunds).toHaveLength(1);
    const second = await gateway.post(`/debits/${ids["payout"]!.debit}/refunds`, {});
    expect(second.body.status?.code).toBe(40200);
    expect(sandbox.violations.entries).toEqual([]);
  });

  it("onboarding-awaiting-documents: unsubmitted, gateway selected, the passport uploaded, the proof of address missing", async () => {
    const { ids } = await applyFixture(sandbox, loadFixtureFile(example("onboarding-awaiting-documents")));
    const api = await merchantOf(sandbox);
    const application = await api.call("GET", ids["onboarding"]!.href!);
    expect(application.body.metadata.state).toBe("unsubmitted");
    expect(application.body.signer).toEqual({ name: "Anna Jensen", email: "anna@example.com" });
    const gateways = await api.call("GET", expand(application.body._links["ch:gateways"]));
    expect(gateways.body._embedded["ch:gateways"].map((g: { id: string }) => g.id)).toEqual(["gw-sandbox-one"]);

    const passport = await api.call("GET", ids["passport"]!.href!);
    const download = passport.body._links["ch:data"].find((l: { name: string }) => l.name === "download").href;
    expect((await api.call("GET", download)).text).toBe("%PDF-1.7 passport scan");
    const comments = await api.call("GET", expand(application.body._links["ch:comments"]));
    expect(comments.body._embedded["ch:comments"].map((c: { body: string }) => c.body)).toEqual([
      "Please upload a proof of address for Anna Jensen.",
    ]);

    // Awaiting documents: submitting is refused for the person's missing file, and for nothing else.
    const submit = application.body._links["ch:stamps"].find((s: { name: string }) => s.name === "submitted").href;
    const refused = await api.call("PUT", submit);
    expect(refused.status).toBe(409);
    expect(Object.keys(refused.body.errors)).toEqual([`people.${ids["director"]!.id}.files`]);
  });

  it("disputed-payment: the first open seeded dispute refuted with its evidence and a note", async () => {
    const { ids } = await applyFixture(sandbox, loadFixtureFile(example("disputed-payment")));
    expect(ids["payment"]!.captures).toHaveLength(1);
    const api = await merchantOf(sandbox);
    const dispute = await api.call("GET", ids["chargeback"]!.href!);
    expect(dispute.body.status).toBe("refuted");
    const files = await api.call("GET", expand(dispute.body._links["ch:files"]));
    expect(files.body._embedded["ch:files"].map((f: { _links: { self: { href: string } } }) => f._links.self.href)).toEqual([
      ids["evidence"]!.href,
    ]);
    const evidence = await api.call("GET", ids["evidence"]!.href!);
    const download = evidence.body._links["ch:data"].find((l: { name: string }) => l.name === "download").href;
    expect((await api.call("GET", download)).text).toContain("signed by A. Jensen");

    // Applied again, it takes the next open dispute: the refuted one is not open any more.
    const again = await applyFixture(sandbox, loadFixtureFile(example("disputed-payment")));
    expect(again.ids["chargeback"]!.id).not.toBe(ids["chargeback"]!.id);
  });

  it("an application can be built all the way to submitted, with its person's files, and its contract signed", async () => {
    const files = [
      {
        name: "passport",
        file: { label: "picture_legitimation", content_type: "image/png" },
        content_base64: Buffer.from("png bytes").toString("base64"),
      },
      { name: "bill", file: { label: "address_legitimation", content_type: "application/pdf" }, content: "%PDF bill" },
    ];
    const fixture: Fixture = {
      merchant: {
        applications: [
          {
            name: "shop",
            application: validApplication,
            people: [{ name: "owner", person: validPerson, files }],
            gateway: "gw-sandbox-two",
            stamps: ["submitted"],
            contract_stamps: ["signed"],
          },
        ],
      },
    };
    const { ids } = await applyFixture(sandbox, fixture);
    const api = await merchantOf(sandbox);
    const application = await api.call("GET", ids["shop"]!.href!);
    expect(application.body.metadata.state).toBe("submitted");
    const contracts = await api.call("GET", expand(application.body._links["ch:contracts"]));
    expect(contracts.body._embedded["ch:contracts"].map((c: { state: string }) => c.state)).toEqual(["signed"]);
    const passport = await api.call("GET", ids["passport"]!.href!);
    const download = passport.body._links["ch:data"].find((l: { name: string }) => l.name === "download").href;
    expect((await api.call("GET", download)).text).toBe("png bytes");
  });
});

describe("a fixture that breaks a rule is refused naming the path, and changes nothing", () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.stop());

  /** What a client sees of the state: the applications and the disputes with their status. */
  async function listing(): Promise<unknown> {
    const api = await merchantOf(sandbox);
    const applications = await api.call("GET", "/applications?per_page=50");
    const disputes = await api.call("GET", "/disputes?per_page=50");
    return {
      applications: applications.body.count,
      disputes: disputes.body._embedded["ch:disputes"].map((d: { id: string; status: string }) => `${d.id} ${d.status}`),
    };
  }

  /** A fixture that builds an application first, then `rest`: what fails after it must not leave the application. */
  const withApplication = (rest: Fixture): Fixture => ({
    ...rest,
    merchant: {
      ...rest.merchant,
      applications: [{ name: "first", application: validApplication }, ...(rest.merchant?.applications ?? [])],
    },
  });

  it.each<[string, Fixture, string, RegExp]>([
    [
      "an unknown key",
      withApplication({ gateway: { transactions: [{ name: "order", amout: 100 } as unknown as FixtureFormat["FixtureTransaction"]] } }),
      "/gateway/transactions/0/amout",
      /^unknown key "amout" \(did you mean "amount"\?\); known keys: /,
    ],
    [
      "an amount out of bounds",
      withApplication({ gateway: { transactions: [{ name: "order", amount: 1_000_000_000 }] } }),
      "/gateway/transactions/0/amount",
      /^must be <= 999999999$/,
    ],
    [
      "a capture above the authorized amount",
      withApplication({ gateway: { transactions: [{ name: "order", amount: 1000, captures: [{ amount: 1001 }] }] } }),
      "/gateway/transactions/0/captures/0",
      /40200/,
    ],
    [
      "a stamp the dispute does not offer",
      withApplication({ merchant: { disputes: [{ name: "d", status: "under_review", stamps: ["refuted"] }] } }),
      "/merchant/disputes/0/stamps/0",
      /stamp "refuted" is not offered; offered: /,
    ],
    [
      "a stamp the application does not offer yet (submitted without people)",
      withApplication({
        merchant: { applications: [{ name: "early", application: validApplication, stamps: ["archived", "submitted"] }] },
      }),
      "/merchant/applications/1/stamps/1",
      /stamp "submitted" is not offered; offered: /,
    ],
    [
      "a contract stamp before there is a contract",
      withApplication({ merchant: { applications: [{ name: "c", application: validApplication, contract_stamps: ["signed"] }] } }),
      "/merchant/applications/1/contract_stamps",
      /no contract yet/,
    ],
    [
      "an application body the API refuses",
      withApplication({ merchant: { applications: [{ name: "bad", application: { business_model: { trading_name: "x" } } }] } }),
      "/merchant/applications/1",
      /400.*business_model\.description is required/,
    ],
    [
      "a gateway that is not selectable",
      withApplication({ merchant: { applications: [{ name: "g", application: validApplication, gateway: "gw-nowhere" }] } }),
      "/merchant/applications/1/gateway",
      /"gw-nowhere" is not selectable; selectable: gw-sandbox-one/,
    ],
    [
      "a second refund of a debit",
      withApplication({
        gateway: {
          transactions: [
            {
              name: "payout",
              type: "debit",
              amount: 500,
              params: { recipient: { name: "Jensen Anna M", account_number: "DK5000400440116243", account_number_type: "iban" } },
              refunds: [{}, {}],
            },
          ],
        },
      }),
      "/gateway/transactions/0/refunds/1",
      /40200/,
    ],
  ])("%s", async (_, fixture, path, rule) => {
    const before = await listing();
    const error = await refusal(applyFixture(sandbox, fixture));
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]!.path).toBe(path);
    expect(error.problems[0]!.rule).toMatch(rule);
    expect(error.message).toBe(`fixture ${path}: ${error.problems[0]!.rule}`);
    expect(await listing()).toEqual(before);
  });

  it.each<[string, string, string[]]>([
    [
      "an unknown key",
      "gateway:\n  transactions:\n    - name: a\n      amout: 100\n",
      ['/gateway/transactions/0/amout: unknown key "amout" (did you mean "amount"?); known keys: name, account, type, amount,'],
    ],
    [
      "an amount out of bounds",
      '{"gateway": {"transactions": [{"name": "a", "amount": 1000000000}]}}',
      ["/gateway/transactions/0/amount: must be <= 999999999"],
    ],
    [
      "a decline code the gateway spec does not list, and the approved code as a decline",
      "gateway:\n  transactions:\n    - { name: a, decline: 40999 }\n    - { name: b, decline: 20000 }\n",
      [
        "/gateway/transactions/0/decline: must be a status code of the spec: 20000, 40000, ",
        "/gateway/transactions/1/decline: must not be 20000",
      ],
    ],
    [
      "a name given twice",
      "gateway:\n  transactions:\n    - { name: a, amount: 1 }\n    - { name: a, amount: 2 }\n",
      ['/gateway/transactions/1/name: duplicate name "a": already the name of /gateway/transactions/0'],
    ],
    [
      "a series following no earlier transaction",
      "gateway:\n  transactions:\n    - { name: a, amount: 1, series: { previous: b } }\n",
      ['/gateway/transactions/0/series/previous: no earlier transaction "b" in gateway.transactions'],
    ],
    [
      "an account not declared",
      "merchant:\n  applications:\n    - { name: a, account: shop, application: {} }\n",
      ['/merchant/applications/0/account: no account "shop" in accounts'],
    ],
    [
      "a dispute status the spec does not know",
      "merchant:\n  disputes:\n    - { name: a, status: opened }\n",
      ["/merchant/disputes/0/status: must be one of open, refuted, under_review, won, lost"],
    ],
    [
      "a body nested deeper than the schema bounds",
      "merchant:\n  applications:\n    - { name: a, application: { a: { b: { c: { d: 1 } } } } }\n",
      ["/merchant/applications/0/application/a/b/c: must be text, a number"],
    ],
  ])("%s: refused before anything is built, one line per problem naming the file and path", async (_, text, lines) => {
    const file = fixtureFile("bad.yaml", text);
    let error: unknown;
    try {
      loadFixtureFile(file);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FixtureError);
    const message = (error as Error).message.split("\n");
    expect(message).toHaveLength(lines.length);
    lines.forEach((line, i) => expect(message[i]).toContain(`${file} ${line}`));
  });

  it("text that is not YAML or JSON is refused in one line", () => {
    expect(() => parseFixture("gateway: [unclosed\n  - {", "f.yaml")).toThrow(
      /^f\.yaml \/: not YAML or JSON: [^\n]+ at line 1, column 11$/,
    );
    expect(() => parseFixture("just words", "f.yaml")).toThrow(/^f\.yaml \/: must be object$/);
  });

  it("a fixture's account is a fresh one: what it builds there no other client sees", async () => {
    const before = await listing();
    const { ids } = await applyFixture(sandbox, {
      accounts: [{ name: "shop" }],
      gateway: { transactions: [{ name: "order", account: "shop", amount: 700, captures: [{ amount: 200 }] }] },
      merchant: { applications: [{ name: "own", account: "shop", application: validApplication }] },
    });
    const credentials = ids["shop"]!.credentials!;
    // The seeded client sees nothing new; the account's own client sees its application.
    expect(await listing()).toEqual(before);
    const own = new MerchantClient(sandbox.merchantUrl);
    await own.login(credentials.merchant.client_id, credentials.merchant.client_secret);
    expect((await own.call("GET", ids["own"]!.href!)).status).toBe(200);
    // The authorization is the account's: its key captures the rest, the seeded key does not know it.
    const rest = `/authorizations/${ids["order"]!.authorization}/captures`;
    expect((await new GatewayClient(sandbox.gatewayUrl).post(rest, {})).body.status?.code).not.toBe(20000);
    const body = "";
    const signed = await new GatewayClient(sandbox.gatewayUrl, credentials.gateway.api_key).post(rest, body, {
      signature: createSigner({
        apiKey: credentials.gateway.signing_api_key,
        privateKey: credentials.gateway.signing_private_key_pem,
      }).headerFor(Buffer.from(body)),
    });
    expect([signed.body.status?.code, signed.body.amount]).toEqual([20000, 500]);
  });
});

describe("an account of credentials the sandbox already knows (from the config file)", () => {
  const extra = {
    gateway: {
      accounts: [
        {
          id: "configured-shop",
          type: "merchant" as const,
          partner: seeded.gateway.partnerAccountId,
          keys: [{ key: "configured-shop-key" }],
        },
      ],
    },
    merchant: { clients: [{ client_id: "configured-client", client_secret: "configured-secret", merchant: "configured-shop" }] },
  };
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox(extra);
  });
  afterAll(() => sandbox.stop());

  const fixtureText = (keyFile: string) =>
    [
      "accounts:",
      "  - name: configured",
      "    credentials:",
      `      gateway: { api_key: configured-shop-key, signing_api_key: ${seeded.gateway.signingKeyId}, signing_private_key_file: ${keyFile} }`,
      "      merchant: { client_id: configured-client, client_secret: configured-secret }",
      "gateway:",
      "  transactions:",
      "    - { name: order, account: configured, amount: 900, captures: [{ amount: 400 }] }",
      "merchant:",
      "  applications:",
      `    - { name: shop, account: configured, application: ${JSON.stringify(validApplication)} }`,
      "",
    ].join("\n");

  it("builds with them (the key file read relative to the fixture file), checked first on a state of the same config", async () => {
    const file = fixtureFile("configured.yaml", fixtureText(relative(dir, seededPrivateKeyPath)));
    const { ids } = await applyFixture(sandbox, loadFixtureFile(file));
    const own = new MerchantClient(sandbox.merchantUrl);
    await own.login("configured-client", "configured-secret");
    expect((await own.call("GET", ids["shop"]!.href!)).status).toBe(200);
    expect((await (await merchantOf(sandbox)).call("GET", ids["shop"]!.href!)).status).toBe(404);
    const rest = await new GatewayClient(sandbox.gatewayUrl, "configured-shop-key").post(
      `/authorizations/${ids["order"]!.authorization}/captures`,
      {},
    );
    expect([rest.body.status?.code, rest.body.amount]).toEqual([20000, 500]);
  });

  it("refuses a key file that cannot be read, a key file in a body that is no file, and an account lacking the part an entity uses", () => {
    const missing = fixtureFile("missing-key.yaml", fixtureText("no-such.pem"));
    expect(() => loadFixtureFile(missing)).toThrow(
      `${missing} /accounts/0/credentials/gateway/signing_private_key_file: cannot read ${join(dir, "no-such.pem")}: no such file`,
    );
    expect(() => parseFixture(fixtureText(seededPrivateKeyPath), "request body")).toThrow(
      "request body /accounts/0/credentials/gateway/signing_private_key_file: only a fixture file names key files: give signing_private_key_pem",
    );
    const notAKey = fixtureText("x").replace(/signing_private_key_file: x/, "signing_private_key_pem: not a key");
    expect(() => parseFixture(notAKey, "f")).toThrow("f /accounts/0/credentials/gateway: the signing key is not a PEM private key");
    const merchantOnly =
      "accounts:\n  - { name: m, credentials: { merchant: { client_id: a, client_secret: b } } }\ngateway:\n  transactions:\n    - { name: t, account: m, amount: 1 }\n";
    expect(() => parseFixture(merchantOnly, "f")).toThrow('f /gateway/transactions/0/account: account "m" has no gateway credentials');
  });
});

describe("payment-apis sandbox --fixtures", () => {
  it.each([
    ["a file the schema refuses", "- { name: a, amount: -1 }", "/gateway/transactions/0/amount: must be >= 0"],
    [
      "a fixture the API refuses",
      "- { name: a, amount: 100, captures: [{ amount: 101 }] }",
      "/gateway/transactions/0/captures/0: answered 40200 (amount exceeds the remaining amount",
    ],
  ])(
    "%s stops the start with exit 1 and one line per problem, before ready",
    async (_, transaction, line) => {
      const file = fixtureFile("bad-start.yaml", `gateway:\n  transactions:\n    ${transaction}\n`);
      const { code, output } = await runChild(process.execPath, [...sandboxCliInTree, "--fixtures", file], { cwd: projectRoot });
      expect(code, output).toBe(1);
      expect(output).toContain(`error: ${file} ${line}`);
      expect(output).not.toMatch(/^ready /m);
    },
    60_000,
  );

  it("a good file (SANDBOX_FIXTURES) is built before ready", async () => {
    const serving = await startServing(process.execPath, [...sandboxCliInTree], projectRoot, {
      ...process.env,
      SANDBOX_FIXTURES: example("onboarding-awaiting-documents"),
    });
    try {
      const urls = readyUrls(serving.ready);
      const api = new MerchantClient(urls["merchant-sandbox"]!);
      await api.login();
      const applications = await api.call("GET", "/applications");
      expect(
        applications.body._embedded["ch:applications"].map(
          (a: { business_model: { trading_name: string } }) => a.business_model.trading_name,
        ),
      ).toEqual(["Acme Coffee"]);
    } finally {
      serving.child.kill("SIGTERM");
      await new Promise((done) => serving.child.once("exit", done));
    }
  });
});
