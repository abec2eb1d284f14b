/**
 * What is particular to the gateway sandbox: its configuration (accounts, key states, signing
 * modes), its clock, its strict response validation, the test cards' sandbox behaviour where the
 * spec's *Test environment* does not state it, and the wording of its input errors. The API's
 * rules (charge flow, follow-ups and their states, windows, series, 3-D Secure results, debit
 * input rules, signatures, API keys, test PANs, CSC, merchant blocks, unknown parameters, 404)
 * are proved against this same sandbox by contract-tests/behaviour/gateway-*.test.ts and not
 * repeated here. Every response is validated against the bundled spec (strict mode); the suite
 * ends by asserting that none broke it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  approvedStatusCode,
  paymentMethodFieldsRequiringSigningWhenOmitted,
  paymentMethodsRequiringSigning,
  statusCodeByKey,
} from "../generated/gateway/constants";
import { loadBundledSpec } from "../src/testkit/openapi-model/document";
import { listOperationExamples } from "../src/testkit/openapi-model/examples";
import type { RunningSandbox } from "../src/testkit/sandbox/server";
import { encodeForm } from "../src/toolkit/gateway";
import { basic, GatewayClient, keys, signer, startTestSandbox } from "./support/sandbox";

const gatewaySpec = loadBundledSpec("gateway");
const codes = statusCodeByKey;

let sandbox: RunningSandbox;
let gw: GatewayClient;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  gw = new GatewayClient(sandbox.gatewayUrl);
});
afterAll(async () => {
  expect(sandbox.violations.entries, "responses that broke the spec").toEqual([]);
  await sandbox?.stop();
});

async function advance(seconds: number): Promise<void> {
  const response = await fetch(`${sandbox.gatewayUrl}/_sandbox/clock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ advance_seconds: seconds }),
  });
  expect(response.status).toBe(200);
}

describe("Configuration: the seeded accounts", () => {
  it("partner accounts cannot transact (401)", async () => {
    const partner = gw.withKey(keys.partnerKey);
    expect((await partner.authorize()).status).toBe(401);
    expect((await partner.get("/account")).status).toBe(401);
    expect((await partner.get("/")).status).toBe(200);
  });

  it("the seeded merchant accounts are distinct accounts", async () => {
    const response = await gw.get("/account");
    expect(response.status).toBe(200);
    expect(response.body.merchant_id).toMatch(/^[0-9]{15}$/);
    const other = await gw.withKey(keys.otherMerchantKey).get("/account");
    expect(other.body.merchant_id).not.toBe(response.body.merchant_id);
  });
});

describe("Configuration: signing modes", () => {
  describe("with signing required only where the methods need it (signing: methods)", () => {
    let lenient: RunningSandbox;
    let client: GatewayClient;
    beforeAll(async () => {
      lenient = await startTestSandbox({ gateway: { signing: "methods" } });
      client = new GatewayClient(lenient.gatewayUrl);
    });
    afterAll(async () => {
      expect(lenient.violations.entries).toEqual([]);
      await lenient.stop();
    });

    it("a card payment with CSC needs no signature", async () => {
      const response = await client.post(
        "/authorizations",
        { amount: 100, currency: "EUR", card: { pan: "4111111111111111", expire_month: "06", expire_year: "2035", csc: "987" } },
        { sign: false },
      );
      expect(response.status).toBe(201);
    });

    // One spec example per payment method, without series or initiator (those meet other rules first).
    const examples = listOperationExamples(gatewaySpec).filter(
      (e) =>
        e.kind === "request" &&
        e.operationId === "createAuthorization" &&
        !("series" in (e.value as object)) &&
        !("initiator" in (e.value as object)),
    );
    const exampleOf = (method: string) => examples.map((e) => e.value as Record<string, any>).find((body) => method in body);

    it("every payment method the spec marks as requiring signing has an example to try", () => {
      expect(paymentMethodsRequiringSigning.length).toBeGreaterThan(0);
      expect(paymentMethodsRequiringSigning.filter((method) => exampleOf(method) === undefined)).toEqual([]);
    });

    it.each(paymentMethodsRequiringSigning)("the payment method %s requires signing", async (method) => {
      const body = exampleOf(method)!;
      const unsigned = await client.post("/authorizations", body, { sign: false });
      expect(unsigned.status).toBe(400);
      expect(unsigned.body.status).toEqual({
        code: codes["general-input-error"],
        message: `signature required: payment method '${method}' must be signed`,
      });
      const signed = await client.post("/authorizations", body);
      expect(signed.body.status?.message ?? "").not.toMatch(/signature/);
    });

    const omissions = Object.entries(paymentMethodFieldsRequiringSigningWhenOmitted).flatMap(([method, fields]) =>
      fields.map((field) => [method, field] as const),
    );

    it("the spec names fields whose omission requires signing", () => {
      expect(omissions.length).toBeGreaterThan(0);
      for (const [method] of omissions) expect(exampleOf(method), method).toBeDefined();
    });

    it.each(omissions)("omitting %s[%s] requires signing, except on a subsequent-in-series payment", async (method, field) => {
      const example = exampleOf(method)!;
      const { [field]: _omitted, ...rest } = example[method] as Record<string, unknown>;
      const without = { ...rest, pan: "4111111111111111", expire_month: "06", expire_year: "2035" };
      const body = { amount: 100, currency: "EUR", [method]: without };
      expect((await client.post("/authorizations", body, { sign: false })).body.status?.message).toBe(
        `signature required: omitting '${method}[${field}]' needs a signed request`,
      );
      expect((await client.post("/authorizations", body)).status).toBe(201);
      // A subsequent-in-series payment must omit it, and needs no signature for that.
      const first = await client.post("/authorizations", {
        ...body,
        series: { type: "recurring" },
        [method]: { ...without, [field]: (example[method] as Record<string, unknown>)[field] },
      });
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      const subsequent = await client.post(
        "/authorizations",
        { amount: 100, currency: "EUR", series: { previous: { id: first.body.id } }, [method]: without },
        { sign: false },
      );
      expect(subsequent.status, JSON.stringify(subsequent.body)).toBe(201);
    });
  });
});

describe("Test behaviour: the sandbox's choices where the test environment is silent", () => {
  // The spec says the test host accepts only test PANs and PANs that are not Luhn-valid (proved by
  // the contract suite); which code refuses another PAN is the sandbox's choice.
  it("a Luhn-valid PAN that is not a test PAN is declined as an invalid card number", async () => {
    const response = await gw.authorize({}, { pan: "4012888888881881" });
    expect(response.status).toBe(400);
    expect(response.body.status?.code).toBe(codes["invalid-card-number"]);
  });
});

describe("The wording of input errors, and routing", () => {
  it("an invalid parameter names the parameter and the rule, never the value", async () => {
    const response = await gw.authorize({}, { pan: "41111x" });
    expect(response.body.status?.code).toBe(codes["general-input-error"]);
    expect(response.body.status?.message).toMatch(/^parameter 'card\[pan\]' must/);
    expect(response.body.status?.message).not.toContain("41111x");
  });

  it("a request without a payment method is told the alternatives", async () => {
    const none = await gw.post("/authorizations", { amount: 100, currency: "EUR" });
    expect(none.body.status?.message).toMatch(/exactly one of 'card', 'applepay'/);
  });

  // The source gives the signature in lowercase hex: a client that sends upper case would pass a
  // lenient sandbox and may fail against the service.
  it("a signature in upper-case hex is refused, saying so, and the same one in lowercase is accepted", async () => {
    const body = "amount=100&currency=EUR&card[pan]=4111111111111111&card[expire_month]=06&card[expire_year]=2035&card[csc]=987";
    const lowercase = signer.headerFor(Buffer.from(body));
    const [keyId, scheme, hex] = lowercase.split(" ");
    const upper = await gw.post("/authorizations", body, { signature: `${keyId} ${scheme} ${hex!.toUpperCase()}` });
    expect(upper.status).toBe(400);
    expect(upper.body.status).toEqual({ code: codes["general-input-error"], message: "invalid signature: the hex must be lowercase" });
    expect((await gw.post("/authorizations", body, { signature: lowercase })).status).toBe(201);
  });

  // The spec documents 404 for an unknown path (proved by the contract suite); a known path with a
  // method it does not have gets the same answer from the sandbox.
  it("a method the path does not support gives 404", async () => {
    expect((await gw.get("/authorizations")).status).toBe(404);
    expect((await gw.post("/account")).status).toBe(404);
  });
});

describe("Series and voids as the public examples show them", () => {
  const TLID = /^[A-Za-z0-9_-]{22}$/;

  it("a first-in-series answer carries tid, tlid and economically_related_tlid; a subsequent one its own tlid and the series' economically related one", async () => {
    const first = await gw.authorize({ series: { type: "recurring" } });
    expect(first.body.status?.code).toBe(approvedStatusCode);
    expect(first.body.series).toEqual({
      type: "recurring",
      tid: expect.any(String),
      tlid: expect.stringMatching(TLID),
      economically_related_tlid: expect.stringMatching(TLID),
    });
    const next = await gw.post("/authorizations", {
      amount: 500,
      currency: "EUR",
      series: { previous: { id: first.body.id } },
      card: { pan: "4111111111111111", expire_month: "06", expire_year: "2035" },
    });
    expect(next.body.status?.code, JSON.stringify(next.body)).toBe(approvedStatusCode);
    type Series = { tlid?: string; economically_related_tlid?: string };
    const [firstSeries, nextSeries] = [first.body.series as Series, next.body.series as Series];
    expect(nextSeries.tlid).toMatch(TLID);
    expect(nextSeries.tlid).not.toBe(firstSeries.tlid);
    expect(nextSeries.economically_related_tlid).toBe(firstSeries.economically_related_tlid);
  });

  it("a void of a fully captured authorization is approved without claiming an amount released; a partial one reports the rest", async () => {
    const full = await gw.authorize({ amount: 1000 });
    expect((await gw.post(`/authorizations/${full.body.id}/captures`, {})).body.status?.code).toBe(approvedStatusCode);
    const voided = await gw.post(`/authorizations/${full.body.id}/voids`);
    expect(voided.body.status?.code).toBe(approvedStatusCode);
    expect(voided.body).not.toHaveProperty("amount");
    const partial = await gw.authorize({ amount: 1000 });
    expect((await gw.post(`/authorizations/${partial.body.id}/captures`, { amount: 400 })).body.status?.code).toBe(approvedStatusCode);
    const rest = await gw.post(`/authorizations/${partial.body.id}/voids`);
    expect(rest.body.amount).toBe(600);
  });
});

describe("A POST without Content-Type", () => {
  it("is read as a form, as the service reads it (x-request-media-type-when-missing), and the exchange record says the header was missing", async () => {
    const raw = encodeForm({
      amount: 2050,
      currency: "EUR",
      card: { pan: "4111111111111111", expire_month: "06", expire_year: "2035", csc: "987" },
    });
    // A byte body: fetch then sends no Content-Type at all.
    const response = await fetch(`${sandbox.gatewayUrl}/authorizations`, {
      method: "POST",
      headers: {
        authorization: basic(keys.merchantKey),
        signature: signer.headerFor(Buffer.from(raw)),
      },
      body: new TextEncoder().encode(raw),
    });
    const body = (await response.json()) as { status: { code: number }; amount: number };
    expect(response.status).toBe(201);
    expect(body.status.code).toBe(approvedStatusCode);
    expect(body.amount).toBe(2050);
    const listed = await fetch(`${sandbox.gatewayUrl}/_sandbox/exchanges?operation=createAuthorization`);
    const { items } = (await listed.json()) as { items: { request: { headers: Record<string, string> }; assumed_content_type?: string }[] };
    const last = items.at(-1)!;
    expect(last.request.headers["content-type"]).toBeUndefined();
    expect(last.assumed_content_type).toBe("application/x-www-form-urlencoded");
    // A request that names its media type records no assumption.
    await gw.authorize();
    const named = (await (await fetch(`${sandbox.gatewayUrl}/_sandbox/exchanges?operation=createAuthorization`)).json()) as {
      items: { assumed_content_type?: string }[];
    };
    expect(named.items.at(-1)!.assumed_content_type).toBeUndefined();
  });

  it("still refuses a body whose Content-Type names another media type, naming the one to send", async () => {
    const response = await gw.post("/authorizations", { amount: 2050, currency: "EUR" }, { contentType: "application/json" });
    expect(response.status).toBe(400);
    expect(response.body.status?.message).toMatch(/application\/x-www-form-urlencoded/);
  });
});

describe("Test clock", () => {
  it("the clock endpoint refuses to go back", async () => {
    const response = await fetch(`${sandbox.gatewayUrl}/_sandbox/clock`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ advance_seconds: -5 }),
    });
    expect(response.status).toBe(400);
  });

  it("GET /_sandbox/clock reports the sandbox time", async () => {
    const before = (await (await fetch(`${sandbox.gatewayUrl}/_sandbox/clock`)).json()) as { now: string };
    await advance(60);
    const after = (await (await fetch(`${sandbox.merchantUrl}/_sandbox/clock`)).json()) as { now: string; offset_seconds: number };
    expect(Date.parse(after.now) - Date.parse(before.now)).toBeGreaterThanOrEqual(60_000);
    expect(after.offset_seconds).toBeGreaterThanOrEqual(60);
  });
});
