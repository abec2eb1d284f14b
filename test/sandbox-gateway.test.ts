/**
 * What is particular to the gateway sandbox: its configuration (accounts, key states, signing
 * modes), its clock, its strict response validation, the test cards' sandbox behaviour and the
 * wording of its input errors. The API's own rules (charge flow, captures, refunds, voids,
 * windows, series, signatures, API keys, status-forcing PANs, CSC, merchant blocks) are proved
 * against this same sandbox by contract-tests/behaviour/gateway-*.test.ts and not repeated here.
 * Every response is validated against the bundled spec (strict mode); the suite ends by
 * asserting that none broke it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  invalidParameterStatusCodes,
  mediaType,
  paymentMethodFieldsRequiringSigningWhenOmitted,
  paymentMethodsRequiringSigning,
  statusCodeByKey,
  statusCodes,
  testEnvironment,
  threeDSecureTransStatusOutcomes,
} from "../generated/gateway/constants";
import { loadBundledSpec } from "../src/testkit/spec/document";
import { listOperationExamples } from "../src/testkit/spec/examples";
import { signatureHeader } from "../src/testkit/sandbox/gateway/signature";
import type { RunningSandbox } from "../src/testkit/sandbox/server";
import { GatewayClient, keys, privateKeyPem, startTestSandbox } from "./support/sandbox";

const gatewaySpec = loadBundledSpec("gateway");
const version = (gatewaySpec.info as { version: string }).version;
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
  const response = await fetch(`${sandbox.gatewayUrl}/_sandbox/clock`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ advance_seconds: seconds }) });
  expect(response.status).toBe(200);
}

/** An approved authorization's id. */
async function authorized(amount = 10000, card: Record<string, unknown> = {}, fields: Record<string, unknown> = {}): Promise<string> {
  const response = await gw.authorize({ amount, ...fields }, card);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id!;
}

const debitBody = (amount = 5000, card: Record<string, unknown> = {}) => ({
  amount,
  currency: "EUR",
  card: { pan: "4111111111111111", expire_month: "06", expire_year: "2035", csc: "987", ...card },
  sender: { name: "Jensen Anna M", address: "Torvegade 12", city: "Copenhagen", country: "DK" },
  recipient: { name: "Jensen Anna M", account_number: "DK5000400440116243", account_number_type: "iban" },
});

describe("Versioning: media type", () => {
  it("every response has the vendor media type with the spec's version and charset", async () => {
    const expected = `${mediaType}; version=${version}; charset=utf-8`;
    expect((await gw.get("/")).contentType).toBe(expected);
    expect((await gw.authorize()).contentType).toBe(expected);
    expect((await gw.authorize({ amount: "x" })).contentType).toBe(expected);
    expect((await gw.withKey(keys.disabledKey).get("/")).contentType).toBe(expected);
    expect((await gw.get("/no-such-path")).contentType).toBe(expected);
  });

  it("GET / returns _links with authorizations and account", async () => {
    const response = await gw.get("/");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ _links: { authorizations: { href: "/authorizations" }, account: { href: "/account" } } });
  });
});

describe("Authentication: HTTP Basic with API keys", () => {
  it("a disabled key yields 401", async () => {
    expect((await gw.withKey(keys.disabledKey).authorize()).status).toBe(401);
  });

  it("an expired key yields 401", async () => {
    expect((await gw.withKey(keys.expiredKey).authorize()).status).toBe(401);
  });

  it("partner accounts cannot transact (401)", async () => {
    const partner = gw.withKey(keys.partnerKey);
    expect((await partner.authorize()).status).toBe(401);
    expect((await partner.get("/account")).status).toBe(401);
    expect((await partner.get("/")).status).toBe(200);
  });

  it("GET /account returns the merchant account resource", async () => {
    const response = await gw.get("/account");
    expect(response.status).toBe(200);
    expect(response.body.merchant_id).toMatch(/^[0-9]{15}$/);
    const other = await gw.withKey(keys.otherMerchantKey).get("/account");
    expect(other.body.merchant_id).not.toBe(response.body.merchant_id);
  });
});

