/**
 * The Gateway API's commands for fast-check's model-based runs: authorizations (approved by a test
 * PAN or forced to a status by a status-forcing one), captures, refunds and voids through the
 * authorization's links, debits and their one refund, credits; with the account's key, its second
 * key, or another account's key; and the test clock moved where the target has one. Each command
 * asks the model (./model.ts) for its prediction and compares the answer with it (../common/compare.ts).
 */
import fc from "fast-check";
import { approvedStatusCode, testEnvironment } from "../../../generated/gateway/constants";
import { onlyLink } from "../../../src/testkit/common/hal-reading";
import type { ContractTarget } from "../../support/target";
import { advanceClock } from "../../support/context";
import { card, statusForcingPans, testPan } from "../../support/gateway";
import { requestExample } from "../../support/documented-bodies";
import { answerOf, sendAndCompare, type Real } from "../common/compare";
import { accountOf, codesReturnedFor, type GatewayModel, type Key } from "./model";

type Command = fc.AsyncCommand<GatewayModel, GatewayReal>;

export interface GatewayReal extends Real {
  keys: Partial<Record<Key, string>>;
}

const CURRENCIES = ["EUR", "DKK", "USD"] as const;
const OTHER_CSC = "123";
const DAY = 24 * 60 * 60;

const keyOption = (real: GatewayReal, key: Key) => ({ apiKey: real.keys[key] });

class Authorize implements Command {
  constructor(
    readonly key: Key,
    readonly amount: number,
    readonly currency: string,
    readonly pan: "accepted" | "forcing",
    readonly matchingCsc: boolean,
    readonly textOnStatement: string | undefined,
    readonly reference: string | undefined,
  ) {}
  check = (m: Readonly<GatewayModel>) => m.authorizations.length < 12;
  async run(m: GatewayModel, real: GatewayReal): Promise<void> {
    const csc = this.matchingCsc ? testEnvironment["matching-csc"] : OTHER_CSC;
    const { expectations, state } = m.predictAuthorization({
      key: this.key,
      amount: this.amount,
      currency: this.currency,
      pan: this.pan,
      csc,
      textOnStatement: this.textOnStatement,
      reference: this.reference,
    });
    const body = {
      amount: this.amount,
      currency: this.currency,
      ...(this.textOnStatement !== undefined && { text_on_statement: this.textOnStatement }),
      ...(this.reference !== undefined && { reference: this.reference }),
      card: card({ pan: this.pan === "accepted" ? testPan : statusForcingPans[0], csc }),
    };
    const exchange = await sendAndCompare(
      real,
      this.toString(),
      { operationId: "createAuthorization", body, ...keyOption(real, this.key) },
      expectations,
      (answered) => {
        state.id = typeof answered.json?.id === "string" ? answered.json.id : undefined;
        return m.authorizationLinks(state);
      },
    );
    m.learnAuthorization(state, answerOf(exchange));
    if (state.id !== undefined) answersOf(real).set(state.id, exchange.json);
  }
  toString = () =>
    `authorize(${this.key} key, ${this.amount} ${this.currency}, ${this.pan === "accepted" ? "test PAN" : "status-forcing PAN"}, ${this.matchingCsc ? "matching" : "other"} CSC${this.textOnStatement !== undefined ? `, text_on_statement ${JSON.stringify(this.textOnStatement)}` : ""}${this.reference !== undefined ? `, reference ${JSON.stringify(this.reference)}` : ""})`;
}

/** A follow-up of the `pick`-th authorization (modulo those made so far). */
abstract class FollowUp implements Command {
  constructor(
    readonly pick: number,
    readonly key: Key,
  ) {}
  check = (m: Readonly<GatewayModel>) => m.authorizations.some((a) => a.id !== undefined);
  /**
   * Counted from the latest: follow-ups mostly act on what the sequence just made. An even pick
   * counts among the approved authorizations (when there are), so that chains of follow-ups on
   * one approved authorization come often; an odd one among all (declined ones too).
   */
  protected target(m: GatewayModel) {
    const known = m.authorizations.filter((a) => a.id !== undefined);
    const approved = known.filter((a) => a.code === approvedStatusCode);
    const among = this.pick % 2 === 0 && approved.length > 0 ? approved : known;
    const auth = among[among.length - 1 - (this.pick % among.length)]!;
    return { auth, label: `authorization #${m.authorizations.indexOf(auth) + 1}` };
  }
  abstract run(m: GatewayModel, real: GatewayReal): Promise<void>;
  abstract toString(): string;
}

/** The address of a relation of an authorization, as its own answer linked it (or the spec's path for it when not linked). */
function linked(real: GatewayReal, authId: string, rel: "captures" | "refunds" | "voids", links: Map<string, unknown>): string {
  const href = onlyLink(links.get(authId), rel)?.href;
  return real.session.resolve(href ?? `/authorizations/${authId}/${rel}`);
}

