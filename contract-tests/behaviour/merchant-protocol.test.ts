/**
 * Merchant API protocol rules, one named scenario each: pagination bounds and links,
 * problem+json members, and rate limits with 429.
 */
import { describe, expect } from "vitest";
import { pagination, rateLimitHeaders } from "../../generated/merchant/constants";
import { embeddedItems, onlyLink } from "../../src/testkit/common/hal-reading";
import { advanceClock, scenario, session, target } from "../support/context";
import { expandHref, type ApiSession, type Exchange } from "../support/http";
import { expectProblem, linkOf, merchantClient, merchantExample } from "../support/merchant";

const behaviour = { api: "merchant", behaviour: true } as const;
const { perPageMinimum, perPageMaximum, perPageDefault, parameter } = pagination;
const [LIMIT, REMAINING, RESET] = rateLimitHeaders;

async function rootLinks(api: ApiSession): Promise<Record<string, { href: string }>> {
  const root = await api.call({ operationId: "getRoot" });
  expect(root.status).toBe(200);
  return root.json._links;
}

/** The addresses of a page's items (their `self`), under the collection's relation in `_embedded`. */
function itemsOf(page: Exchange, rel: string): string[] {
  return embeddedItems(page.json, rel).map((item) => linkOf(item, "self"));
}

describe("Pagination", () => {
  scenario(
    `${parameter} outside ${perPageMinimum} to ${perPageMaximum} is refused with a 400 problem naming ${parameter}`,
    { rules: ["merchant:status:BadRequest"], api: "merchant" },
    async () => {
      const api = session("merchant");
      const links = await rootLinks(api);
      for (const rel of ["ch:transactions", "ch:disputes", "ch:applications"]) {
        for (const value of [perPageMinimum - 1, perPageMaximum + 1]) {
          const refused = await api.call({ url: expandHref(links[rel]!.href, { [parameter]: value }) });
          expectProblem(refused, 400);
          // The mock answers with a static example, whose errors need not name this parameter.
          if (target.capabilities.behaviour)
            expect(Object.keys(refused.json.errors ?? {}), `${rel} ${parameter}=${value}`).toContain(parameter);
        }
      }
    },
  );

  /** Follows `next` from the first page of ch:transactions; the items' self links in order, and whether the end was reached. */
  async function traverse(api: ApiSession, href: string, perPage?: number, maxPages = 60): Promise<{ items: string[]; complete: boolean }> {
    const items: string[] = [];
    let page = await api.call({ url: expandHref(href, { [parameter]: perPage }) });
    for (let pages = 1; ; pages++) {
      const size = perPage ?? perPageDefault;
      expect(page.json[parameter], "the page size in effect").toBe(size);
      const found = itemsOf(page, "ch:transactions");
      expect(found.length, "at most per_page items").toBeLessThanOrEqual(size);
      items.push(...found);
      const next = onlyLink(page.json, "next")?.href;
      if (!next) return { items, complete: true };
      expect(found.length, "a page with a next link is full").toBe(size);
      if (pages >= maxPages) return { items, complete: false };
      page = await api.call({ url: next });
    }
  }

  scenario(
    `${parameter} defaults to ${perPageDefault}; following next reaches every transaction once, whatever the page size`,
    { ...behaviour, rules: ["merchant:status:listTransactions:200", "merchant:x-from-link:parameter.TransactionCursor"] },
    async () => {
      const api = session("merchant");
      const links = await rootLinks(api);
      const byDefault = await traverse(api, links["ch:transactions"]!.href);
      const byMaximum = await traverse(api, links["ch:transactions"]!.href, perPageMaximum);
      for (const run of [byDefault, byMaximum]) expect(new Set(run.items).size, "no transaction twice").toBe(run.items.length);
      if (byDefault.complete && byMaximum.complete) {
        expect(new Set(byMaximum.items), `pages of ${perPageMaximum} and of ${perPageDefault} reach the same transactions`).toEqual(
          new Set(byDefault.items),
        );
      }
    },
  );

  scenario(
    "a page-based collection links first and next from its first page, prev from the next one, and no prev on the first",
    { ...behaviour, rules: ["merchant:status:listApplications:200"] },
    async () => {
      const api = session("merchant");
      const links = await rootLinks(api);
      // Two applications at least, so that a page of one has a next page.
      const client = merchantClient(session("merchant"));
      const root = await client.root();
      for (let i = 0; i < 2; i++) await client.create(root, "ch:applications", merchantExample("createApplication"));
      const first = await api.call({ url: expandHref(links["ch:applications"]!.href, { [parameter]: 1 }) });
      expect(first.json.count).toBeGreaterThanOrEqual(2);
      expect(first.json.page).toBe(1);
      expect(first.json._links.prev, "no prev on the first page").toBeUndefined();
      expect(first.json._links.first).toBeDefined();
      const second = await api.call({ url: first.json._links.next.href });
      expect(second.json.page).toBe(2);
      expect(second.json._links.prev, "prev on the second page").toBeDefined();
      const back = await api.call({ url: second.json._links.prev.href });
      expect(itemsOf(back, "ch:applications")[0]).toBe(itemsOf(first, "ch:applications")[0]);
    },
  );
});