describe("Authentication: signatures over the raw body", () => {
  it("empty bodies (void) are signed too", async () => {
    const id = await authorized(500);
    expect((await gw.post(`/authorizations/${id}/voids`, "", { sign: false })).status).toBe(400);
    expect((await gw.post(`/authorizations/${id}/voids`, "")).status).toBe(201);
  });

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
      const response = await client.post("/authorizations", { amount: 100, currency: "EUR", card: { pan: "4111111111111111", expire_month: "06", expire_year: "2035", csc: "987" } }, { sign: false });
      expect(response.status).toBe(201);
    });

    // One spec example per payment method, without series or initiator (those meet other rules first).
    const examples = listOperationExamples(gatewaySpec).filter(
      (e) => e.kind === "request" && e.operationId === "createAuthorization" && !("series" in (e.value as object)) && !("initiator" in (e.value as object)),
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
      expect(unsigned.body.status).toEqual({ code: codes["general-input-error"], message: `signature required: payment method '${method}' must be signed` });
      const signed = await client.post("/authorizations", body);
      expect(signed.body.status?.message ?? "").not.toMatch(/signature/);
    });

    const omissions = Object.entries(paymentMethodFieldsRequiringSigningWhenOmitted).flatMap(([method, fields]) => fields.map((field) => [method, field] as const));

    it("the spec names fields whose omission requires signing", () => {
      expect(omissions.length).toBeGreaterThan(0);
      for (const [method] of omissions) expect(exampleOf(method), method).toBeDefined();
    });

    it.each(omissions)("omitting %s[%s] requires signing, except on a subsequent-in-series payment", async (method, field) => {
      const example = exampleOf(method)!;
      const { [field]: _omitted, ...rest } = example[method] as Record<string, unknown>;
      const without = { ...rest, pan: "4111111111111111", expire_month: "06", expire_year: "2035" };
      const body = { amount: 100, currency: "EUR", [method]: without };
      expect((await client.post("/authorizations", body, { sign: false })).body.status?.message).toBe(`signature required: omitting '${method}[${field}]' needs a signed request`);
      expect((await client.post("/authorizations", body)).status).toBe(201);
      // A subsequent-in-series payment must omit it, and needs no signature for that.
      const first = await client.post("/authorizations", { ...body, series: { type: "recurring" }, [method]: { ...without, [field]: (example[method] as Record<string, unknown>)[field] } });
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      const subsequent = await client.post("/authorizations", { amount: 100, currency: "EUR", series: { previous: { id: first.body.id } }, [method]: without }, { sign: false });
      expect(subsequent.status, JSON.stringify(subsequent.body)).toBe(201);
    });
  });
});

describe("States and transitions: authorizations, captures, refunds, voids", () => {
  it("the links of authorizations, captures, refunds, debits and debit refunds follow the spec's path templates", async () => {
    const response = await gw.authorize({ amount: 2050 });
    expect(response.status).toBe(201);
    const id = response.body.id!;
    expect(response.body._links).toEqual({
      captures: { href: `/authorizations/${id}/captures` },
      refunds: { href: `/authorizations/${id}/refunds` },
      voids: { href: `/authorizations/${id}/voids` },
    });
    const capture = await gw.post(`/authorizations/${id}/captures`, { amount: 1000 });
    expect(capture.body._links).toEqual({ authorization: { href: `/authorizations/${id}` }, refunds: { href: `/authorizations/${id}/refunds` } });
    expect((await gw.post(`/authorizations/${id}/refunds`, { amount: 500 })).body._links).toEqual({ authorization: { href: `/authorizations/${id}` } });
    const debit = await gw.post("/debits", debitBody());
    expect(debit.body._links).toEqual({ refunds: { href: `/debits/${debit.body.id}/refunds` } });
    expect((await gw.post(`/debits/${debit.body.id}/refunds`)).body._links).toEqual({ debit: { href: `/debits/${debit.body.id}` } });
  });

  it("a refund without any capture is declined", async () => {
    const id = await authorized(1000);
    const response = await gw.post(`/authorizations/${id}/refunds`);
    expect(response.status).toBe(400);
    expect(response.body.status?.code).toBe(codes["rule-violation"]);
  });

  it("a declined authorization cannot be captured", async () => {
    const declined = await gw.authorize({ amount: 40413 }, { pan: "4200000000000000" });
    expect(declined.status).toBe(400);
    const capture = await gw.post(`/authorizations/${declined.body.id}/captures`);
    expect(capture.status).toBe(400);
    expect(capture.body.status?.code).toBe(codes["rule-violation"]);
  });

  it("an unknown transaction id in the path gives 400, a general input error, 'invalid transaction id'", async () => {
    for (const id of ["3b7e9a1c-5d2f-4e8b-a6c4-1d9f0e2b7a35", "not-a-uuid"]) {
      const response = await gw.post(`/authorizations/${id}/captures`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ status: { code: codes["general-input-error"], message: "invalid transaction id" } });
    }
    expect((await gw.post("/debits/3b7e9a1c-5d2f-4e8b-a6c4-1d9f0e2b7a35/refunds")).body.status?.message).toBe("invalid transaction id");
  });
});

