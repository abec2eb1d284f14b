/**
 * Gateway behaviour, one named scenario per rule of the seed's *States and transitions* and
 * *Limits*: the charge flow, partial captures, over-capture, refunds that never free captured
 * amount, voids and the capture, refund and void windows, one refund per debit, and series.
 */
import { describe, expect } from "vitest";
import { windows } from "../../generated/gateway/constants";
import { advanceClock, scenario, session } from "../support/context";
import { approved, expectApproved, expectDeclined, Gateway, specExample, statusCode, statusForcingPans, card } from "../support/gateway";

const DAY = 24 * 60 * 60;
const gateway = () => new Gateway(session("gateway"));

describe("Charge flow", () => {
  scenario(
    "an approved authorization is captured through its captures link and refunded through its refunds link",
    {
      rules: [
        "gateway:status:AuthorizationApproved",
        "gateway:status:CaptureApproved",
        "gateway:status:RefundApproved",
        "gateway:x-test-environment:accepted-test-pans",
      ],
      api: "gateway",
      behaviour: true,
    },
    async () => {
      const gw = gateway();
      const authorization = await gw.approvedAuthorization(10000);
      expect(authorization.json.id, "an approved authorization has an id").toEqual(expect.any(String));
      const capture = await gw.capture(authorization);
      expectApproved(capture, "capture of the remaining amount");
      expect(capture.json.amount, "an omitted amount captures the full remaining amount").toBe(10000);
      expect(gw.link(capture, "refunds"), "a capture links the authorization's refunds").toBe(gw.link(authorization, "refunds"));
      const refund = await gw.refund(authorization);
      expectApproved(refund, "refund of the captured amount");
      expect(refund.json.amount, "an omitted amount refunds the full captured amount").toBe(10000);
    },
  );
});

describe("Partial captures", () => {
  scenario(
    "several captures are allowed up to the authorized amount; an omitted amount captures the remainder",
    { rules: ["gateway:rule:CaptureRequest.amount", "gateway:default:CaptureRequest.amount"], api: "gateway", behaviour: true },
    async () => {
      const gw = gateway();
      const authorization = await gw.approvedAuthorization(1000);
      const first = await gw.capture(authorization, { amount: 300 });
      expectApproved(first, "first partial capture");
      expect(first.json.amount).toBe(300);
      expectApproved(await gw.capture(authorization, { amount: 300 }), "second partial capture");
      const rest = await gw.capture(authorization);
      expectApproved(rest, "capture of the remainder");
      expect(rest.json.amount, "the remainder is 1000 - 300 - 300").toBe(400);
      expectDeclined(await gw.capture(authorization, { amount: 1 }), undefined, "a capture once everything is captured");
    },
  );
});

describe("Over-capture", () => {
  scenario(
    "a capture above the remaining amount is declined and captures nothing",
    { rules: ["gateway:rule:CaptureRequest.amount", "gateway:status:CaptureDeclined"], api: "gateway", behaviour: true },
    async () => {
      const gw = gateway();
      const authorization = await gw.approvedAuthorization(1000);
      expectDeclined(await gw.capture(authorization, { amount: 1001 }), undefined, "capture of 1001 on an authorization of 1000");
      const partial = await gw.capture(authorization, { amount: 600 });
      expectApproved(partial, "capture of 600 after the declined one");
      expectDeclined(await gw.capture(authorization, { amount: 401 }), undefined, "capture of 401 when 400 remain");
      expectApproved(await gw.capture(authorization, { amount: 400 }), "capture of the 400 that remain");
    },
  );
});