describe("Problems", () => {
  scenario(
    "a validation error is a 400 problem with title, status, detail, errors by parameter and request-id",
    { ...behaviour, rules: ["merchant:status:BadRequest"] },
    async () => {
      const api = session("merchant");
      const links = await rootLinks(api);
      const example = merchantExample("createApplication");
      const body = { ...example, business_model: { ...example.business_model, estimate_currency: "dkk" } };
      const refused = await api.call({ operationId: "createApplication", url: expandHref(links["ch:applications"]!.href), body });
      expectProblem(refused, 400);
      expect(refused.json.title).toBe("Validation Error");
      expect(refused.json.detail).toEqual(expect.any(String));
      expect(Object.keys(refused.json.errors), "errors name the parameter, dotted").toContain("business_model.estimate_currency");
    },
  );

  scenario(
    "401, 404 and 409 are problems too, each with status equal to the HTTP status and a request-id",
    {
      ...behaviour,
      rules: ["merchant:status:NotFound", "merchant:status:Conflict", "merchant:status:Unauthorized", "merchant:status:NoContent"],
    },
    async () => {
      const api = session("merchant");
      expectProblem(await api.call({ operationId: "getRoot", auth: "none" }), 401);
      const client = merchantClient(session("merchant"));
      const application = await client.create(
        await client.root(),
        "ch:applications",
        merchantExample("createApplication", "digitalService"),
      );
      const person = await client.create(application, "ch:people", merchantExample("createPerson"));
      const self = linkOf(person, "self");
      expect((await api.call({ operationId: "deletePerson", url: self })).status).toBe(204);
      expectProblem(await api.call({ operationId: "getPerson", url: self }), 404);
      expectProblem(await api.call({ operationId: "addApplicationStamp", url: linkOf(application, "ch:stamps", "submitted") }), 409);
    },
  );
});

describe("Rate limits", () => {
  scenario(
    `every answer reports ${LIMIT}, ${REMAINING} and ${RESET}, and ${REMAINING} counts down`,
    { ...behaviour, rules: ["merchant:header:RateLimitLimit", "merchant:header:RateLimitRemaining"] },
    async () => {
      const api = session("merchant");
      await api.bearer();
      const read = (e: Exchange) => ({
        limit: Number(e.headers.get(LIMIT)),
        remaining: Number(e.headers.get(REMAINING)),
        reset: Number(e.headers.get(RESET)),
      });
      const first = read(await api.call({ operationId: "listDisputes" }));
      const second = read(await api.call({ operationId: "listDisputes" }));
      for (const value of [first, second]) {
        expect(
          Number.isInteger(value.limit) && Number.isInteger(value.remaining) && Number.isInteger(value.reset),
          "integer RateLimit headers",
        ).toBe(true);
      }
      expect(second.limit).toBe(first.limit);
      expect(second.remaining, `${REMAINING} after one more request`).toBeLessThan(first.remaining);
    },
  );

  /** Uses up the quota of the target's rate-limit operation with a fresh token; the 429 answer. */
  async function exhaust(api: ApiSession, ctx: { skip: (note: string) => never }): Promise<Exchange> {
    await api.bearer(true);
    const operationId = target.rateLimit.operationId;
    const probe = await api.call({ operationId });
    const limit = Number(probe.headers.get(LIMIT));
    if (!(limit <= target.rateLimit.maxRequests))
      ctx.skip(
        `the quota of ${operationId} is ${limit}, more than CONTRACT_RATE_LIMIT_MAX_REQUESTS=${target.rateLimit.maxRequests} requests to use up`,
      );
    let last = probe;
    for (let i = 0; i <= limit && last.status !== 429; i++) last = await api.call({ operationId });
    return last;
  }

  scenario(
    "an exhausted quota gives a 429 problem with RateLimit-Remaining 0 and the seconds until the reset",
    { ...behaviour, rules: ["merchant:status:TooManyRequests", "merchant:header:RateLimitRemaining", "merchant:header:RateLimitReset"] },
    async (ctx) => {
      const api = session("merchant");
      const refused = await exhaust(api, ctx);
      expectProblem(refused, 429);
      expect(Number(refused.headers.get(REMAINING))).toBe(0);
      expect(Number(refused.headers.get(RESET)), `${RESET} says when to retry`).toBeGreaterThan(0);
      expectProblem(await api.call({ operationId: target.rateLimit.operationId }), 429);
    },
  );

  scenario(
    "after the reset time the endpoint answers again",
    { ...behaviour, rules: ["merchant:header:RateLimitReset"], testClock: true },
    async (ctx) => {
      const api = session("merchant");
      const refused = await exhaust(api, ctx);
      expectProblem(refused, 429);
      await advanceClock(Number(refused.headers.get(RESET)) + 1, "merchant");
      const again = await api.call({ operationId: target.rateLimit.operationId });
      expect(again.status, "after the reset").not.toBe(429);
    },
  );
});