describe("Debits and credits", () => {
  it("a debit needs an amount above zero", async () => {
    const response = await gw.post("/debits", debitBody(0));
    expect(response.status).toBe(400);
    expect(response.body.status).toEqual({ code: codes["general-input-error"], message: expect.stringMatching(/^parameter 'amount' must be >= 1/) });
  });

  it("a debit needs the recipient's name and account number", async () => {
    const { recipient: _omitted, ...body } = debitBody();
    const missing = await gw.post("/debits", body);
    expect(missing.body.status?.message).toBe("parameter 'recipient' is required");
    const partial = await gw.post("/debits", { ...body, recipient: { name: "Jensen Anna M" } });
    expect(partial.body.status?.message).toBe("parameter 'recipient[account_number]' is required");
  });

  it("the sender's name is required whenever an address parameter is given", async () => {
    const response = await gw.post("/debits", { ...debitBody(), sender: { address: "Torvegade 12" } });
    expect(response.body.status?.message).toBe("parameter 'sender[name]' is required when 'address' is given");
  });

  it("a credit pays out to a card", async () => {
    const response = await gw.post("/credits", { amount: 50000, currency: "EUR", reference: "payout-1", card: { pan: "4111111111111111", expire_month: "06", expire_year: "2035" } });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ amount: 50000, currency: "EUR", reference: "payout-1", status: { code: codes.approved } });
  });
});