describe("Capture refunds", () => {
  scenario(
    "a refund does not free captured amount: authorize 10, capture 5, refund 5, and only 5 can still be captured",
    { rules: ["gateway:rule:CaptureRequest.amount"], api: "gateway", behaviour: true },
    async () => {
      const gw = gateway();
      const authorization = await gw.approvedAuthorization(1000);
      expectApproved(await gw.capture(authorization, { amount: 500 }), "capture of 500");
      expectApproved(await gw.refund(authorization, { amount: 500 }), "refund of 500");
      expectApproved(await gw.capture(authorization, { amount: 500 }), "capture of the other 500");
      expectDeclined(await gw.capture(authorization, { amount: 1 }), undefined, "capture beyond the authorized amount after a refund");
    },
  );

  scenario(
    "refunds are allowed up to the captured amount not yet refunded; an omitted amount refunds the rest",
    {
      rules: ["gateway:rule:RefundRequest.amount", "gateway:default:RefundRequest.amount", "gateway:status:RefundDeclined"],
      api: "gateway",
      behaviour: true,
    },
    async () => {
      const gw = gateway();
      const authorization = await gw.approvedAuthorization(1000);
      expectApproved(await gw.capture(authorization, { amount: 700 }), "capture of 700");
      expectDeclined(await gw.refund(authorization, { amount: 701 }), undefined, "refund of more than was captured");
      expectApproved(await gw.refund(authorization, { amount: 200 }), "refund of 200");
      const rest = await gw.refund(authorization);
      expectApproved(rest, "refund of the rest");
      expect(rest.json.amount, "the rest is 700 - 200").toBe(500);
      expectDeclined(await gw.refund(authorization, { amount: 1 }), undefined, "refund once everything is refunded");
    },
  );
});

describe("Voids", () => {
  scenario(
    "a void releases the reservation: nothing can be captured after it, and it cannot be voided twice",
    { rules: ["gateway:status:VoidApproved", "gateway:status:VoidDeclined"], api: "gateway", behaviour: true },
    async () => {
      const gw = gateway();
      const authorization = await gw.approvedAuthorization(1000);
      expectApproved(await gw.void(authorization), "void");
      expectDeclined(await gw.capture(authorization, { amount: 100 }), undefined, "capture after a void");
      expectDeclined(await gw.void(authorization), undefined, "second void");
    },
  );

  scenario(
    `an authorization that ended with status ${windows["voidable-status-codes"].find((c) => c !== approved)} can still be voided`,
    { rules: ["gateway:x-windows:voidable-status-codes", "gateway:rule:createVoid"], api: "gateway", behaviour: true, testCards: true },
    async () => {
      const gw = gateway();
      const code = windows["voidable-status-codes"].find((c) => c !== approved)!;
      const failed = await gw.authorize({ amount: code }, { pan: statusForcingPans[0] });
      expectDeclined(failed, code, `authorization forced to ${code}`);
      expect(failed.json.id, "a declined authorization has an id to void").toEqual(expect.any(String));
      expectApproved(await gw.void(failed), `void of the authorization that ended with ${code}`);
    },
  );
});

describe("Windows", () => {
  const voidDays = windows["void-before-days"];
  const captureDays = windows["capture-before-days"];
  const refundDays = windows["capture-refund-within-days-of-last-capture"];

  scenario(
    `void window: a void is accepted before ${voidDays} days and refused when the authorization is ${voidDays} days old`,
    { rules: ["gateway:x-windows:void-before-days", "gateway:rule:createVoid"], api: "gateway", behaviour: true, testClock: true },
    async () => {
      const gw = gateway();
      const early = await gw.approvedAuthorization(1000);
      const late = await gw.approvedAuthorization(1000);
      await advanceClock((voidDays - 1) * DAY);
      expectApproved(await gw.void(early), `void at ${voidDays - 1} days`);
      await advanceClock(DAY);
      expectDeclined(await gw.void(late), undefined, `void at ${voidDays} days`);
    },
  );

  scenario(
    `capture window: a capture is accepted before ${captureDays} days and refused when the authorization is ${captureDays} days old`,
    { rules: ["gateway:x-windows:capture-before-days", "gateway:rule:createCapture"], api: "gateway", behaviour: true, testClock: true },
    async () => {
      const gw = gateway();
      const authorization = await gw.approvedAuthorization(1000);
      await advanceClock((captureDays - 1) * DAY);
      expectApproved(await gw.capture(authorization, { amount: 100 }), `capture at ${captureDays - 1} days`);
      await advanceClock(DAY);
      expectDeclined(await gw.capture(authorization, { amount: 100 }), undefined, `capture at ${captureDays} days`);
    },
  );

  scenario(
    `capture refund window: a refund is accepted within ${refundDays} days of the last capture and refused after`,
    {
      rules: ["gateway:x-windows:capture-refund-within-days-of-last-capture", "gateway:rule:createRefund"],
      api: "gateway",
      behaviour: true,
      testClock: true,
    },
    async () => {
      const gw = gateway();
      const authorization = await gw.approvedAuthorization(1000);
      expectApproved(await gw.capture(authorization, { amount: 1000 }), "capture");
      await advanceClock((refundDays - 1) * DAY);
      expectApproved(await gw.refund(authorization, { amount: 100 }), `refund ${refundDays - 1} days after the capture`);
      await advanceClock(2 * DAY);
      expectDeclined(await gw.refund(authorization, { amount: 100 }), undefined, `refund ${refundDays + 1} days after the capture`);
    },
  );
});