/** The last answer seen for each authorization id (its links are followed, never built). */
const answered = new WeakMap<GatewayReal, Map<string, unknown>>();
const answersOf = (real: GatewayReal) => {
  let found = answered.get(real);
  if (!found) answered.set(real, (found = new Map()));
  return found;
};

/** A capture (with or without its own text on statement) or a refund of the authorization, of an amount or with the amount omitted, through the authorization's link. */
class AmountFollowUp extends FollowUp {
  constructor(
    readonly kind: "capture" | "refund",
    pick: number,
    key: Key,
    readonly amount: number | undefined,
    readonly textOnStatement?: string,
  ) {
    super(pick, key);
  }
  async run(m: GatewayModel, real: GatewayReal): Promise<void> {
    const { auth, label } = this.target(m);
    const { expectations, apply } =
      this.kind === "capture"
        ? m.predictCapture(auth, this.key, this.amount, this.textOnStatement)
        : m.predictRefund(auth, this.key, this.amount);
    await sendAndCompare(
      real,
      `${this.toString()} of ${label}`,
      {
        operationId: this.kind === "capture" ? "createCapture" : "createRefund",
        url: linked(real, auth.id!, this.kind === "capture" ? "captures" : "refunds", answersOf(real)),
        body: {
          ...(this.amount !== undefined && { amount: this.amount }),
          ...(this.textOnStatement !== undefined && { text_on_statement: this.textOnStatement }),
        },
        ...keyOption(real, this.key),
      },
      expectations,
    );
    apply();
  }
  toString = () =>
    `${this.kind}(${this.key} key, ${this.amount ?? "amount omitted"}${this.textOnStatement !== undefined ? `, text_on_statement ${JSON.stringify(this.textOnStatement)}` : ""})`;
}

class Void extends FollowUp {
  // What a void does to later captures is not stated: a voided authorization, or one with captures, is left alone.
  override check = (m: Readonly<GatewayModel>) => m.authorizations.some((a) => a.id !== undefined && !a.voided && a.captured === 0);
  protected override target(m: GatewayModel) {
    const open = m.authorizations.filter((a) => a.id !== undefined && !a.voided && a.captured === 0);
    const auth = open[open.length - 1 - (this.pick % open.length)]!;
    return { auth, label: `authorization #${m.authorizations.indexOf(auth) + 1}` };
  }
  async run(m: GatewayModel, real: GatewayReal): Promise<void> {
    const { auth, label } = this.target(m);
    const { expectations, apply } = m.predictVoid(auth, this.key);
    await sendAndCompare(
      real,
      `${this.toString()} of ${label}`,
      { operationId: "createVoid", url: linked(real, auth.id!, "voids", answersOf(real)), ...keyOption(real, this.key) },
      expectations,
    );
    apply();
  }
  toString = () => `void(${this.key} key)`;
}

class Debit implements Command {
  /** The example's currency: what a debit may be made in beyond it the spec leaves to the account. */
  readonly currency = requestExample("gateway", "createDebit", "intraEeaVisa").currency;
  constructor(
    readonly key: Key,
    readonly amount: number,
  ) {}
  check = (m: Readonly<GatewayModel>) => m.debits.length < 6;
  async run(m: GatewayModel, real: GatewayReal): Promise<void> {
    const { expectations, state } = m.predictDebit(accountOf(this.key), this.amount, this.currency);
    const body = { ...requestExample("gateway", "createDebit", "intraEeaVisa"), amount: this.amount, card: card() };
    const exchange = await sendAndCompare(
      real,
      this.toString(),
      { operationId: "createDebit", body, ...keyOption(real, this.key) },
      expectations,
      (answered) => {
        state.id = typeof answered.json?.id === "string" ? answered.json.id : undefined;
        return m.debitLinks(state);
      },
    );
    m.learnDebit(state, answerOf(exchange));
  }
  toString = () => `debit(${this.key} key, ${this.amount} ${this.currency})`;
}

class DebitRefund implements Command {
  constructor(
    readonly pick: number,
    readonly key: Key,
  ) {}
  check = (m: Readonly<GatewayModel>) => m.debits.some((d) => d.id !== undefined);
  async run(m: GatewayModel, real: GatewayReal): Promise<void> {
    const known = m.debits.filter((d) => d.id !== undefined);
    const debit = known[known.length - 1 - (this.pick % known.length)]!;
    const { expectations, apply } = m.predictDebitRefund(debit, this.key);
    await sendAndCompare(
      real,
      `${this.toString()} of debit #${m.debits.indexOf(debit) + 1}`,
      { operationId: "createDebitRefund", params: { debit_id: debit.id }, ...keyOption(real, this.key) },
      expectations,
    );
    apply();
  }
  toString = () => `debit refund(${this.key} key)`;
}