describe("Test behaviour: test cards", () => {
  const [forcingFamily] = testEnvironment["status-forcing-pans"];
  const forcingPan = forcingFamily!.prefix + "0".repeat(16 - forcingFamily!.prefix.length - forcingFamily!.suffix.length) + forcingFamily!.suffix;

  it.each([...testEnvironment["accepted-test-pans"], "4111111111111112"])("PAN %s (a test PAN or not Luhn-valid) is accepted", async (pan) => {
    expect((await gw.authorize({}, { pan })).status).toBe(201);
  });

  it("a Luhn-valid PAN that is not a test PAN is an invalid card number", async () => {
    const response = await gw.authorize({}, { pan: "4012888888881881" });
    expect(response.status).toBe(400);
    expect(response.body.status?.code).toBe(codes["invalid-card-number"]);
  });

  it("a forced status must be valid for the transaction type: a code credits cannot return gives the fallback", async () => {
    const notForCredits = Object.entries(statusCodes).find(([, entry]) => (entry.returnedFor as readonly string[]).includes("authorization") && !(entry.returnedFor as readonly string[]).includes("credit"));
    const code = Number(notForCredits![0]);
    const credit = await gw.post("/credits", { amount: code, currency: "EUR", card: { pan: forcingPan, expire_month: "06", expire_year: "2035" } });
    expect(credit.body.status?.code).toBe(testEnvironment["status-forcing-fallback-code"]);
    const auth = await gw.authorize({ amount: code }, { pan: forcingPan });
    expect(auth.body.status?.code).toBe(code);
  });

  it("an impossible expiry month is an invalid expire date; a past expiry on the sandbox clock an expired card", async () => {
    expect((await gw.authorize({}, { expire_month: "13" })).body.status?.code).toBe(codes["invalid-expire-date"]);
    expect((await gw.authorize({}, { expire_year: "2001" })).body.status?.code).toBe(codes["card-expired"]);
  });

  describe("3-D Secure results: what each transStatus means comes from the spec (x-trans-status-outcomes)", () => {
    const withTransStatus = (transStatus: string) => {
      const ares = JSON.stringify({ messageVersion: "2.2.0", transStatus, authenticationValue: "AAABBEg0VhI0VniQEjRWAAAAAAA=", dsTransID: "b7d0f6a2-3c4e-4f5a-9b8c-1d2e3f4a5b6c", eci: "05" });
      return gw.authorize({}, { "3dsecure": { v2: { ares } } });
    };
    const named = new Set<string>(Object.values(threeDSecureTransStatusOutcomes).flat());
    const unnamed = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"].find((letter) => !named.has(letter))!;

    it.each(threeDSecureTransStatusOutcomes["strongly-authenticated"])("%s is reported back as strong authentication, with the issuer liable", async (letter) => {
      const response = await withTransStatus(letter);
      expect(response.status).toBe(201);
      expect(response.body["3dsecure"]).toEqual({ version: "2.2.0", status: letter });
      expect(response.body).toMatchObject({ sca: { provided: true }, liable_for_fraud_disputes: "issuer" });
    });

    it.each(threeDSecureTransStatusOutcomes["authentication-failed"])("%s declines as a 3-D Secure authentication failure", async (letter) => {
      expect((await withTransStatus(letter)).body.status?.code).toBe(codes["three-d-secure-authentication-failure"]);
    });

    it("a status in neither group is approved without strong authentication, the merchant liable", async () => {
      const response = await withTransStatus(unnamed);
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ sca: { provided: false }, liable_for_fraud_disputes: "merchant" });
    });

    it("an ARes that is not JSON is a 3-D Secure problem", async () => {
      const response = await gw.authorize({}, { "3dsecure": { v2: { ares: "{not json" } } });
      expect(response.body.status?.code).toBe(codes["three-d-secure-problem"]);
    });
  });
});

describe("Test behaviour: series and merchant-initiated transactions", () => {
  const pan = "4111111111111120"; // not Luhn-valid: a fresh card for this suite
  const [forcingFamily] = testEnvironment["status-forcing-pans"];
  // A forcing PAN no other test uses: the block below must not touch them.
  const forcingPan = forcingFamily!.prefix + "7".repeat(16 - forcingFamily!.prefix.length - forcingFamily!.suffix.length) + forcingFamily!.suffix;

  it("the series type cannot change: a subsequent-in-series cannot also set series[type]", async () => {
    const first = await gw.authorize({ series: { type: "recurring" } }, { pan });
    const response = await gw.post("/authorizations", {
      amount: 500,
      currency: "EUR",
      series: { type: "unscheduled", previous: { id: first.body.id } },
      card: { pan, expire_month: "06", expire_year: "2035" },
    });
    expect(response.status).toBe(400);
    expect(response.body.status?.code).toBe(codes["general-input-error"]);
    expect(response.body.status?.message).toMatch(/'type', 'previous'|series/);
  });

  it("a subsequent-in-series cannot carry a CSC or be cardholder-initiated (input errors name the parameter)", async () => {
    const first = await gw.authorize({ series: { type: "recurring" } }, { pan });
    const withInitiator = await gw.post("/authorizations", { amount: 500, currency: "EUR", initiator: "cardholder", series: { previous: { id: first.body.id } }, card: { pan, expire_month: "06", expire_year: "2035" } });
    expect(withInitiator.body.status).toEqual({ code: codes["general-input-error"], message: "parameter 'initiator' must be 'merchant' here" });
  });

  it("merchant-initiated transactions need a stored credential for the card", async () => {
    const freshPan = "4111111111111138"; // not Luhn-valid
    const mit = await gw.authorize({ initiator: "merchant", credential_on_file: "use" }, { pan: freshPan, csc: undefined });
    expect(mit.status).toBe(400);
    expect(mit.body.status?.code).toBe(codes["rule-violation"]);
    await gw.authorize({ credential_on_file: "store" }, { pan: freshPan });
    expect((await gw.authorize({ initiator: "merchant" }, { pan: freshPan, csc: undefined })).status).toBe(201);
  });

  // The contract suite proves the block itself; here: a recurring series stops too, and only for this merchant.
  it("40420 stops a recurring series on that card for that merchant, and no other merchant's transactions", async () => {
    const approved = codes.approved;
    const first = await gw.authorize({ amount: approved, series: { type: "recurring" } }, { pan: forcingPan });
    expect(first.status).toBe(201);
    const blockCode = codes["merchant-blocked-by-cardholder"];
    expect((await gw.authorize({ amount: blockCode }, { pan: forcingPan })).body.status?.code).toBe(blockCode);
    const recurring = await gw.post("/authorizations", { amount: approved, currency: "EUR", series: { previous: { id: first.body.id } }, card: { pan: forcingPan, expire_month: "06", expire_year: "2035" } });
    expect(recurring.status).toBe(400);
    expect(recurring.body.status?.code).toBe(blockCode);
    const other = gw.withKey(keys.otherMerchantKey);
    await other.authorize({ amount: approved, credential_on_file: "store" }, { pan: forcingPan });
    expect((await other.authorize({ amount: approved, initiator: "merchant" }, { pan: forcingPan, csc: undefined })).status).toBe(201);
  });
});

