/**
 * Gateway answers against each other, against omitted parameters and against the clock (issue
 * 23): the links of every transaction name the transactions they stand for, as the other answers
 * of the run show them (support/invariants.ts checks every answer of the run; these scenarios make
 * sure each relation of the spec was checked at least once); an omitted `text_on_statement` is
 * the account's `descriptor`, and a follow-up without one carries the authorization's; every
 * transaction's `processed_at` is the target's time when it answered.
 */
import { describe, expect } from "vitest";
import { claimableIds } from "../rules/inventory";
import { waivers } from "../rules/waivers";
import { scenario, session, targetNow } from "../support/context";
import { stringOf } from "../../src/testkit/common/json-values";
import { answerOf } from "../support/documented-bodies";
import { expectApproved, Gateway } from "../support/gateway";
import { evaluations, unevaluated } from "../support/invariants";

const behaviour = { api: "gateway", behaviour: true } as const;
const LINKS = claimableIds("gateway:link:*", waivers);

/** Every transaction type of the spec, once, through the links the answers carry. */
async function everyTransaction(gw: Gateway) {
  const authorization = await gw.approvedAuthorization(3000);
  const capture = await gw.capture(authorization, { amount: 2000 });
  expectApproved(capture, "a capture");
  const refund = await gw.refund(authorization, { amount: 500 });
  expectApproved(refund, "a refund");
  const voided = await gw.void(await gw.approvedAuthorization(1000));
  expectApproved(voided, "a void");
  const debit = await gw.debit(4000);
  expectApproved(debit, "a debit");
  const debitRefund = await gw.debitRefund(debit);
  expectApproved(debitRefund, "a debit refund");
  const credit = await gw.credit(700);
  expectApproved(credit, "a credit");
  return { authorization, capture, refund, voided, debit, debitRefund, credit };
}

describe("Facts that agree across answers", () => {
  scenario(
    "every link of every transaction names the transaction it stands for: an authorization's own and follow-up addresses its id, a capture's and a refund's authorization the one they were posted to, a debit refund's debit its debit",
    { ...behaviour, testCards: true, rules: LINKS },
    async () => {
      const before = evaluations();
      const gw = new Gateway(session("gateway"));
      const root = await gw.session.call({ operationId: "discoverResources" });
      await gw.session.call({ operationId: "getAccount", url: root.json._links.account.href });
      await everyTransaction(gw);
      expect(unevaluated(before, LINKS).join(", "), "relations of the spec no answer of this scenario let the invariants check").toBe("");
    },
  );
});

describe("Documented defaults", () => {
  scenario(
    "an omitted text_on_statement is the account's descriptor; a capture or refund without one carries the authorization's, and its own value overrides it",
    { ...behaviour, testCards: true, rules: ["gateway:default:TextOnStatement"] },
    async () => {
      const gw = new Gateway(session("gateway"));
      const account = await gw.session.call({ operationId: "getAccount" });
      expect(account.status).toBe(200);
      const { descriptor } = answerOf("gateway", account, "getAccount", 200);
      expect(descriptor, "the account states its descriptor").toEqual(expect.any(String));
      const authorization = await gw.approvedAuthorization(2000);
      expect(authorization.json.text_on_statement, "an authorization without text_on_statement").toBe(descriptor);
      const capture = await gw.capture(authorization, { amount: 1000 });
      expect(capture.json.text_on_statement, "a capture without text_on_statement").toBe(descriptor);
      const named = await gw.approvedAuthorization(2000, { text_on_statement: "Agreement shop" });
      expect(
        (await gw.capture(named, { amount: 500 })).json.text_on_statement,
        "a capture without text_on_statement carries the authorization's",
      ).toBe("Agreement shop");
      expect(
        (await gw.capture(named, { amount: 500, text_on_statement: "Capture text" })).json.text_on_statement,
        "a capture's own value overrides it",
      ).toBe("Capture text");
    },
  );
});

describe("Time", () => {
  scenario(
    "every transaction's processed_at is the target's time between the request and the answer, to the second",
    { ...behaviour, testCards: true, testClock: true, rules: ["gateway:time:Timestamp"] },
    async () => {
      const before = evaluations();
      const start = Math.floor((await targetNow()).getTime() / 1000) * 1000;
      const transactions = await everyTransaction(new Gateway(session("gateway")));
      const end = (await targetNow()).getTime();
      for (const [name, exchange] of Object.entries(transactions)) {
        const at = Date.parse(stringOf(exchange.json.processed_at) ?? "");
        expect(
          at,
          `${name}'s processed_at ${String(exchange.json.processed_at)} is not before the request (${new Date(start).toISOString()})`,
        ).toBeGreaterThanOrEqual(start);
        expect(
          at,
          `${name}'s processed_at ${String(exchange.json.processed_at)} is not after the answer (${new Date(end).toISOString()})`,
        ).toBeLessThanOrEqual(end);
      }
      expect(unevaluated(before, ["gateway:time:Timestamp"]).join(", "), "the run's creation times were compared").toBe("");
    },
  );
});