describe("Debit refunds", () => {
  scenario(
    `a debit is refunded ${windows["debit-refunds-per-debit"]} time, for its full amount; a second refund is declined`,
    {
      rules: [
        "gateway:x-windows:debit-refunds-per-debit",
        "gateway:rule:createDebitRefund",
        "gateway:status:DebitApproved",
        "gateway:status:DebitRefundApproved",
        "gateway:status:DebitRefundDeclined",
      ],
      api: "gateway",
      behaviour: true,
    },
    async () => {
      const gw = gateway();
      const debit = await gw.debit(4200);
      expectApproved(debit, "debit");
      const refund = await gw.debitRefund(debit);
      expectApproved(refund, "debit refund");
      expect(refund.json.amount, "the refund is for the full amount").toBe(4200);
      expectDeclined(await gw.debitRefund(debit), undefined, "second refund of the same debit");
    },
  );
});

describe("Series", () => {
  /** An approved first-in-series (the spec's example), and a subsequent one on the same card referencing an authorization. */
  async function startSeries() {
    const gw = gateway();
    const example = specExample("createAuthorization", "firstInSeries");
    const cardData = card({ "3dsecure": example.card?.["3dsecure"] });
    const first = await gw.session.call({ operationId: "createAuthorization", body: { ...example, card: cardData } });
    expectApproved(first, "first-in-series");
    // A stored card is sent without its CSC and without a new authentication.
    const { csc: _csc, "3dsecure": _tds, ...subsequentCard } = cardData;
    const subsequent = (previous: string) =>
      gw.session.call({
        operationId: "createAuthorization",
        body: { amount: 9900, currency: "DKK", series: { previous: { id: previous } }, card: subsequentCard },
      });
    return { first, subsequent };
  }

  scenario(
    "a first-in-series returns series.type and series.tid; a subsequent one referencing it is approved with the same type",
    { rules: ["gateway:status:AuthorizationApproved"], api: "gateway", behaviour: true },
    async () => {
      const { first, subsequent } = await startSeries();
      expect(first.json.series, "a first-in-series response carries series.type and series.tid").toMatchObject({
        type: "recurring",
        tid: expect.any(String),
      });
      const next = await subsequent(first.json.id);
      expectApproved(next, "subsequent-in-series");
      expect(next.json.series?.type, "the series type cannot change").toBe("recurring");
    },
  );

  scenario(
    "a subsequent-in-series must reference the latest approved authorization of its series",
    { rules: ["gateway:rule:SeriesPrevious.id"], api: "gateway", behaviour: true },
    async () => {
      const { first, subsequent } = await startSeries();
      expectApproved(await subsequent(first.json.id), "second in series");
      const stale = await subsequent(first.json.id);
      expectDeclined(stale, undefined, "a subsequent-in-series referencing an authorization that is no longer the latest");
      expect(statusCode(stale)).not.toBe(approved);
    },
  );
});
