/**
 * The gateway sandbox behaves like the test environment the seed describes: States and
 * transitions, Limits, Authentication and Test behaviour. Every response is validated against
 * the bundled spec (strict mode); the suite ends by asserting that none broke it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaType, paymentMethodsRequiringSigning, windows } from "../generated/gateway/constants";
import { loadBundledSpec } from "../src/testkit/spec/document";
import { signatureHeader } from "../src/testkit/sandbox/gateway/signature";
import type { RunningSandbox } from "../src/testkit/sandbox/server";
import { GatewayClient, keys, privateKeyPem, startTestSandbox } from "./support/sandbox";

const DAY = 24 * 60 * 60;
const version = (loadBundledSpec("gateway").info as { version: string }).version;

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
  it("a missing API key yields 401", async () => {
    const response = await fetch(`${sandbox.gatewayUrl}/`);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Basic/);
  });

  it("an invalid (unknown) API key yields 401", async () => {
    expect((await gw.withKey("00000000-0000-4000-8000-000000000000").get("/account")).status).toBe(401);
  });

  it("a disabled key yields 401", async () => {
    expect((await gw.withKey(keys.disabledKey).authorize()).status).toBe(401);
  });

  it("an expired key yields 401", async () => {
    expect((await gw.withKey(keys.expiredKey).authorize()).status).toBe(401);
  });

  it("any active key of the merchant account acts on its transactions: authorize with one key, capture with another", async () => {
    const id = await authorized(3000);
    const capture = await gw.withKey(keys.secondMerchantKey).post(`/authorizations/${id}/captures`, { amount: 1000 });
    expect(capture.status).toBe(201);
    expect(capture.body.amount).toBe(1000);
  });

  it("another merchant's transactions do not exist for you (invalid transaction id)", async () => {
    const id = await authorized(3000);
    const other = gw.withKey(keys.otherMerchantKey);
    for (const path of [`/authorizations/${id}/captures`, `/authorizations/${id}/refunds`, `/authorizations/${id}/voids`]) {
      const response = await other.post(path);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ status: { code: 40000, message: "invalid transaction id" } });
    }
    expect((await gw.post(`/authorizations/${id}/captures`)).status).toBe(201);
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
  it("POST requests must be signed: an unsigned POST fails", async () => {
    const response = await gw.post("/authorizations", { amount: 100, currency: "EUR", card: { pan: "4111111111111111", expire_month: "06", expire_year: "2035", csc: "987" } }, { sign: false });
    expect(response.status).toBe(400);
    expect(response.body.status).toEqual({ code: 40000, message: expect.stringMatching(/signature required/) });
    expect(response.body.id).toBeUndefined();
  });

  it("a Signature header that is present must be right, otherwise the transaction fails", async () => {
    const raw = "amount=100&currency=EUR&card[pan]=4111111111111111&card[expire_month]=06&card[expire_year]=2035&card[csc]=987";
    const wrong = signatureHeader(keys.signingKeyId, privateKeyPem, raw + "&tampered=1");
    const response = await gw.post("/authorizations", raw, { signature: wrong });
    expect(response.status).toBe(400);
    expect(response.body.status).toEqual({ code: 40000, message: "invalid signature" });
    expect((await gw.post("/authorizations", raw, { signature: signatureHeader(keys.signingKeyId, privateKeyPem, raw) })).status).toBe(201);
  });

  it("the signature covers the exact bytes: literal and percent-encoded brackets both verify when signed as sent", async () => {
    const encoded = "amount=100&currency=EUR&card%5Bpan%5D=4111111111111111&card%5Bexpire_month%5D=06&card%5Bexpire_year%5D=2035&card%5Bcsc%5D=987";
    expect((await gw.post("/authorizations", encoded)).status).toBe(201);
  });

  it("an unknown signing key gives 'invalid signing api-key'", async () => {
    const raw = "amount=100&currency=EUR";
    const response = await gw.post("/authorizations", raw, { signature: signatureHeader("00000000-0000-4000-8000-000000000001", privateKeyPem, raw) });
    expect(response.body.status).toEqual({ code: 40000, message: "invalid signing api-key" });
  });

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

    it.each(paymentMethodsRequiringSigning.filter((m) => m === "moto" || m === "vipps" || m === "mobilepayonline"))(
      "the payment method %s requires signing",
      async (method) => {
        const body = { amount: 100, currency: "EUR", [method]: { pan: "4111111111111111", expire_month: "06", expire_year: "2035" } };
        const unsigned = await client.post("/authorizations", body, { sign: false });
        expect(unsigned.status).toBe(400);
        expect(unsigned.body.status?.message).toBe(`signature required: payment method '${method}' must be signed`);
        expect((await client.post("/authorizations", body)).status).toBe(201);
      },
    );

    it("omitting card[csc] requires signing", async () => {
      const body = { amount: 100, currency: "EUR", card: { pan: "4111111111111111", expire_month: "06", expire_year: "2035" } };
      expect((await client.post("/authorizations", body, { sign: false })).body.status?.message).toMatch(/card\[csc\]/);
      expect((await client.post("/authorizations", body)).status).toBe(201);
    });
  });
});

describe("States and transitions: authorizations, captures, refunds, voids", () => {
  it("an approved authorization answers 201 with status 20000 and links to captures, refunds and voids", async () => {
    const response = await gw.authorize({ amount: 2050 });
    expect(response.status).toBe(201);
    expect(response.body.status).toEqual({ code: 20000 });
    expect(response.body._links).toEqual({
      captures: { href: `/authorizations/${response.body.id}/captures` },
      refunds: { href: `/authorizations/${response.body.id}/refunds` },
      voids: { href: `/authorizations/${response.body.id}/voids` },
    });
  });

  it("several partial captures are allowed up to the authorized amount; more is declined", async () => {
    const id = await authorized(1000);
    expect((await gw.post(`/authorizations/${id}/captures`, { amount: 400 })).status).toBe(201);
    expect((await gw.post(`/authorizations/${id}/captures`, { amount: 600 })).status).toBe(201);
    const over = await gw.post(`/authorizations/${id}/captures`, { amount: 1 });
    expect(over.status).toBe(400);
    expect(over.body.status?.code).toBe(40200);
  });

  it("a capture above the remaining amount is declined and captures nothing", async () => {
    const id = await authorized(1000);
    await gw.post(`/authorizations/${id}/captures`, { amount: 700 });
    const over = await gw.post(`/authorizations/${id}/captures`, { amount: 301 });
    expect(over.status).toBe(400);
    expect(over.body.status?.message).toMatch(/remaining amount/);
    expect(sandbox.gateway.store.remaining(id)).toBe(300);
  });

  it("an omitted amount captures the whole remainder", async () => {
    const id = await authorized(1000);
    await gw.post(`/authorizations/${id}/captures`, { amount: 250 });
    const rest = await gw.post(`/authorizations/${id}/captures`);
    expect(rest.status).toBe(201);
    expect(rest.body.amount).toBe(750);
    expect(sandbox.gateway.store.remaining(id)).toBe(0);
  });

  it("a refund does not free captured amount (authorize 10, capture 5, refund 5: only 5 can still be captured)", async () => {
    const id = await authorized(10);
    expect((await gw.post(`/authorizations/${id}/captures`, { amount: 5 })).status).toBe(201);
    expect((await gw.post(`/authorizations/${id}/refunds`, { amount: 5 })).status).toBe(201);
    expect((await gw.post(`/authorizations/${id}/captures`, { amount: 6 })).status).toBe(400);
    const last = await gw.post(`/authorizations/${id}/captures`);
    expect(last.body.amount).toBe(5);
  });

  it("refunds are made against the authorization, several up to the captured amount; an omitted amount refunds the rest", async () => {
    const id = await authorized(1000);
    await gw.post(`/authorizations/${id}/captures`, { amount: 800 });
    const first = await gw.post(`/authorizations/${id}/refunds`, { amount: 300 });
    expect(first.status).toBe(201);
    expect(first.body._links).toEqual({ authorization: { href: `/authorizations/${id}` } });
    const rest = await gw.post(`/authorizations/${id}/refunds`);
    expect(rest.body.amount).toBe(500);
    expect((await gw.post(`/authorizations/${id}/refunds`, { amount: 1 })).status).toBe(400);
  });

  it("a refund without any capture is declined", async () => {
    const id = await authorized(1000);
    const response = await gw.post(`/authorizations/${id}/refunds`);
    expect(response.status).toBe(400);
    expect(response.body.status?.code).toBe(40200);
  });

  it("a void releases the reservation: later captures are declined", async () => {
    const id = await authorized(1000);
    expect((await gw.post(`/authorizations/${id}/voids`)).status).toBe(201);
    const capture = await gw.post(`/authorizations/${id}/captures`);
    expect(capture.status).toBe(400);
    expect(capture.body.status?.message).toMatch(/voided/);
    expect((await gw.post(`/authorizations/${id}/voids`)).status).toBe(400);
  });

  it("a declined authorization cannot be captured", async () => {
    const declined = await gw.authorize({ amount: 40413 }, { pan: "4200000000000000" });
    expect(declined.status).toBe(400);
    const capture = await gw.post(`/authorizations/${declined.body.id}/captures`);
    expect(capture.status).toBe(400);
    expect(capture.body.status?.code).toBe(40200);
  });

  it("a void is also accepted for an authorization that ended with status 50000", async () => {
    const failed = await gw.authorize({ amount: 50000 }, { pan: "5555555555554444" });
    expect(failed.body.status?.code).toBe(50000);
    expect((await gw.post(`/authorizations/${failed.body.id}/voids`)).status).toBe(201);
  });

  it("an unknown transaction id in the path gives 400 with 40000 'invalid transaction id'", async () => {
    for (const id of ["3b7e9a1c-5d2f-4e8b-a6c4-1d9f0e2b7a35", "not-a-uuid"]) {
      const response = await gw.post(`/authorizations/${id}/captures`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ status: { code: 40000, message: "invalid transaction id" } });
    }
    expect((await gw.post("/debits/3b7e9a1c-5d2f-4e8b-a6c4-1d9f0e2b7a35/refunds")).body.status?.message).toBe("invalid transaction id");
  });
});

describe("Limits: windows on the test clock", () => {
  // Each window test uses its own sandbox: the clock only moves forward.
  let timed: RunningSandbox;
  let client: GatewayClient;
  beforeAll(async () => {
    timed = await startTestSandbox();
    client = new GatewayClient(timed.gatewayUrl);
  });
  afterAll(async () => {
    expect(timed.violations.entries).toEqual([]);
    await timed.stop();
  });
  const move = async (seconds: number) => {
    const response = await fetch(`${timed.gatewayUrl}/_sandbox/clock`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ advance_seconds: seconds }) });
    expect(response.status).toBe(200);
  };
  const auth = async () => (await client.authorize({ amount: 1000 })).body.id!;

  // The windows come from the spec (x-windows, generated into constants.ts), not from this test.
  const voidDays = windows["void-before-days"];
  const captureDays = windows["capture-before-days"];
  const refundDays = windows["capture-refund-within-days-of-last-capture"];

  it(`void before ${voidDays} days; capture before ${captureDays} days; refund within ${refundDays} days of the last capture`, async () => {
    expect(voidDays).toBeLessThan(captureDays);
    expect(captureDays).toBeLessThan(refundDays);
    const voidLate = await auth();
    const voidOk = await auth();
    const captureLate = await auth();
    const refundLate = await auth();
    const refundOk = await auth();
    await client.post(`/authorizations/${refundLate}/captures`, { amount: 100 });

    await move((voidDays - 1) * DAY);
    expect((await client.post(`/authorizations/${voidOk}/voids`)).status).toBe(201);
    await move(1 * DAY); // the void window's last day has passed
    const lateVoid = await client.post(`/authorizations/${voidLate}/voids`);
    expect(lateVoid.status).toBe(400);
    expect(lateVoid.body.status?.message).toContain(`${voidDays} days`);

    await move((captureDays - voidDays - 1) * DAY); // a day before the capture window closes
    expect((await client.post(`/authorizations/${refundOk}/captures`, { amount: 100 })).status).toBe(201);
    await move(1 * DAY);
    const lateCapture = await client.post(`/authorizations/${captureLate}/captures`);
    expect(lateCapture.status).toBe(400);
    expect(lateCapture.body.status?.message).toContain(`${captureDays} days`);

    // refundLate's last capture was on day 0: a minute before the refund window closes it is still within, a minute after it is not.
    await move((refundDays - captureDays) * DAY - 60);
    expect((await client.post(`/authorizations/${refundLate}/refunds`, { amount: 10 })).status).toBe(201);
    await move(120);
    const lateRefund = await client.post(`/authorizations/${refundLate}/refunds`, { amount: 10 });
    expect(lateRefund.status).toBe(400);
    expect(lateRefund.body.status?.message).toContain(`${refundDays} days`);
    // refundOk's last capture was a day before the capture window closed.
    expect((await client.post(`/authorizations/${refundOk}/refunds`)).status).toBe(201);
  });

  it("the clock endpoint refuses to go back", async () => {
    const response = await fetch(`${timed.gatewayUrl}/_sandbox/clock`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ advance_seconds: -5 }) });
    expect(response.status).toBe(400);
  });
});

describe("Debits and credits", () => {
  it("a debit (amount above zero, sender and recipient) is approved with a link to its refunds", async () => {
    const response = await gw.post("/debits", debitBody());
    expect(response.status).toBe(201);
    expect(response.body._links).toEqual({ refunds: { href: `/debits/${response.body.id}/refunds` } });
  });

  it("a debit needs an amount above zero", async () => {
    const response = await gw.post("/debits", debitBody(0));
    expect(response.status).toBe(400);
    expect(response.body.status).toEqual({ code: 40000, message: expect.stringMatching(/^parameter 'amount' must be >= 1/) });
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

  it("a debit has exactly one refund, for the full amount", async () => {
    const debit = await gw.post("/debits", debitBody(7500));
    const refund = await gw.post(`/debits/${debit.body.id}/refunds`);
    expect(refund.status).toBe(201);
    expect(refund.body.amount).toBe(7500);
    expect(refund.body._links).toEqual({ debit: { href: `/debits/${debit.body.id}` } });
    const second = await gw.post(`/debits/${debit.body.id}/refunds`);
    expect(second.status).toBe(400);
    expect(second.body.status?.message).toMatch(/only one refund per debit/);
  });

  it("a credit pays out to a card", async () => {
    const response = await gw.post("/credits", { amount: 50000, currency: "EUR", reference: "payout-1", card: { pan: "4111111111111111", expire_month: "06", expire_year: "2035" } });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ amount: 50000, currency: "EUR", reference: "payout-1", status: { code: 20000 } });
  });
});

describe("Test behaviour: test cards", () => {
  it.each(["4111111111111111", "2221000000000009", "5000000000000004", "4111111111111112"])("PAN %s (a test PAN or not Luhn-valid) is accepted", async (pan) => {
    expect((await gw.authorize({}, { pan })).status).toBe(201);
  });

  it("a Luhn-valid PAN that is not a test PAN gives 40110", async () => {
    const response = await gw.authorize({}, { pan: "4012888888881881" });
    expect(response.status).toBe(400);
    expect(response.body.status?.code).toBe(40110);
  });

  it("PANs starting 420000 and ending 0000 return the status code given as amount", async () => {
    const response = await gw.authorize({ amount: 40413 }, { pan: "4200000000000000" });
    expect(response.status).toBe(400);
    expect(response.body.status?.code).toBe(40413);
    expect(response.body.id).toBeDefined();
  });

  it("PANs starting 555555 and ending 4444 return the status code given as amount (20000 approves)", async () => {
    expect((await gw.authorize({ amount: 20000 }, { pan: "5555555555554444" })).status).toBe(201);
    expect((await gw.authorize({ amount: 40416 }, { pan: "5555555555554444" })).body.status?.code).toBe(40416);
  });

  it("on a forcing PAN any other amount gives 40110", async () => {
    expect((await gw.authorize({ amount: 100 }, { pan: "4200000000000000" })).body.status?.code).toBe(40110);
  });

  it("a forced status must be valid for the transaction type (40300 is not a credit code: 40110)", async () => {
    const credit = await gw.post("/credits", { amount: 40300, currency: "EUR", card: { pan: "4200000000000000", expire_month: "06", expire_year: "2035" } });
    expect(credit.body.status?.code).toBe(40110);
    const auth = await gw.authorize({ amount: 40300 }, { pan: "4200000000000000" });
    expect(auth.body.status?.code).toBe(40300);
  });

  it("CSC 987 is the only match: other CSCs approve with csc.matches false", async () => {
    expect((await gw.authorize({}, { csc: "987" })).body.csc).toEqual({ present: true, matches: true });
    const other = await gw.authorize({}, { csc: "123" });
    expect(other.status).toBe(201);
    expect(other.body.csc).toEqual({ present: true, matches: false });
  });

  it("an impossible expiry month gives 40130, an expired card 40135", async () => {
    expect((await gw.authorize({}, { expire_month: "13" })).body.status?.code).toBe(40130);
    expect((await gw.authorize({}, { expire_year: "2001" })).body.status?.code).toBe(40135);
  });

  it("3-D Secure data is reported back (version and status), with the issuer liable", async () => {
    const ares = JSON.stringify({ messageVersion: "2.2.0", transStatus: "Y", authenticationValue: "AAABBEg0VhI0VniQEjRWAAAAAAA=", dsTransID: "b7d0f6a2-3c4e-4f5a-9b8c-1d2e3f4a5b6c", eci: "05" });
    const response = await gw.authorize({}, { "3dsecure": { v2: { ares } } });
    expect(response.body["3dsecure"]).toEqual({ version: "2.2.0", status: "Y" });
    expect(response.body.liable_for_fraud_disputes).toBe("issuer");
  });
});

describe("Test behaviour: series and merchant-initiated transactions", () => {
  const pan = "4111111111111120"; // not Luhn-valid: a fresh card for this suite

  it("the first-in-series returns series.type and series.tid; a subsequent one references the latest approved authorization and keeps the type", async () => {
    const first = await gw.authorize({ series: { type: "unscheduled" } }, { pan });
    expect(first.status).toBe(201);
    expect(first.body.series).toEqual({ type: "unscheduled", tid: expect.stringMatching(/^[0-9]{15}$/) });

    const second = await gw.post("/authorizations", { amount: 500, currency: "EUR", series: { previous: { id: first.body.id } }, card: { pan, expire_month: "06", expire_year: "2035" } });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.series).toEqual({ type: "unscheduled" });

    // The first is no longer the latest approved authorization of the series.
    const stale = await gw.post("/authorizations", { amount: 500, currency: "EUR", series: { previous: { id: first.body.id } }, card: { pan, expire_month: "06", expire_year: "2035" } });
    expect(stale.status).toBe(400);
    expect(stale.body.status?.message).toMatch(/latest approved authorization/);

    const third = await gw.post("/authorizations", { amount: 500, currency: "EUR", series: { previous: { id: second.body.id } }, card: { pan, expire_month: "06", expire_year: "2035" } });
    expect(third.status).toBe(201);
    expect(third.body.series).toEqual({ type: "unscheduled" });
  });

  it("the series type cannot change: a subsequent-in-series cannot also set series[type]", async () => {
    const first = await gw.authorize({ series: { type: "recurring" } }, { pan });
    const response = await gw.post("/authorizations", {
      amount: 500,
      currency: "EUR",
      series: { type: "unscheduled", previous: { id: first.body.id } },
      card: { pan, expire_month: "06", expire_year: "2035" },
    });
    expect(response.status).toBe(400);
    expect(response.body.status?.code).toBe(40000);
    expect(response.body.status?.message).toMatch(/'type', 'previous'|series/);
  });

  it("a subsequent-in-series cannot carry a CSC or be cardholder-initiated (input errors name the parameter)", async () => {
    const first = await gw.authorize({ series: { type: "recurring" } }, { pan });
    const withInitiator = await gw.post("/authorizations", { amount: 500, currency: "EUR", initiator: "cardholder", series: { previous: { id: first.body.id } }, card: { pan, expire_month: "06", expire_year: "2035" } });
    expect(withInitiator.body.status).toEqual({ code: 40000, message: "parameter 'initiator' must be 'merchant' here" });
  });

  it("merchant-initiated transactions need a stored credential for the card", async () => {
    const freshPan = "4111111111111138"; // not Luhn-valid
    const mit = await gw.authorize({ initiator: "merchant", credential_on_file: "use" }, { pan: freshPan, csc: undefined });
    expect(mit.status).toBe(400);
    expect(mit.body.status?.code).toBe(40200);
    await gw.authorize({ credential_on_file: "store" }, { pan: freshPan });
    expect((await gw.authorize({ initiator: "merchant" }, { pan: freshPan, csc: undefined })).status).toBe(201);
  });

  it("40420 stops future merchant-initiated transactions on that card for that merchant, recurring ones included", async () => {
    const blockedPan = "4200000000000000";
    const first = await gw.authorize({ amount: 20000, series: { type: "recurring" } }, { pan: blockedPan });
    expect(first.status).toBe(201);
    const blocked = await gw.authorize({ amount: 40420 }, { pan: blockedPan });
    expect(blocked.body.status?.code).toBe(40420);

    const recurring = await gw.post("/authorizations", { amount: 20000, currency: "EUR", series: { previous: { id: first.body.id } }, card: { pan: blockedPan, expire_month: "06", expire_year: "2035" } });
    expect(recurring.status).toBe(400);
    expect(recurring.body.status?.code).toBe(40420);
    expect((await gw.authorize({ amount: 20000, initiator: "merchant" }, { pan: blockedPan, csc: undefined })).body.status?.code).toBe(40420);

    // Cardholder-initiated payments on the card still work, and another merchant is not affected.
    expect((await gw.authorize({ amount: 20000 }, { pan: blockedPan })).status).toBe(201);
    const other = gw.withKey(keys.otherMerchantKey);
    await other.authorize({ amount: 20000, credential_on_file: "store" }, { pan: blockedPan });
    expect((await other.authorize({ amount: 20000, initiator: "merchant" }, { pan: blockedPan, csc: undefined })).status).toBe(201);
  });
});

describe("Errors: input errors, 404", () => {
  it("a missing parameter gives 400 with 40000 and a message naming it", async () => {
    const response = await gw.post("/authorizations", { currency: "EUR", card: { pan: "4111111111111111", expire_month: "06", expire_year: "2035", csc: "987" } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ status: { code: 40000, message: "parameter 'amount' is required" } });
  });

  it("an invalid parameter names the parameter and the rule, never the value", async () => {
    const response = await gw.authorize({}, { pan: "41111x" });
    expect(response.body.status?.code).toBe(40000);
    expect(response.body.status?.message).toMatch(/^parameter 'card\[pan\]' must/);
    expect(response.body.status?.message).not.toContain("41111x");
  });

  it("exactly one payment method: none or two are input errors naming the alternatives", async () => {
    const none = await gw.post("/authorizations", { amount: 100, currency: "EUR" });
    expect(none.body.status?.message).toMatch(/exactly one of 'card', 'applepay'/);
    const two = await gw.post("/authorizations", { amount: 100, currency: "EUR", card: { pan: "4111111111111111", expire_month: "06", expire_year: "2035" }, moto: { pan: "4111111111111111", expire_month: "06", expire_year: "2035" } });
    expect(two.body.status?.code).toBe(40000);
  });

  it("an invalid text_on_statement gives 40150, an invalid currency 40140", async () => {
    expect((await gw.authorize({ text_on_statement: "1234567" })).body.status?.code).toBe(40150);
    expect((await gw.authorize({ currency: "eur" })).body.status?.code).toBe(40140);
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
  it("GET /_sandbox/clock reports the sandbox time", async () => {
    const before = (await (await fetch(`${sandbox.gatewayUrl}/_sandbox/clock`)).json()) as { now: string };
    await advance(60);
    const after = (await (await fetch(`${sandbox.merchantUrl}/_sandbox/clock`)).json()) as { now: string; offset_seconds: number };
    expect(Date.parse(after.now) - Date.parse(before.now)).toBeGreaterThanOrEqual(60_000);
    expect(after.offset_seconds).toBeGreaterThanOrEqual(60);
  });
});