class Credit implements Command {
  readonly currency = requestExample("gateway", "createCredit", "payout").currency;
  constructor(
    readonly key: Key,
    readonly amount: number,
  ) {}
  check = () => true;
  async run(m: GatewayModel, real: GatewayReal): Promise<void> {
    const example = requestExample("gateway", "createCredit", "payout");
    const { csc: _csc, ...withoutCsc } = card();
    const body = { ...example, amount: this.amount, card: withoutCsc };
    await sendAndCompare(
      real,
      this.toString(),
      { operationId: "createCredit", body, ...keyOption(real, this.key) },
      m.predictCredit(accountOf(this.key), {
        amount: this.amount,
        currency: this.currency,
        textOnStatement: example.text_on_statement,
        reference: example.reference,
      }),
    );
  }
  toString = () => `credit(${this.key} key, ${this.amount} ${this.currency})`;
}

/** The test clock moved by whole days (once per sequence, so that a run moves it a bounded distance). */
class AdvanceClock implements Command {
  constructor(readonly days: number) {}
  check = (m: Readonly<GatewayModel>) => m.day === 0;
  async run(m: GatewayModel, real: GatewayReal): Promise<void> {
    await advanceClock(this.days * DAY, "gateway");
    m.day += this.days;
    real.trail.push(`${this.toString()}: POST /_sandbox/clock`);
  }
  toString = () => `advance the test clock ${this.days} days`;
}

/** The commands a target can take: the keys it offers, the clock if it has one. */
export function gatewayCommands(target: ContractTarget): Array<fc.Arbitrary<Command>> {
  const keys: Key[] = ["main"];
  if (target.gateway.secondApiKey) keys.push("second");
  if (target.gateway.otherMerchantApiKey) keys.push("other");
  // The account's own key most often: the other keys' answers are mostly the same refusal.
  const key = fc.oneof({ arbitrary: fc.constant<Key>("main"), weight: 4 }, ...keys.filter((k) => k !== "main").map((k) => fc.constant(k)));
  const currency = fc.constantFrom(...CURRENCIES);
  const forced = fc.constantFrom(...codesReturnedFor("createAuthorization"), 1234);
  const text = fc.option(fc.constantFrom("Model shop", "Seq 7 order"), { nil: undefined });
  const reference = fc.option(fc.constantFrom("order-41", "ref-x1"), { nil: undefined });
  // Captures of small amounts, so that several fit in one authorization; an amount omitted a quarter of the time (all that is left), a refund's half the time; a capture's own text a quarter of the time.
  const captured = fc.option(fc.integer({ min: 1, max: 150 }), { nil: undefined, freq: 4 });
  const small = fc.option(fc.integer({ min: 1, max: 400 }), { nil: undefined, freq: 2 });
  // Follow-ups with the account's second key often too: all active keys of an account behave alike.
  const followUpKey = fc.oneof(
    { arbitrary: fc.constant<Key>("main"), weight: 3 },
    ...keys.filter((k) => k !== "main").map((k) => ({ arbitrary: fc.constant(k), weight: k === "second" ? 2 : 1 })),
  );
  const authorize = fc
    .tuple(key, fc.integer({ min: 200, max: 1000 }), currency, fc.boolean(), text, reference)
    .map(([k, amount, c, csc, t, r]) => new Authorize(k === "second" ? "main" : k, amount, c, "accepted", csc, t, r));
  // Follow-ups mostly on the latest authorization or debit, so that chains on one transaction (a third capture, a refund after them) come often.
  const pick = fc.oneof({ arbitrary: fc.constant(0), weight: 2 }, fc.nat(20));
  const capture = fc
    .tuple(pick, followUpKey, captured, fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, fc.constant("Capture text")))
    .map(([p, k, amount, t]) => new AmountFollowUp("capture", p, k, amount, t));
  const refund = fc.tuple(pick, followUpKey, small).map(([p, k, amount]) => new AmountFollowUp("refund", p, k, amount));
  const voidOf = fc.tuple(pick, key).map(([p, k]) => new Void(p, k));
  const forcedAuthorize = fc
    .tuple(forced, currency, fc.boolean(), text, reference)
    .map(([amount, c, csc, t, r]) => new Authorize("main", amount, c, "forcing", csc, t, r));
  const debit = fc.tuple(key, fc.integer({ min: 1, max: 5000 })).map(([k, amount]) => new Debit(k, amount));
  const debitRefund = fc.tuple(pick, followUpKey).map(([p, k]) => new DebitRefund(p, k));
  // fast-check picks among the arbitraries alike: all but credits are listed more than once to come more often, so that any seed reaches every claimed rule.
  const commands: Array<fc.Arbitrary<Command>> = [
    authorize,
    authorize,
    forcedAuthorize,
    forcedAuthorize,
    capture,
    capture,
    capture,
    capture,
    refund,
    refund,
    voidOf,
    voidOf,
    debit,
    debit,
    debitRefund,
    debitRefund,
    fc.tuple(key, fc.integer({ min: 1, max: 5000 })).map(([k, amount]) => new Credit(k, amount)),
  ];
  if (target.capabilities.testClock) commands.push(fc.constantFrom(1, 31).map((days) => new AdvanceClock(days)));
  return commands;
}
