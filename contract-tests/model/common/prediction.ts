/**
 * A prediction of the model: for an answer, what each determined place must be, each with the
 * rule that determines it (an id of the determination inventory, ./determinations.ts). Free of
 * HTTP: an answer is its status, its headers by lower-cased name and its parsed body.
 */
import { isDeepStrictEqual } from "node:util";
import { maskPans } from "../../../src/toolkit/clients/common/redact";

/** Where in an answer: `status` (the HTTP status), `header <Name>`, the whole `body`, or `body <dotted path>` (`body _links.self.href`). */
export type Place = "status" | "body" | `header ${string}` | `body ${string}`;

export interface Expectation {
  place: Place;
  rule: string;
  /** The value the place must have (`undefined`: the place must be absent), or a test of it and what the test says. */
  expect: { equals: unknown } | { holds: (value: unknown) => boolean; says: string };
}

/** An answer as the model reads it. */
export interface Answer {
  status: number;
  header: (name: string) => string | null;
  json: unknown;
}

/** The value at a dotted path of a body (members by name; `_links.ch:people.href` keeps the colon). */
export function valueAt(json: unknown, path: string): unknown {
  let node = json;
  for (const key of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

export function actualOf(answer: Answer, place: Place): unknown {
  if (place === "status") return answer.status;
  if (place === "body") return answer.json;
  if (place.startsWith("header ")) return answer.header(place.slice("header ".length)) ?? undefined;
  return valueAt(answer.json, place.slice("body ".length));
}

/** A value for a failure line: JSON, PAN-like digit runs masked, cut short. */
const shown = (value: unknown) => {
  if (value === undefined) return "absent";
  const text = maskPans(JSON.stringify(value));
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
};

/** How often each rule was compared with an answer, over the process: a scenario claims only rules it compared. */
const compared = new Map<string, number>();

/** The rules of `ids` not compared with any answer since `before` (a snapshot of `comparisons()`). */
export function uncompared(before: ReadonlyMap<string, number>, ids: readonly string[]): string[] {
  return ids.filter((id) => (compared.get(id) ?? 0) <= (before.get(id) ?? 0));
}

export const comparisons = (): ReadonlyMap<string, number> => new Map(compared);

/** The places where the answer differs from the prediction, one line each: the place, the rule, what was predicted and what came. */
export function differences(answer: Answer, expectations: readonly Expectation[]): string[] {
  const out: string[] = [];
  for (const { place, rule, expect } of expectations) {
    compared.set(rule, (compared.get(rule) ?? 0) + 1);
    const actual = actualOf(answer, place);
    if ("equals" in expect) {
      if (!isDeepStrictEqual(actual, expect.equals))
        out.push(`${place} (${rule}): predicted ${shown(expect.equals)}, answered ${shown(actual)}`);
    } else if (!expect.holds(actual)) out.push(`${place} (${rule}): predicted ${expect.says}, answered ${shown(actual)}`);
  }
  return out;
}

/** Shorthands. */
export const equals = (place: Place, rule: string, value: unknown): Expectation => ({ place, rule, expect: { equals: value } });
export const holds = (place: Place, rule: string, says: string, test: (value: unknown) => boolean): Expectation => ({
  place,
  rule,
  expect: { holds: test, says },
});
