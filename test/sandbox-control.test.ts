/**
 * The sandbox's control API (openapi/sandbox-control/, served under /_sandbox/ on both API
 * listeners): reset, isolated accounts, fault rules and the exchange record, as an integrator's
 * tests use them. Every control answer is checked here against the control spec's bundle with
 * the project's response validator (the sandbox checks them too), and every operation of that
 * spec is called.
 */
import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClientNetworkError, createGatewayClient } from "../src/toolkit/gateway";
import { checkResponse } from "../src/testkit/openapi-model/check-response";
import { apiModel } from "../src/testkit/openapi-model/operation-model";
import { seeded } from "../src/testkit/sandbox/configuration/config";
import { exchangeStream } from "../src/testkit/sandbox/control/console/serve";
import { ExchangeRecord } from "../src/testkit/sandbox/control/exchanges";
import type { RunningSandbox } from "../src/testkit/sandbox/server";
import {
  expand,
  GatewayClient,
  keys,
  MerchantClient,
  privateKeyPem,
  sandboxLog,
  signer,
  startTestSandbox,
  validApplication,
  validPerson,
} from "./support/sandbox";

const model = apiModel("sandbox-control");
const router = model.router;
const called = new Set<string>();

let sandbox: RunningSandbox;

/** A control call, checked against the control spec. */
async function control(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${sandbox.gatewayUrl}/_sandbox${path}`, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  // JSON answers parsed; the console's page and files are text (the validator reads their bytes).
  const parsed: unknown = !text
    ? undefined
    : /json/.test(response.headers.get("content-type") ?? "")
      ? JSON.parse(text)
      : Buffer.from(text, "utf8");
  const routed = router.match(method, path.split("?")[0]!);
  if (routed.kind === "match") {
    called.add(routed.route.operationId);
    const outgoing = { status: response.status, headers: Object.fromEntries(response.headers), body: Buffer.from(text, "utf8") };
    expect(checkResponse(model, routed.route, outgoing, { method }), `${method} ${path} ${response.status}`).toEqual([]);
  }
  return { status: response.status, body: parsed };
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
});

afterAll(async () => {
  expect(sandbox.violations.entries, "responses that broke the spec").toEqual([]);
  expect(
    sandboxLog.filter((line) => line.includes("[sandbox:control]")),
    "control answers that broke the control spec",
  ).toEqual([]);
  await sandbox.stop();
});

const card = { pan: "4111111111111111", expire_month: "06", expire_year: "2035", csc: "987" };

describe("reset", () => {
  it("puts every store back to the seeds, the clock to now, and clears the fault rules", async () => {
    const gateway = new GatewayClient(sandbox.gatewayUrl);
    const authorization = await gateway.post("/authorizations", { amount: 1000, currency: "EUR", card });
    expect(authorization.status).toBe(201);
    const merchant = new MerchantClient(sandbox.merchantUrl);
    await merchant.login();
    const app = await merchant.call("POST", "/applications", validApplication);
    expect(app.status).toBe(201);
    expect((await control("POST", "/clock", { advance_seconds: 3600 })).body.offset_seconds).toBe(3600);
    expect((await control("POST", "/faults", { operation: "getAccount", action: { latency_ms: 1 } })).status).toBe(201);

    const reset = await control("POST", "/reset");
    expect(reset.status).toBe(200);
    expect(reset.body.offset_seconds).toBe(0);
    expect((await control("GET", "/faults")).body.items).toEqual([]);
    expect((await gateway.post(`/authorizations/${authorization.body.id}/captures`, "")).body.status?.message).toBe(
      "invalid transaction id",
    );
    // Tokens issued before a reset are gone with the old state.
    expect((await merchant.call("GET", "/applications")).status).toBe(401);
    await merchant.login();
    expect((await merchant.call("GET", app.body._links.self.href)).status).toBe(404);
  });
});

describe("isolated accounts", () => {
  it("give each test a merchant account on both APIs that no other client sees", async () => {
    const first = (await control("POST", "/accounts")).body;
    const second = (await control("POST", "/accounts")).body;
    expect(first.gateway.api_key).not.toBe(second.gateway.api_key);
    const clientOf = (account: typeof first) =>
      createGatewayClient({
        baseUrl: sandbox.gatewayUrl,
        apiKey: account.gateway.api_key,
        signing: { apiKey: account.gateway.signing_api_key, privateKey: account.gateway.signing_private_key_pem },
      });
    const mine = await clientOf(first).authorize({ amount: 700, currency: "EUR", card });
    expect(mine.approved).toBe(true);
    if (!mine.approved) return;
    // Another isolated account cannot capture it, nor can the seeded merchant.
    await expect(clientOf(second).capture(mine.transaction.id, { amount: 100 })).rejects.toThrow(/invalid transaction id/);
    expect(
      (await new GatewayClient(sandbox.gatewayUrl).post(`/authorizations/${mine.transaction.id}/captures`, "")).body.status?.message,
    ).toBe("invalid transaction id");
    // The seeded signing key is not this account's partner's.
    const seededSigned = await new GatewayClient(sandbox.gatewayUrl, first.gateway.api_key).post("/authorizations", {
      amount: 100,
      currency: "EUR",
      card,
    });
    expect(seededSigned.body.status?.message).toBe("invalid signing api-key");

    const merchant = new MerchantClient(sandbox.merchantUrl);
    expect((await merchant.login(first.merchant.client_id, first.merchant.client_secret)).status).toBe(200);
    expect((await merchant.call("GET", "/transactions")).body._embedded["ch:transactions"]).toEqual([]);
    const app = await merchant.call("POST", "/applications", validApplication);
    const other = new MerchantClient(sandbox.merchantUrl);
    await other.login(second.merchant.client_id, second.merchant.client_secret);
    expect((await other.call("GET", app.body._links.self.href)).status).toBe(404);
  });
});

describe("fault rules", () => {
  it("refuse what they cannot do, naming the field", async () => {
    expect((await control("POST", "/faults", { operation: "createFoo", action: { latency_ms: 5 } })).body.error).toMatch(
      /^operation: no operation createFoo/,
    );
    expect((await control("POST", "/faults", { operation: "createAuthorization", action: { status: 418 } })).body.error).toMatch(
      /^action\.status: createAuthorization documents no 418/,
    );
    expect((await control("POST", "/faults", { operation: "createAuthorization", action: { latency_ms: 0 } })).status).toBe(400);
    expect(
      (await control("POST", "/faults", "operation=createCapture", { "content-type": "application/x-www-form-urlencoded" })).status,
    ).toBe(415);
    expect((await control("DELETE", "/faults/flt-999")).status).toBe(404);
    expect((await control("GET", "/faults")).body.items).toEqual([]);
  });

  it("answer a matching request with the operation's documented answer, for as many requests as asked", async () => {
    const rule = await control("POST", "/faults", {
      operation: "createAuthorization",
      match: { amount: "1313" },
      action: { status: 503 },
      count: 1,
    });
    expect(rule.status).toBe(201);
    const gateway = new GatewayClient(sandbox.gatewayUrl);
    const unmatched = await gateway.post("/authorizations", { amount: 1212, currency: "EUR", card });
    expect(unmatched.status, JSON.stringify(unmatched.body)).toBe(201); // no match
    expect((await gateway.post("/authorizations", { amount: 1313, currency: "EUR", card })).status).toBe(503);
    expect((await gateway.post("/authorizations", { amount: 1313, currency: "EUR", card })).status).toBe(201); // used up
    expect((await control("GET", "/faults")).body.items).toEqual([]);
  });

  it("delay a request by the given latency", async () => {
    await control("POST", "/faults", { operation: "getAccount", action: { latency_ms: 250 }, count: 1 });
    expect((await new GatewayClient(sandbox.gatewayUrl).get("/account")).status).toBe(200);
    const [exchange] = (await control("GET", "/exchanges?operation=getAccount&limit=1000")).body.items.slice(-1);
    expect(exchange.fault).toMatch(/^flt-/);
    expect(exchange.duration_ms).toBeGreaterThanOrEqual(250);
  });

  it("decline with a gateway status code: an ordinary answer of the gateway, and a declined capture captures nothing", async () => {
    const refusals = await Promise.all([
      control("POST", "/faults", { operation: "createCapture", action: { gateway_status_code: 20000 } }),
      control("POST", "/faults", { operation: "listApplications", action: { gateway_status_code: 50000 } }),
      control("POST", "/faults", { operation: "createVoid", action: { gateway_status_code: 40110 } }),
    ]);
    expect(refusals.map((r) => [r.status, r.body.error])).toEqual([
      [400, expect.stringMatching(/^action\.gateway_status_code: 20000 is the approval/)],
      [400, expect.stringMatching(/^action\.gateway_status_code: listApplications makes no gateway transaction/)],
      [400, expect.stringMatching(/^action\.gateway_status_code: 40110 is not a status code of a void/)],
    ]);
    const gateway = new GatewayClient(sandbox.gatewayUrl);
    const authorization = await gateway.post("/authorizations", { amount: 1000, currency: "EUR", card });
    expect(authorization.status).toBe(201);
    expect(
      (await control("POST", "/faults", { operation: "createCapture", action: { gateway_status_code: 50000 }, count: 1 })).status,
    ).toBe(201);
    const declined = await gateway.post(`/authorizations/${authorization.body.id}/captures`, { amount: 600 });
    expect(declined.status).toBe(400);
    expect(declined.body.status?.code).toBe(50000);
    // Nothing was captured: all of it still can be.
    expect((await gateway.post(`/authorizations/${authorization.body.id}/captures`, { amount: 1000 })).status).toBe(201);
  });

  it("close before processing: nothing is booked", async () => {
    const before = sandbox.gateway.store.size;
    await control("POST", "/faults", { operation: "createAuthorization", action: { close: "before-processing" }, count: 1 });
    await expect(new GatewayClient(sandbox.gatewayUrl).post("/authorizations", { amount: 900, currency: "EUR", card })).rejects.toThrow();
    expect(sandbox.gateway.store.size).toBe(before);
  });

  it("close after processing: the capture is booked, the gateway client reports the outcome unknown and does not send it again", async () => {
    const gateway = createGatewayClient({
      baseUrl: sandbox.gatewayUrl,
      apiKey: keys.merchantKey,
      signing: { apiKey: keys.signingKeyId, privateKey: privateKeyPem },
    });
    const authorized = await gateway.authorize({ amount: 1000, currency: "EUR", card });
    if (!authorized.approved) throw new Error("the authorization was declined");
    const id = authorized.transaction.id;
    await control("POST", "/faults", {
      operation: "createCapture",
      match: { path_id: id },
      action: { close: "after-processing" },
      count: 1,
    });
    const since = Math.max(0, ...(await control("GET", "/exchanges?limit=1000")).body.items.map((e: { id: number }) => e.id));

    const lost = await gateway.capture(id, { amount: 600 }).catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(ClientNetworkError);
    expect((lost as ClientNetworkError).requestMayHaveBeenSent).toBe(true);
    const captures = (await control("GET", `/exchanges?operation=createCapture&since=${since}`)).body.items;
    expect(captures).toHaveLength(1); // not sent again
    expect(captures[0].status).toBe(0);

    // Reconciling: only the 400 left can still be captured, so the 600 was booked.
    const tooMuch = await gateway.capture(id, { amount: 401 });
    expect(tooMuch.approved).toBe(false);
    expect((await gateway.capture(id, { amount: 400 })).approved).toBe(true);
  });
});

describe("the exchange record", () => {
  it("keeps every exchange with card data and secrets masked", async () => {
    const since = Math.max(0, ...(await control("GET", "/exchanges?limit=1000")).body.items.map((e: { id: number }) => e.id));
    await new GatewayClient(sandbox.gatewayUrl).post("/authorizations", { amount: 4242, currency: "EUR", card });
    const merchant = new MerchantClient(sandbox.merchantUrl);
    await merchant.login();
    const listed = await control("GET", `/exchanges?since=${since}`);
    const text = JSON.stringify(listed.body);
    for (const secret of [
      card.pan,
      `csc%5D=${card.csc}`,
      `csc]=${card.csc}`,
      keys.merchantKey,
      seeded.merchant.clientSecret,
      merchant.token,
    ])
      expect(text).not.toContain(secret);
    const authorization = listed.body.items.find((e: { operation?: string }) => e.operation === "createAuthorization");
    expect(authorization).toMatchObject({
      api: "gateway",
      method: "POST",
      status: 201,
      gateway_status_code: 20000,
      signature: { verdict: "valid" },
    });
    expect(authorization.request.body).toContain("1111");
    expect(listed.body.items.find((e: { operation?: string }) => e.operation === "createToken")).toMatchObject({
      api: "merchant",
      status: 200,
    });
    // Control calls are not recorded.
    expect(listed.body.items.every((e: { path: string }) => !e.path.startsWith("/_sandbox"))).toBe(true);
  });

  it("says why a signature over other bytes does not match: brackets encoded on one side", async () => {
    const gateway = new GatewayClient(sandbox.gatewayUrl);
    const literal = "amount=500&currency=EUR&card[pan]=4111111111111111&card[expire_month]=06&card[expire_year]=2035&card[csc]=987";
    const encoded = literal.replace(/\[/g, "%5B").replace(/\]/g, "%5D");
    const refused = await gateway.post("/authorizations", encoded, {
      signature: signer.headerFor(Buffer.from(literal)),
    });
    expect(refused.status).toBe(400);
    const [exchange] = (await control("GET", "/exchanges?operation=createAuthorization&status=400&limit=1000")).body.items.slice(-1);
    expect(exchange.signature).toMatchObject({
      verdict: "mismatch",
      received_bytes: expect.any(Number),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(exchange.signature.likely_causes.join(" ")).toMatch(/brackets/);
  });

  it("filters by operation, status and since, and says how many it let go", async () => {
    const all = (await control("GET", "/exchanges?limit=1000")).body;
    expect(all.dropped).toBe(0);
    const last = all.items.at(-1).id as number;
    expect((await control("GET", `/exchanges?since=${last}`)).body.items).toEqual([]);
    expect((await control("GET", "/exchanges?status=503&limit=1000")).body.items.every((e: { status: number }) => e.status === 503)).toBe(
      true,
    );
    expect((await control("GET", "/exchanges?limit=0")).status).toBe(400);
  });
});

describe("what the console reads", () => {
  it("explains an exchange: the rule a refused request broke, where it is documented, and curl lines without a secret", async () => {
    const literal = "amount=700&currency=EUR&card[pan]=4111111111111111&card[expire_month]=06&card[expire_year]=2035&card[csc]=987";
    await new GatewayClient(sandbox.gatewayUrl).post("/authorizations", literal.replace(/\[/g, "%5B").replace(/\]/g, "%5D"), {
      signature: signer.headerFor(Buffer.from(literal)),
    });
    const [refused] = (await control("GET", "/exchanges?operation=createAuthorization&status=400&limit=1000")).body.items.slice(-1);
    const detail = (await control("GET", `/exchanges/${refused.id}`)).body;
    expect(detail.exchange).toEqual(refused);
    expect(detail.refusal).toEqual({
      messages: ["invalid signature"],
      operation: "createAuthorization",
      docs: "gateway.html#tag/Authorizations/operation/createAuthorization",
    });
    expect(detail.curl).toContain("curl -sS -i -X POST ");
    expect(detail.curl).toContain(`-u "\${GATEWAY_API_KEY}:"`);
    expect(detail.curl).toContain(`SIGNATURE=$(printf '%s' "$BODY" | openssl dgst -sha256 -sign "$GATEWAY_SIGNING_KEY_FILE"`);
    expect(detail.curl).toContain(`-H "signature: \${GATEWAY_SIGNING_API_KEY} RS256-hex \${SIGNATURE}"`);
    expect(detail.curl).toContain(`--data-binary "$BODY" ${sandbox.gatewayUrl}/authorizations`);
    expect(detail.curl).toMatch(/^# \$GATEWAY_API_KEY, \$GATEWAY_SIGNING_API_KEY: /m);
    expect(detail.curl).toMatch(/^# the record masks card numbers/m);
    for (const secret of [keys.merchantKey, keys.signingKeyId, "4111111111111111", "csc%5D=987"]) expect(detail.curl).not.toContain(secret);

    const merchant = new MerchantClient(sandbox.merchantUrl);
    await merchant.login();
    const invalid = await merchant.call("POST", "/applications", {
      ...validApplication,
      business_model: { ...validApplication.business_model, delivery_delay: "tomorrow" },
    });
    expect(invalid.status).toBe(400);
    const [problem] = (await control("GET", "/exchanges?operation=createApplication&status=400&limit=1000")).body.items.slice(-1);
    const explained = (await control("GET", `/exchanges/${problem.id}`)).body;
    expect(explained.refusal.messages).toEqual(expect.arrayContaining([expect.stringMatching(/delivery_delay: /)]));
    expect(explained.refusal.docs).toMatch(/^merchant\.html#tag\/[^/]+\/operation\/createApplication$/);
    expect(explained.curl).toContain(`-H "authorization: Bearer \${BEARER_TOKEN}"`);
    expect(explained.curl).not.toContain(merchant.token);

    expect((await control("GET", "/exchanges/999999")).status).toBe(404);
    expect((await control("GET", "/exchanges/0")).status).toBe(404);
  });

  it("lists the gateway's transactions with what remains and whether each follow-up is allowed on the sandbox clock, paged", async () => {
    const account = (await control("POST", "/accounts")).body;
    const gateway = createGatewayClient({
      baseUrl: sandbox.gatewayUrl,
      apiKey: account.gateway.api_key,
      signing: { apiKey: account.gateway.signing_api_key, privateKey: account.gateway.signing_private_key_pem },
    });
    const first = await gateway.authorize({ amount: 1000, currency: "EUR", card });
    const second = await gateway.authorize({ amount: 300, currency: "EUR", card });
    if (!first.approved || !second.approved) throw new Error("declined");
    expect((await gateway.capture(first.transaction.id, { amount: 400 })).approved).toBe(true);

    const view = (await control("GET", `/state/transactions?account=${account.gateway.account_id}`)).body;
    expect(view.items.map((t: { id: string }) => t.id)).toEqual([first.transaction.id, second.transaction.id]);
    const [captured] = view.items;
    expect(captured).toMatchObject({
      kind: "authorization",
      account: account.gateway.account_id,
      status_code: 20000,
      amount: 1000,
      currency: "EUR",
      captured: 400,
      refunded: 0,
      voided: false,
    });
    expect(captured.capture).toMatchObject({ remaining: 600, allowed: true });
    expect(captured.refund).toMatchObject({ remaining: 400, allowed: true });
    expect(captured.void).toMatchObject({ allowed: true });
    expect(Date.parse(captured.capture.window_closes_at)).toBeGreaterThan(Date.parse(view.clock.now));
    expect(second.transaction.id).not.toBe(captured.id);
    expect(view.items[1].refund).toMatchObject({
      remaining: 0,
      allowed: false,
      reason: "nothing to refund: the authorization has no captures",
    });
    expect(view.items[1].refund.window_closes_at).toBeUndefined();

    const page = (await control("GET", `/state/transactions?account=${account.gateway.account_id}&limit=1`)).body;
    expect(page.items.map((t: { id: string }) => t.id)).toEqual([first.transaction.id]);
    expect(page.next).toBe(first.transaction.id);
    const rest = (await control("GET", `/state/transactions?account=${account.gateway.account_id}&after=${page.next}`)).body;
    expect(rest.items.map((t: { id: string }) => t.id)).toEqual([second.transaction.id]);
    expect(rest.next).toBeUndefined();

    // Past the capture window the view says what the gateway then answers.
    const days = Math.ceil((Date.parse(captured.capture.window_closes_at) - Date.parse(view.clock.now)) / 86_400_000) + 1;
    await control("POST", "/clock", { advance_seconds: days * 86_400 });
    const later = (await control("GET", `/state/transactions?account=${account.gateway.account_id}&limit=1`)).body.items[0];
    expect(later.capture.allowed).toBe(false);
    const refusedCapture = await gateway.capture(first.transaction.id, { amount: 100 });
    expect(refusedCapture.approved).toBe(false);
    expect(later.capture.reason).toBe(refusedCapture.approved ? undefined : refusedCapture.message);

    expect((await control("GET", "/state/transactions?account=a%20b")).body.error).toMatch(/^account: /);
    expect((await control("GET", "/state/transactions?limit=501")).body.error).toMatch(/^limit: /);
    await control("POST", "/reset");
  });

  it("lists the merchant applications with their state, stamps, people by name, files and comments, paged", async () => {
    const account = (await control("POST", "/accounts")).body;
    const merchant = new MerchantClient(sandbox.merchantUrl);
    await merchant.login(account.merchant.client_id, account.merchant.client_secret);
    const app = await merchant.call("POST", "/applications", validApplication);
    const person = await merchant.call("POST", expand(app.body._links["ch:people"]), validPerson);
    expect(person.status).toBe(201);
    const file = await merchant.call("POST", expand(person.body._links["ch:files"]), {
      label: "picture_legitimation",
      name: "passport.pdf",
      content_type: "application/pdf",
      size: 1,
    });
    expect(file.status).toBe(201);
    const upload = file.body._links["ch:data"].find((l: { name: string }) => l.name === "upload").href as string;
    expect((await fetch(upload, { method: "PUT", headers: { "content-type": "application/pdf" }, body: "x" })).status).toBe(200);
    const comment = await merchant.call("POST", expand(app.body._links["ch:comments"]), { body: "Please add the director" });
    expect(comment.status).toBe(201);
    const second = await merchant.call("POST", "/applications", validApplication);

    const view = (await control("GET", `/state/applications?merchant=${account.merchant.merchant}`)).body;
    expect(view.items.map((a: { id: string }) => a.id)).toEqual([app.body.id ?? expect.any(String), second.body.id ?? expect.any(String)]);
    const [shown] = view.items;
    expect(shown).toMatchObject({
      merchant: account.merchant.merchant,
      state: "unsubmitted",
      trading_name: "Acme Coffee",
      files: [],
      comment_count: 1,
    });
    expect(shown.people).toEqual([
      {
        id: expect.any(String),
        name: validPerson.name,
        files: [expect.objectContaining({ label: "picture_legitimation", name: "passport.pdf", uploaded: true })],
      },
    ]);
    expect(shown.comments).toEqual([expect.objectContaining({ body: "Please add the director" })]);
    // A person is shown by name only.
    expect(JSON.stringify(view)).not.toContain(validPerson.social_security_number);

    const page = (await control("GET", `/state/applications?merchant=${account.merchant.merchant}&limit=1`)).body;
    expect(page.items).toHaveLength(1);
    expect(page.next).toBe(shown.id);
    expect(
      (await control("GET", `/state/applications?merchant=${account.merchant.merchant}&after=${page.next}`)).body.items.map(
        (a: { id: string }) => a.id,
      ),
    ).toEqual([view.items[1].id]);
    expect((await control("GET", "/state/applications?limit=201")).body.error).toMatch(/^limit: /);
  });

  it("lists the merchant API's open rate-limit windows per client, and forgets one that ended on the sandbox clock", async () => {
    const account = (await control("POST", "/accounts")).body;
    const merchant = new MerchantClient(sandbox.merchantUrl);
    await merchant.login(account.merchant.client_id, account.merchant.client_secret);
    await merchant.call("GET", "/applications");
    await merchant.call("GET", "/applications");
    const view = (await control("GET", "/state/rate-limits?limit=500")).body;
    const mine = view.items.filter(
      (w: { client?: string; operation: string }) => w.client === account.merchant.client_id && w.operation === "listApplications",
    );
    expect(mine).toEqual([
      expect.objectContaining({ operation: "listApplications", used: 2, limit: expect.any(Number), ends_at: expect.any(String) }),
    ]);
    expect(Date.parse(mine[0].ends_at) - Date.parse(view.clock.now)).toBeLessThanOrEqual(view.window_seconds * 1000);
    const page = (await control("GET", "/state/rate-limits?limit=1")).body;
    expect(page.items).toHaveLength(1);
    if (view.items.length > 1) expect(page.next_offset).toBe(1);

    await control("POST", "/clock", { advance_seconds: view.window_seconds });
    const later = (await control("GET", "/state/rate-limits?limit=500")).body;
    expect(later.items.filter((w: { client?: string }) => w.client === account.merchant.client_id)).toEqual([]);
    expect((await control("GET", "/state/rate-limits?offset=-1")).status).toBe(400);
  });

  it("loads a fixture through the APIs' rules, lists what was loaded without credentials, refuses a bad one naming the path, and forgets them on reset", async () => {
    const fixture = {
      accounts: [{ name: "shop" }],
      gateway: { transactions: [{ name: "order-1", account: "shop", amount: 1000, captures: [{ name: "first-capture", amount: 400 }] }] },
    };
    const loaded = await control("POST", "/fixtures", fixture);
    expect(loaded.status).toBe(201);
    expect(loaded.body.ids["order-1"]).toMatchObject({ kind: "transaction", status: 20000 });
    expect(loaded.body.ids["first-capture"]).toMatchObject({ kind: "capture", transaction: "order-1" });
    const shop = loaded.body.ids.shop;
    expect(shop.credentials.gateway.api_key).toEqual(expect.any(String));
    // Built for real: the state view holds it, with what remains.
    const transactions = (await control("GET", "/state/transactions?limit=500")).body.items;
    expect(transactions.find((t: { id: string }) => t.id === loaded.body.ids["order-1"].authorization).capture.remaining).toBe(600);

    const listed = (await control("GET", "/fixtures")).body;
    expect(listed.items).toEqual([
      {
        source: "control API",
        loaded_at: loaded.body.loaded_at,
        entities: expect.arrayContaining([
          { name: "order-1", kind: "transaction" },
          { name: "shop", kind: "account" },
        ]),
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(shop.credentials.gateway.api_key);

    const refused = await control("POST", "/fixtures", { gateway: { transactions: [{ name: "order-2", amount: -5 }] } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^\/gateway\/transactions\/0\/amount: /);
    expect((await control("GET", "/fixtures")).body.items).toHaveLength(1);

    await control("POST", "/reset");
    expect((await control("GET", "/fixtures")).body.items).toEqual([]);
  });

  it("serves the console's page and files, the page bound to this listener by its policy", async () => {
    const page = await fetch(`${sandbox.merchantUrl}/_sandbox/console`);
    expect(page.headers.get("content-security-policy")).toMatch(/default-src 'none'.*connect-src 'self'/);
    const html = await control("GET", "/console");
    expect(html.status).toBe(200);
    expect(String(html.body)).toContain('<script src="/_sandbox/console/console.js"');
    expect((await control("GET", "/console/console.js")).status).toBe(200);
    expect((await control("GET", "/console/console.css")).status).toBe(200);
    expect((await control("GET", "/console/other.js")).status).toBe(404);
  });
});

/** Reads a Server-Sent Events stream until `until` holds for what has arrived. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, until: (text: string) => boolean): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  while (!until(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return text;
}

describe("the exchange stream", () => {
  it("sends each new exchange as an event, replays after Last-Event-ID, and holds at most 16 streams, 8 of one origin", async () => {
    const own = await startTestSandbox();
    const url = `${own.gatewayUrl}/_sandbox/exchange-stream`;
    const aborts: AbortController[] = [];
    const open = (headers: Record<string, string> = {}) => {
      const abort = new AbortController();
      aborts.push(abort);
      return fetch(url, { headers, signal: abort.signal });
    };
    try {
      const response = await open();
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      await readUntil(reader, (text) => text.includes("retry: 1000"));
      // The answer is held to the control spec (its first bytes: a stream never ends).
      const route = router.operation("streamExchanges");
      called.add(route.operationId);
      expect(
        checkResponse(
          model,
          route,
          { status: 200, headers: Object.fromEntries(response.headers), body: Buffer.from("retry: 1000\n\n") },
          { method: "GET" },
        ),
      ).toEqual([]);

      await new GatewayClient(own.gatewayUrl).get("/account");
      const text = await readUntil(reader, (text) => text.includes("event: exchange"));
      const event = /id: (\d+)\nevent: exchange\ndata: (.*)\n\n/.exec(text)!;
      const exchange = JSON.parse(event[2]!);
      expect(exchange).toMatchObject({ id: Number(event[1]), api: "gateway", operation: "getAccount", status: 200 });
      expect(JSON.stringify(exchange)).not.toContain(keys.merchantKey);

      const replayed = await open({ "last-event-id": String(exchange.id - 1) });
      expect(await readUntil(replayed.body!.getReader(), (text) => text.includes("event: exchange"))).toContain(`id: ${exchange.id}\n`);

      // Two are open: six more of this client (no browser) fill its share of 8; a loopback page's origin has 8 of its own.
      const more = await Promise.all(Array.from({ length: 6 }, () => open()));
      expect(more.map((r) => r.status)).toEqual(Array(6).fill(200));
      const ninth = await fetch(url);
      expect(ninth.status).toBe(503);
      expect((await ninth.json()).error).toMatch(/8 of this origin/);
      const page = { origin: own.gatewayUrl, "sec-fetch-site": "same-origin" };
      const fromPage = await Promise.all(Array.from({ length: 8 }, () => open(page)));
      expect(fromPage.map((r) => r.status)).toEqual(Array(8).fill(200));
      const refused = await fetch(url, { headers: { origin: own.gatewayUrl.replace("127.0.0.1", "localhost") } });
      expect(refused.status).toBe(503);
      expect((await refused.json()).error).toMatch(/16 exchange streams/);
      // A page of another site takes no place, with or without Origin.
      for (const site of ["cross-site", "same-site"]) {
        const crossSite = await fetch(url, { headers: { "sec-fetch-site": site } });
        expect(crossSite.status).toBe(403);
        expect((await crossSite.json()).error).toMatch(new RegExp(`^Sec-Fetch-Site: ${site}`));
      }
      expect((await fetch(url, { headers: { "last-event-id": "x" } })).status).toBe(400);

      // A client that leaves frees its place (the last opened: one of the page's).
      aborts.pop()!.abort();
      await expect
        .poll(async () => {
          const again = await open(page);
          return again.status;
        })
        .toBe(200);
    } finally {
      // Stopping the sandbox ends the open streams and does not wait for them.
      await own.stop();
      for (const abort of aborts) abort.abort();
    }
  });
});

describe("the exchange stream's bounds", () => {
  /** A response that the client stopped reading: `waiting` bytes are queued for it. */
  function stalledResponse(waiting: number) {
    const res = Object.assign(new EventEmitter(), { destroyed: false, writableLength: waiting, written: [] as string[] });
    return Object.assign(res, {
      writeHead: () => res,
      write: (chunk: string) => void res.written.push(chunk),
      destroy: () => {
        res.destroyed = true;
        res.emit("close");
      },
    });
  }
  const raw = (status: number) => ({
    at: new Date().toISOString(),
    api: "gateway" as const,
    method: "GET",
    target: "/account",
    operation: "getAccount",
    status,
    duration_ms: 1,
    requestHeaders: {},
    requestBody: undefined,
    responseHeaders: {},
    responseBody: undefined,
  });

  it("disconnects a client that lets 1 MiB wait, and a closed stream frees its place", () => {
    const record = new ExchangeRecord(10);
    const req = { socket: { destroyed: false } } as unknown as IncomingMessage;
    const reading = stalledResponse(0);
    exchangeStream(record, undefined)!.stream(req, reading as unknown as ServerResponse);
    const stalled = stalledResponse(2 * 1024 * 1024);
    exchangeStream(record, undefined)!.stream(req, stalled as unknown as ServerResponse);
    record.add(raw(200));
    expect(reading.written.some((chunk) => chunk.startsWith("id: 1\nevent: exchange\n"))).toBe(true);
    expect(stalled.destroyed).toBe(true);
    expect(stalled.written.some((chunk) => chunk.includes("event: exchange"))).toBe(false);
    // 8 streams of one origin at most, 16 in all: the stalled one's place is free again, the reading one holds one.
    const more = Array.from({ length: 7 }, () => exchangeStream(record, undefined));
    expect(more.every((stream) => stream !== undefined)).toBe(true);
    expect(exchangeStream(record, undefined)).toBeUndefined();
    const others = Array.from({ length: 8 }, (_, i) => exchangeStream(record, undefined, `http://localhost:${i}`));
    expect(others.every((stream) => stream !== undefined)).toBe(true);
    expect(exchangeStream(record, undefined, "http://localhost:99")).toBeUndefined();
    void record.close();
  });
});

describe("the control API", () => {
  it("does not count against an API's quota", async () => {
    const own = await startTestSandbox({ merchant: { rateLimits: { operations: { getRoot: 1 } } } });
    try {
      const merchant = new MerchantClient(own.merchantUrl);
      await merchant.login();
      for (let i = 0; i < 5; i++) expect((await fetch(`${own.merchantUrl}/_sandbox/clock`)).status).toBe(200);
      expect((await merchant.call("GET", "/")).status).toBe(200);
    } finally {
      await own.stop();
    }
  });

  it("every operation of the control spec was called above", async () => {
    expect((await control("DELETE", "/faults")).status).toBe(204);
    const added = await control("POST", "/faults", { operation: "getAccount", action: { latency_ms: 1 } });
    expect((await control("DELETE", `/faults/${added.body.id}`)).status).toBe(204);
    expect((await control("GET", "/clock")).status).toBe(200);
    expect([...router.operations.keys()].filter((id) => !called.has(id))).toEqual([]);
  });
});
