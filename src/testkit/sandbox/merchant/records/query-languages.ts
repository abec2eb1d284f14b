/**
 * The query languages of the merchant collections (the subset the sandbox understands; see
 * docs/sandbox.md): `modifier:value` terms separated by spaces, all of which must hold. Which
 * modifiers a language has is the spec's (`x-query-modifiers`); answers.ts accepts the ones the
 * sandbox does not model and refuses a modelled one the spec does not list.
 */
import { maskedText } from "../../cross-api/masking";
import { minorUnitExponent } from "../../cross-api/currencies";
import { APPROVED, type Application, type Contract, type Dispute, type Transaction } from "./resources";

export type QueryResult<T> = { ok: true; predicate: (item: T) => boolean } | { ok: false; message: string };

type Matcher<T> = (item: T, value: string) => boolean | "invalid";

/** The modifiers of a query language, by name (a Map: a term names no inherited property). */
export type QueryLanguage<T> = ReadonlyMap<string, Matcher<T>>;

/**
 * Parses a query of `modifier:value` terms. `supported` filters; `accepted` modifiers are
 * understood by the service but not modelled by the sandbox, and match everything.
 */
/** The predicate of an empty query (one function, so that callers can tell it apart). */
export const matchAll = (): boolean => true;

export function parseQuery<T>(query: string | undefined, supported: QueryLanguage<T>, accepted: readonly string[] = []): QueryResult<T> {
  if (query === undefined || query.trim() === "") return { ok: true, predicate: matchAll };
  const terms = query.trim().split(/\s+/);
  const filters: Array<(item: T) => boolean> = [];
  for (const term of terms) {
    const colon = term.indexOf(":");
    if (colon <= 0 || colon === term.length - 1) return { ok: false, message: `malformed term; use modifier:value` };
    const modifier = term.slice(0, colon).toLowerCase();
    const value = term.slice(colon + 1);
    if (accepted.includes(modifier)) continue;
    const matcher = supported.get(modifier);
    if (!matcher)
      return {
        ok: false,
        message: `unknown modifier '${maskedText(modifier)}'; the sandbox understands ${[...supported.keys(), ...accepted].join(", ")}`,
      };
    // Validate the value once, on a probe-free basis: matchers return "invalid" for bad values.
    filters.push((item) => matcher(item, value) === true);
    if (matcher(undefined as unknown as T, value) === "invalid") return { ok: false, message: `invalid value for '${modifier}'` };
  }
  return { ok: true, predicate: (item) => filters.every((f) => f(item)) };
}

function oneOf(value: string, actual: string | undefined): boolean {
  return value.toLowerCase().split(",").includes(String(actual).toLowerCase());
}

/** A TQL amount in major units (`100.50`), bounded so that the comparison stays exact. */
const MAJOR_AMOUNT = "\\d{1,12}(?:\\.\\d{1,4})?";

/** -1, 0 or 1 as a transaction's amount (minor units of its currency) is below, at or above a TQL amount (major units). */
function compareAmount(t: Transaction, major: string): number {
  const [whole = "0", fraction = ""] = major.split(".");
  // The gateway's currency table: the acquirer's exponents, which differ from ISO 4217 for some.
  const exponent = minorUnitExponent(t.currency);
  // amount / 10^exponent against (whole.fraction), both scaled to integers.
  const left = BigInt(t.amount) * 10n ** BigInt(fraction.length);
  const right = BigInt(whole + fraction) * 10n ** BigInt(exponent);
  return left < right ? -1 : left > right ? 1 : 0;
}

const AMOUNT_RANGE = new RegExp(`^(${MAJOR_AMOUNT}|\\*)\\.\\.(${MAJOR_AMOUNT}|\\*)$`);
const AMOUNT_COMPARISON = new RegExp(`^(<=|>=|<|>)?(${MAJOR_AMOUNT})$`);
const AMOUNT_BOUND = new RegExp(`^${MAJOR_AMOUNT}$`);

/** `amount:` of the public TQL reference: `20..80`, `*..20`, `20..*`, `<=20` (and `<`, `>=`, `>`), or an exact `100.50`. */
function amountMatches(t: Transaction | undefined, v: string): boolean | "invalid" {
  const range = AMOUNT_RANGE.exec(v);
  const comparison = range ? undefined : AMOUNT_COMPARISON.exec(v);
  if (!range && !comparison) return "invalid";
  if (t === undefined) return false;
  if (range) {
    const [, low, high] = range as unknown as [string, string, string];
    return (low === "*" || compareAmount(t, low) >= 0) && (high === "*" || compareAmount(t, high) <= 0);
  }
  const [, operator = "", value] = comparison as unknown as [string, string | undefined, string];
  const order = compareAmount(t, value);
  return { "": order === 0, "<=": order <= 0, ">=": order >= 0, "<": order < 0, ">": order > 0 }[operator] ?? false;
}

export const transactionQuery: QueryLanguage<Transaction> = new Map<string, Matcher<Transaction>>([
  ["currency", (t, v) => (/^[A-Za-z]{3}(,[A-Za-z]{3})*$/.test(v) ? t !== undefined && oneOf(v, t.currency) : "invalid")],
  ["is", (t, v) => (/^[a-z_]+(,[a-z_]+)*$/.test(v) ? t !== undefined && oneOf(v, t.type) : "invalid")],
  [
    "status",
    (t, v) => {
      if (!/^(approved|declined|\d{5}(,\d{5})*)$/.test(v)) return "invalid";
      if (t === undefined) return false;
      if (v === "approved") return t.status === APPROVED;
      if (v === "declined") return t.status !== APPROVED;
      return v.split(",").includes(t.status);
    },
  ],
  ["amount", amountMatches],
  ["max", (t, v) => (AMOUNT_BOUND.test(v) ? t !== undefined && compareAmount(t, v) <= 0 : "invalid")],
  ["min", (t, v) => (AMOUNT_BOUND.test(v) ? t !== undefined && compareAmount(t, v) >= 0 : "invalid")],
]);

export const applicationQuery: QueryLanguage<Application> = new Map<string, Matcher<Application>>([
  ["state", (a, v) => (/^[a-z_]+$/.test(v) ? a !== undefined && a.state === v : "invalid")],
]);

export const disputeQuery: QueryLanguage<Dispute> = new Map<string, Matcher<Dispute>>([
  ["status", (d, v) => (/^[a-z_]+(,[a-z_]+)*$/.test(v) ? d !== undefined && oneOf(v, d.status) : "invalid")],
  ["reason", (d, v) => (/^[a-z_]+(,[a-z_]+)*$/.test(v) ? d !== undefined && oneOf(v, d.reason) : "invalid")],
  ["reason_code", (d, v) => (d === undefined ? false : oneOf(v, d.reason_code))],
]);

export const contractQuery: QueryLanguage<Contract> = new Map<string, Matcher<Contract>>([
  ["state", (c, v) => (/^[a-z_]+$/.test(v) ? c !== undefined && c.state === v : "invalid")],
  ["merchant_id", (c, v) => (/^\d+$/.test(v) ? c !== undefined && c.merchant_id === v : "invalid")],
  ["effective_on", (c, v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? c !== undefined && c.effective_on === v : "invalid")],
]);
