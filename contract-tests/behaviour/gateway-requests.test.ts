/**
 * Gateway rules about single requests that no flow of the other files provokes: an empty body
 * is signed too, unknown transaction ids, a transaction's links, the debit's input rules, which
 * PANs the test host accepts, statuses forced per transaction type, expiry, 3-D Secure results
 * sent with the card, series and merchant-initiated transactions, and the merchant block of a
 * recurring series. (These were the sandbox's unit tests; they now hold any target to them.)
 */
import { randomInt, randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { statusCodeByKey, statusCodes, testEnvironment, threeDSecureTransStatusOutcomes } from "../../generated/gateway/constants";
import { scenario, session, target } from "../support/context";
import { approved, card, expectApproved, expectDeclined, Gateway, specExample, statusCode } from "../support/gateway";
import { onlyLink } from "../../src/testkit/common/hal-reading";
import type { Exchange } from "../support/http";

const gateway = () => new Gateway(session("gateway"));
const behaviour = { api: "gateway", behaviour: true } as const;
const INPUT_ERROR = statusCodeByKey["general-input-error"];
const fallbackCode = testEnvironment["status-forcing-fallback-code"];

/** A PAN of a status-forcing family with random middle digits, so what it does touches no other scenario. */
function uniqueForcingPan(index = 0): string {
  const { prefix, suffix } = testEnvironment["status-forcing-pans"][index]!;
  const middle = String(randomInt(10 ** 5, 10 ** 6)).padStart(16 - prefix.length - suffix.length, "0");
  return prefix + middle + suffix;
}

function luhnValid(pan: string): boolean {
  let sum = 0;
  for (let i = 0; i < pan.length; i++) {
    let digit = Number(pan[pan.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A fresh Visa-like PAN that is not Luhn-valid (the test host accepts any such PAN): a card no other scenario has used. */
function freshPan(): string {
  for (;;) {
    const pan = "4" + String(randomInt(10 ** 7, 10 ** 8)) + String(randomInt(10 ** 6, 10 ** 7));
    if (!luhnValid(pan)) return pan;
  }
}

function message(exchange: Exchange): string {
  return String(exchange.json?.status?.message ?? "");
}

describe("Signing an empty body", () => {
  scenario(
    "a void, whose body is empty, must be signed too: unsigned it is refused with 40000, signed it is approved",
    {
      ...behaviour,
      rules: ["gateway:x-scheme-token:securityScheme.signature", "gateway:status:VoidApproved", "gateway:status:VoidDeclined"],
    },
    async () => {
      const gw = gateway();
      const authorization = await gw.approvedAuthorization(500);
      const unsigned = await gw.void(authorization, { signature: "none" });
      expectDeclined(unsigned, INPUT_ERROR, "an unsigned void");
      expect(message(unsigned), "the message says why").toMatch(/signature/i);
      expectApproved(await gw.void(authorization), "the same void, signed over its empty body");
    },
  );
});

describe("Transaction ids", () => {
  scenario(
    "an unknown or malformed transaction id in a valid path is declined with 40000 'invalid transaction id', not answered 404",
    {
      ...behaviour,
      rules: [
        "gateway:status:NotFound",
        "gateway:status:CaptureDeclined",
        "gateway:status:RefundDeclined",
        "gateway:status:VoidDeclined",
        "gateway:status:DebitRefundDeclined",
      ],
    },
    async () => {
      const client = session("gateway");
      for (const id of [randomUUID(), "not-a-uuid"]) {
        for (const [operationId, params, body] of [
          ["createCapture", { authorization_id: id }, { amount: 100 }],
          ["createRefund", { authorization_id: id }, { amount: 100 }],
          ["createVoid", { authorization_id: id }, undefined],
          ["createDebitRefund", { debit_id: id }, undefined],
        ] as const) {
          const exchange = await client.call({ operationId, params, ...(body ? { body } : {}) });
          expectDeclined(exchange, INPUT_ERROR, `${operationId} of the transaction id ${id}`);
          expect(message(exchange), `${operationId} of ${id}`).toMatch(/invalid transaction id/i);
        }
      }
    },
  );
});

describe("Links", () => {
  /** The operation a link leads to (POST for follow-ups) and its path parameters. */
  function routeOf(client: Gateway, href: string, method = "POST"): { operationId?: string; params: Record<string, string> } {
    const matched = client.session.spec.router.match(method, new URL(client.session.resolve(href)).pathname);
    return matched.kind === "match" ? { operationId: matched.route.operationId, params: matched.params } : { params: {} };
  }

  scenario(
    "a transaction's links lead to its own follow-ups: an authorization's captures, refunds and voids, a capture's refunds, a debit's refunds, each under its id",
    { ...behaviour, rules: ["gateway:status:AuthorizationApproved", "gateway:status:CaptureApproved", "gateway:status:DebitApproved"] },
    async () => {
      const gw = gateway();
      const authorization = await gw.approvedAuthorization(2050);
      const id = String(authorization.json.id);
      for (const [rel, operationId] of [
        ["captures", "createCapture"],
        ["refunds", "createRefund"],
        ["voids", "createVoid"],
      ] as const) {
        expect(routeOf(gw, gw.link(authorization, rel)), `the authorization's ${rel} link`).toEqual({
          operationId,
          params: { authorization_id: id },
        });
      }
      const capture = await gw.capture(authorization, { amount: 1000 });
      expectApproved(capture, "capture");
      expect(routeOf(gw, gw.link(capture, "refunds")), "the capture's refunds link").toEqual({
        operationId: "createRefund",
        params: { authorization_id: id },
      });
      const authorizationLink = onlyLink(capture.json, "authorization")?.href;
      if (authorizationLink)
        expect(gw.session.resolve(authorizationLink), "the capture's authorization link names its authorization").toMatch(
          new RegExp(`/${id}$`),
        );
      const refund = await gw.refund(authorization, { amount: 500 });
      expectApproved(refund, "refund");
      const refundBack = onlyLink(refund.json, "authorization")?.href;
      if (refundBack)
        expect(gw.session.resolve(refundBack), "the refund's authorization link names its authorization").toMatch(new RegExp(`/${id}$`));
      const debit = await gw.debit(5000);
      expectApproved(debit, "debit");
      expect(routeOf(gw, gw.link(debit, "refunds")), "the debit's refunds link").toEqual({
        operationId: "createDebitRefund",
        params: { debit_id: String(debit.json.id) },
      });
      const debitRefund = await gw.debitRefund(debit);
      expectApproved(debitRefund, "debit refund");
      const debitBack = onlyLink(debitRefund.json, "debit")?.href;
      if (debitBack)
        expect(gw.session.resolve(debitBack), "the debit refund's debit link names its debit").toMatch(
          new RegExp(`/${String(debit.json.id)}$`),
        );
    },
  );
});

describe("Rules that join parameters", () => {
  scenario(
    "requests breaking a rule that joins parameters are input errors: no payment method or two, series with sca_exemption, series[type] with series[previous], two scheme references, an ARes with an RReq, two kinds of travel data",
    { ...behaviour, testCards: true, rules: ["gateway:status:AuthorizationDeclined", "gateway:status:CaptureDeclined"] },
    async () => {
      const gw = gateway();
      const base = { amount: 1000, currency: "EUR" };
      const { csc: _csc, ...noCsc } = card();
      const cases: Array<[string, Record<string, unknown>]> = [
        ["no payment method", base],
        ["card and moto together", { ...base, card: card(), moto: noCsc }],
        ["series with sca_exemption", { ...base, card: card(), series: { type: "recurring" }, sca_exemption: "transaction_risk_analysis" }],
        ["series[type] with series[previous]", { ...base, card: noCsc, series: { type: "recurring", previous: { id: randomUUID() } } }],
        [
          "a Visa and a Mastercard scheme reference together",
          {
            ...base,
            card: noCsc,
            series: {
              previous: {
                visa: { type: "recurring", tid: "123456789012345" },
                mastercard: { tid: "MCC1234560115  ", exemption: "fixed_amount_series" },
              },
            },
          },
        ],
        ["card[3dsecure][v2] with both ares and rreq", { ...base, card: card({ "3dsecure": { v2: { ares: "{}", rreq: "{}" } } }) }],
      ];
      for (const [what, body] of cases)
        expectDeclined(await gw.session.call({ operationId: "createAuthorization", body }), INPUT_ERROR, what);
      const authorization = await gw.approvedAuthorization(1000);
      const travel = { car: { pick_up_date: "2026-12-01" }, flight: { departure_date: "2026-12-01" } };
      expectDeclined(await gw.capture(authorization, { amount: 100, travel }), INPUT_ERROR, "a capture with two kinds of travel data");
      expectApproved(await gw.capture(authorization, { amount: 100, travel: { car: travel.car } }), "the capture with one kind");
    },
  );
});

describe("Debit input rules", () => {
  scenario(
    "a debit needs an amount of at least 1, a recipient with a name and an account number, and the sender's name whenever a sender address is given",
    { ...behaviour, testCards: true, rules: ["gateway:rule:Sender.name", "gateway:status:DebitDeclined"] },
    async () => {
      const gw = gateway();
      const send = (body: Record<string, unknown>) => gw.session.call({ operationId: "createDebit", body });
      const zero = await send(gw.debitBody(0));
      expectDeclined(zero, INPUT_ERROR, "a debit of 0");
      expect(message(zero), "names the amount").toMatch(/'amount'/);
      const { recipient, ...withoutRecipient } = gw.debitBody();
      const noRecipient = await send(withoutRecipient);
      expectDeclined(noRecipient, INPUT_ERROR, "a debit without a recipient");
      expect(message(noRecipient), "names the recipient").toMatch(/'recipient/);
      const { account_number: _number, ...nameOnly } = recipient;
      const partial = await send({ ...withoutRecipient, recipient: nameOnly });
      expectDeclined(partial, INPUT_ERROR, "a recipient without an account number");
      expect(message(partial), "names the account number").toMatch(/recipient\[account_number\]/);
      const addressOnly = await send({ ...gw.debitBody(), sender: { address: "Torvegade 12" } });
      expectDeclined(addressOnly, INPUT_ERROR, "a sender address without the sender's name");
      expect(message(addressOnly), "names the sender's name").toMatch(/sender\[name\]/);
      expectApproved(await send(gw.debitBody()), "the same debit with every input rule met");
    },
  );
});

describe("Which PANs the test host accepts", () => {
  scenario(
    "the test host approves the test PANs and any PAN that is not Luhn-valid, and declines a Luhn-valid PAN that is not a test PAN",
    { ...behaviour, testCards: true, rules: ["gateway:x-test-environment:accepted-test-pans"] },
    async () => {
      const gw = gateway();
      for (const pan of [...testEnvironment["accepted-test-pans"], freshPan()])
        expectApproved(await gw.authorize({ amount: 1000 }, { pan }), `PAN ${pan.slice(0, 6)}...${pan.slice(-4)}`);
      const luhnValidOther = "4012888888881881";
      expect(luhnValid(luhnValidOther) && !new Set<string>(testEnvironment["accepted-test-pans"]).has(luhnValidOther)).toBe(true);
      expectDeclined(await gw.authorize({ amount: 1000 }, { pan: luhnValidOther }), undefined, "a Luhn-valid PAN that is not a test PAN");
    },
  );

  const notForCredits = Object.entries(statusCodes).find(
    ([, entry]) => entry.returnedFor.some((type) => type === "authorization") && !entry.returnedFor.some((type) => type === "credit"),
  );
  scenario(
    `a status-forcing PAN forces only a status the transaction type can return: a credit sent ${notForCredits?.[0]}, which credits never return, gets ${fallbackCode}`,
    { ...behaviour, testCards: true, rules: ["gateway:x-returned-for", "gateway:x-test-environment:status-forcing-fallback-code"] },
    async () => {
      expect(notForCredits, "the spec lists a code returned for authorizations but not for credits").toBeDefined();
      const code = Number(notForCredits![0]);
      const gw = gateway();
      expectDeclined(await gw.credit(code, { pan: uniqueForcingPan() }), fallbackCode, `a credit forced to ${code}`);
      expectDeclined(await gw.authorize({ amount: code }, { pan: uniqueForcingPan() }), code, `an authorization forced to ${code}`);
    },
  );
});

describe("Expiry", () => {
  scenario(
    `an impossible expiry month is declined with ${statusCodeByKey["invalid-expire-date"]} and an expiry in the past with ${statusCodeByKey["card-expired"]}`,
    { ...behaviour, testCards: true, rules: ["gateway:status:AuthorizationDeclined"] },
    async () => {
      const gw = gateway();
      expectDeclined(
        await gw.authorize({ amount: 1000 }, { expire_month: "13" }),
        statusCodeByKey["invalid-expire-date"],
        "expiry month 13",
      );
      expectDeclined(
        await gw.authorize({ amount: 1000 }, { expire_year: "2001" }),
        statusCodeByKey["card-expired"],
        "a card that expired in 2001",
      );
    },
  );
});

describe("3-D Secure results sent with the card", () => {
  const withTransStatus = (gw: Gateway, transStatus: string) => {
    const ares = JSON.stringify({
      messageVersion: "2.2.0",
      transStatus,
      authenticationValue: "AAABBEg0VhI0VniQEjRWAAAAAAA=",
      dsTransID: randomUUID(),
      eci: "05",
    });
    return gw.authorize({ amount: 1000 }, { "3dsecure": { v2: { ares } } });
  };
  const named = new Set<string>(Object.values(threeDSecureTransStatusOutcomes).flat());
  const unnamed = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"].find((letter) => !named.has(letter))!;
  const rules = ["gateway:x-trans-status-outcomes:ThreeDSecureResult.status"];

  scenario(
    `transStatus ${threeDSecureTransStatusOutcomes["strongly-authenticated"].join(" and ")} count as strong customer authentication: approved, sca.provided, the issuer liable, the result reported back`,
    { ...behaviour, testCards: true, rules },
    async () => {
      const gw = gateway();
      for (const letter of threeDSecureTransStatusOutcomes["strongly-authenticated"]) {
        const answer = await withTransStatus(gw, letter);
        expectApproved(answer, `transStatus ${letter}`);
        expect(answer.json["3dsecure"], `transStatus ${letter}: the 3-D Secure result`).toMatchObject({ version: "2.2.0", status: letter });
        expect(answer.json, `transStatus ${letter}`).toMatchObject({ sca: { provided: true }, liable_for_fraud_disputes: "issuer" });
      }
    },
  );

  scenario(
    `transStatus ${threeDSecureTransStatusOutcomes["authentication-failed"].join(" and ")} decline with ${statusCodeByKey["three-d-secure-authentication-failure"]}; a letter in neither group is no strong authentication`,
    { ...behaviour, testCards: true, rules },
    async () => {
      const gw = gateway();
      for (const letter of threeDSecureTransStatusOutcomes["authentication-failed"]) {
        expectDeclined(
          await withTransStatus(gw, letter),
          statusCodeByKey["three-d-secure-authentication-failure"],
          `transStatus ${letter}`,
        );
      }
      const other = await withTransStatus(gw, unnamed);
      expectApproved(other, `transStatus ${unnamed}`);
      expect(other.json.sca?.provided ?? false, `transStatus ${unnamed} is not strong authentication`).toBe(false);
      expect(other.json.liable_for_fraud_disputes, `transStatus ${unnamed}: the issuer is not liable`).not.toBe("issuer");
    },
  );

  scenario(
    `an ARes that is not JSON is a 3-D Secure problem (${statusCodeByKey["three-d-secure-problem"]})`,
    { ...behaviour, testCards: true, rules: ["gateway:status:AuthorizationDeclined"] },
    async () => {
      expectDeclined(
        await gateway().authorize({ amount: 1000 }, { "3dsecure": { v2: { ares: "{not json" } } }),
        statusCodeByKey["three-d-secure-problem"],
        "an ARes that is not JSON",
      );
    },
  );
});

describe("Wallets", () => {
  scenario(
    'an Apple Pay authorization counts as strongly authenticated: approved with sca.provided (spec example "applepay")',
    { ...behaviour, testCards: true, rules: ["gateway:x-strongly-authenticated:ApplePayMethod"] },
    async () => {
      const answer = await session("gateway").call({
        operationId: "createAuthorization",
        body: specExample("createAuthorization", "applepay"),
      });
      expectApproved(answer, "the Apple Pay authorization");
      expect(answer.json.sca, "strong customer authentication").toMatchObject({ provided: true });
    },
  );
});

describe("Series and merchant-initiated transactions", () => {
  scenario(
    "the series type cannot change: a subsequent-in-series that sets series[type] too is an input error, and one without it keeps the first's type",
    { ...behaviour, testCards: true, rules: ["gateway:rule:Series"] },
    async () => {
      const gw = gateway();
      const pan = freshPan();
      const first = await gw.authorize({ amount: 1000, series: { type: "recurring" } }, { pan });
      expectApproved(first, "first-in-series");
      const cardData = { pan, expire_month: card().expire_month, expire_year: card().expire_year };
      const changed = await gw.session.call({
        operationId: "createAuthorization",
        body: { amount: 500, currency: "EUR", series: { type: "unscheduled", previous: { id: first.json.id } }, card: cardData },
      });
      expectDeclined(changed, INPUT_ERROR, "a subsequent-in-series that names another series type");
      const next = await gw.session.call({
        operationId: "createAuthorization",
        body: { amount: 500, currency: "EUR", series: { previous: { id: first.json.id } }, card: cardData },
      });
      expectApproved(next, "subsequent-in-series");
      expect(next.json.series?.type, "the series keeps its type").toBe("recurring");
    },
  );

  scenario(
    "a subsequent-in-series cannot be cardholder-initiated: initiator=cardholder is an input error naming initiator",
    { ...behaviour, testCards: true, rules: ["gateway:rule:AuthorizationParameters.initiator"] },
    async () => {
      const gw = gateway();
      const pan = freshPan();
      const first = await gw.authorize({ amount: 1000, series: { type: "recurring" } }, { pan });
      expectApproved(first, "first-in-series");
      const cardholder = await gw.session.call({
        operationId: "createAuthorization",
        body: {
          amount: 500,
          currency: "EUR",
          initiator: "cardholder",
          series: { previous: { id: first.json.id } },
          card: { pan, expire_month: card().expire_month, expire_year: card().expire_year },
        },
      });
      expectDeclined(cardholder, INPUT_ERROR, "a cardholder-initiated subsequent-in-series");
      expect(message(cardholder), "names the initiator").toMatch(/'initiator'/);
    },
  );

  scenario(
    "a merchant-initiated transaction needs a stored credential: declined on a card without one, approved once a cardholder-initiated one stored it",
    {
      ...behaviour,
      testCards: true,
      rules: ["gateway:rule:AuthorizationParameters.initiator", "gateway:rule:AuthorizationParameters.credential_on_file"],
    },
    async () => {
      const gw = gateway();
      const pan = freshPan();
      const mit = () => gw.authorize({ amount: 1000, initiator: "merchant" }, { pan, csc: undefined });
      expectDeclined(await mit(), undefined, "a merchant-initiated authorization on a card with no stored credential");
      expectApproved(
        await gw.authorize({ amount: 1000, credential_on_file: "store" }, { pan }),
        "a cardholder-initiated authorization storing the credential",
      );
      expectApproved(await mit(), "the merchant-initiated authorization once the credential is stored");
    },
  );

  scenario(
    "after a 40420 the merchant's recurring series on that card stops too, while another merchant's transactions on the card go on",
    {
      ...behaviour,
      testCards: true,
      otherMerchantApiKey: true,
      rules: ["gateway:status:AuthorizationDeclined", "gateway:rule:AuthorizationParameters.initiator"],
    },
    async () => {
      const gw = gateway();
      const pan = uniqueForcingPan(1);
      const first = await gw.authorize({ amount: approved, series: { type: "recurring" } }, { pan });
      expectApproved(first, "first-in-series");
      const block = statusCodeByKey["merchant-blocked-by-cardholder"];
      expectDeclined(await gw.authorize({ amount: block }, { pan }), block, "the authorization the cardholder's block declines");
      const { csc: _csc, ...subsequentCard } = card({ pan });
      const recurring = await gw.session.call({
        operationId: "createAuthorization",
        body: { amount: approved, currency: "EUR", series: { previous: { id: first.json.id } }, card: subsequentCard },
      });
      expectDeclined(recurring, block, "the next payment of the recurring series");
      const other = { apiKey: target.gateway.otherMerchantApiKey };
      expectApproved(
        await gw.authorize({ amount: approved, credential_on_file: "store" }, { pan }, other),
        "another merchant storing the credential",
      );
      const otherMit = await gw.authorize({ amount: approved, initiator: "merchant" }, { pan, csc: undefined }, other);
      expectApproved(otherMit, "another merchant's merchant-initiated authorization");
      expect(statusCode(otherMit)).toBe(approved);
    },
  );
});