describe("Errors: input errors, 404", () => {
  it("a missing parameter gives 400, a general input error, and a message naming it", async () => {
    const response = await gw.post("/authorizations", { currency: "EUR", card: { pan: "4111111111111111", expire_month: "06", expire_year: "2035", csc: "987" } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ status: { code: codes["general-input-error"], message: "parameter 'amount' is required" } });
  });

  it("an invalid parameter names the parameter and the rule, never the value", async () => {
    const response = await gw.authorize({}, { pan: "41111x" });
    expect(response.body.status?.code).toBe(codes["general-input-error"]);
    expect(response.body.status?.message).toMatch(/^parameter 'card\[pan\]' must/);
    expect(response.body.status?.message).not.toContain("41111x");
  });

  it("exactly one payment method: none or two are input errors naming the alternatives", async () => {
    const none = await gw.post("/authorizations", { amount: 100, currency: "EUR" });
    expect(none.body.status?.message).toMatch(/exactly one of 'card', 'applepay'/);
    const two = await gw.post("/authorizations", { amount: 100, currency: "EUR", card: { pan: "4111111111111111", expire_month: "06", expire_year: "2035" }, moto: { pan: "4111111111111111", expire_month: "06", expire_year: "2035" } });
    expect(two.body.status?.code).toBe(codes["general-input-error"]);
  });

  // An invalid value of each parameter whose schema names its own status code (x-invalid-status-code).
  const invalidValues: Record<string, unknown> = { text_on_statement: "1234567", currency: "eur" };

  it("every parameter with its own invalid-value status has an invalid value to try", () => {
    expect(Object.keys(invalidParameterStatusCodes).filter((name) => !(name in invalidValues))).toEqual([]);
  });

  it.each(Object.entries(invalidParameterStatusCodes))("an invalid %s gives status %s", async (name, code) => {
    const response = await gw.authorize({ [name]: invalidValues[name] });
    expect(response.status).toBe(400);
    expect(response.body.status).toEqual({ code, message: expect.stringContaining(`parameter '${name}'`) });
  });

  it("unknown parameters are accepted and ignored", async () => {
    expect((await gw.authorize({ unknown_parameter: "x", recurring: "true" })).status).toBe(201);
  });

  it("an unknown path gives 404; a method the path does not support gives 404", async () => {
    expect((await gw.get("/authorisations")).status).toBe(404);
    expect((await gw.get("/authorizations")).status).toBe(404);
    expect((await gw.post("/account")).status).toBe(404);
  });
});

describe("Test clock", () => {
  it("the clock endpoint refuses to go back", async () => {
    const response = await fetch(`${sandbox.gatewayUrl}/_sandbox/clock`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ advance_seconds: -5 }) });
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
