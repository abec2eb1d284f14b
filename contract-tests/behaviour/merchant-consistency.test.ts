/**
 * Merchant API answers against their requests, across answers and pages, and header semantics:
 * a PATCH's answer and a later GET carry the change, a 201's Location dereferences to the created
 * resource, collections read to their end hold `count` items, every top-level representation
 * carries `curies`, `Allow` lists exactly the spec's methods of the path, `RateLimit-Remaining`
 * only falls within a window, an exhausted quota stays exhausted until the announced reset (in
 * seconds) and no longer, and every cause of a token endpoint 401.
 */
import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { pagination, rateLimitHeaders } from "../../generated/merchant/constants";
import { embeddedItems, onlyLink } from "../../src/testkit/common/hal-reading";
import { numberOf, objectOf } from "../../src/testkit/common/json-values";
import { advanceClock, scenario, session, target } from "../support/context";
import { describeExchange, expandHref, type ApiSession, type Exchange } from "../support/http";
import { expectProblem, fileBytes, linkOf, merchantExample, personFileExamples } from "../support/merchant";

const behaviour = { api: "merchant", behaviour: true } as const;
const [LIMIT, REMAINING, RESET] = rateLimitHeaders;
type Json = Record<string, any>;

async function root(api: ApiSession): Promise<Json> {
  const answer = await api.call({ operationId: "getRoot" });
  expect(answer.status).toBe(200);
  return answer.json;
}

async function created(api: ApiSession, operationId: string, url: string, body: unknown): Promise<Exchange> {
  const answer = await api.call({ operationId, url: expandHref(url), body });
  // The spec documents a create as 201 or, equally, 200.
  expect(answer.status, `${describeExchange(answer)}`).toBeOneOf([200, 201]);
  return answer;
}

async function newApplication(api: ApiSession, example?: string): Promise<Exchange> {
  return created(api, "createApplication", (await root(api))._links["ch:applications"].href, merchantExample("createApplication", example));
}

/** `sent` is contained in `answer`: objects by the members sent, everything else equal. */
function expectContains(answer: unknown, sent: unknown, what: string): void {
  if (sent !== null && typeof sent === "object" && !Array.isArray(sent)) {
    for (const [key, value] of Object.entries(sent)) expectContains(objectOf(answer)[key], value, `${what}.${key}`);
    return;
  }
  expect(answer, what).toEqual(sent);
}

describe("A PATCH's answer and a later GET carry the change", () => {
  scenario(
    "updating an application, a person and a file: the answer and the next GET show every change made, and nothing else changed",
    {
      ...behaviour,
      rules: [
        "merchant:status:updateApplication:200",
        "merchant:status:updatePerson:200",
        "merchant:status:updateFile:200",
        "merchant:echo:updateApplication",
        "merchant:echo:updatePerson",
        "merchant:echo:updateFile",
        "merchant:status:getFile:200",
      ],
    },
    async () => {
      const api = session("merchant");
      const application = await newApplication(api, "physicalGoods");
      const self = linkOf(application.json, "self");
      const change = merchantExample("updateApplication", "changeDelivery");
      const patched = await api.call({ operationId: "updateApplication", url: self, body: change });
      expect(patched.status).toBe(200);
      expectContains(patched.json, change, "the PATCH answer");
      const after = await api.call({ operationId: "getApplication", url: self });
      expectContains(after.json, change, "the application read after the PATCH");
      expect(after.json.business_model.trading_name, "a member the PATCH did not name is unchanged").toBe(
        application.json.business_model.trading_name,
      );

      const person = await created(api, "createPerson", linkOf(application.json, "ch:people"), merchantExample("createPerson"));
      const move = merchantExample("updatePerson");
      const personSelf = linkOf(person.json, "self");
      const movedAnswer = await api.call({ operationId: "updatePerson", url: personSelf, body: move });
      expect(movedAnswer.status).toBe(200);
      expectContains(movedAnswer.json, move, "the person PATCH answer");
      expectContains((await api.call({ operationId: "getPerson", url: personSelf })).json, move, "the person read after the PATCH");

      const fileExample = personFileExamples()[0]!;
      const file = await created(api, "createPersonFile", linkOf(person.json, "ch:files"), fileExample);
      const fileSelf = linkOf(file.json, "self");
      const rename = { name: `renamed-${randomUUID().slice(0, 6)}.pdf` };
      const renamed = await api.call({ operationId: "updateFile", url: fileSelf, body: rename });
      expect(renamed.status).toBe(200);
      expectContains(renamed.json, rename, "the file PATCH answer");
      expectContains((await api.call({ operationId: "getFile", url: fileSelf })).json, rename, "the file read after the PATCH");
    },
  );

  scenario(
    "a PATCH whose merged application breaks the create rules is refused with a 400 naming the member, and changes nothing",
    { ...behaviour, rules: ["merchant:rule:ApplicationUpdate", "merchant:x-merged-must-satisfy:ApplicationUpdate"] },
    async () => {
      const api = session("merchant");
      const application = await newApplication(api, "digitalService");
      const self = linkOf(application.json, "self");
      const delivery = await api.call({
        operationId: "updateApplication",
        url: self,
        body: { business_model: { physical_delivery: true } },
      });
      expectProblem(delivery, 400);
      expect(Object.keys(delivery.json.errors ?? {}).join(" "), "names the member the merged application lacks").toMatch(/delivery_delay/);
      const signer = await api.call({ operationId: "updateApplication", url: self, body: { signer: { name: "Mia M. Lassen" } } });
      expectProblem(signer, 400);
      expect(Object.keys(signer.json.errors ?? {}).join(" "), "names the member the merged application lacks").toMatch(/signer\.email/);
      const unchanged = await api.call({ operationId: "getApplication", url: self });
      expect(unchanged.json.business_model, "refused PATCHes change nothing").toMatchObject({ physical_delivery: false });
      expect(unchanged.json.signer?.name, "refused PATCHes change nothing").toBeUndefined();
    },
  );

  scenario(
    "a decimal amount with more digits after the point than its scale allows is refused with a 400 naming the member, on create and on PATCH",
    { ...behaviour, rules: ["merchant:rule:Decimal", "merchant:x-decimal:Decimal"] },
    async () => {
      const api = session("merchant");
      const application = await newApplication(api);
      const self = linkOf(application.json, "self");
      const tooPrecise = { business_model: { estimated_average_transaction_amount: 29.12345 } };
      const patch = await api.call({ operationId: "updateApplication", url: self, body: tooPrecise });
      expectProblem(patch, 400);
      expect(Object.keys(patch.json.errors ?? {}).join(" "), "names the too precise member").toMatch(
        /estimated_average_transaction_amount/,
      );
      const example = merchantExample("createApplication");
      const create = await api.call({
        operationId: "createApplication",
        url: expandHref((await root(api))._links["ch:applications"].href),
        body: { ...example, business_model: { ...example.business_model, ...tooPrecise.business_model } },
      });
      expectProblem(create, 400);
      const fourDigits = await api.call({
        operationId: "updateApplication",
        url: self,
        body: { business_model: { estimated_average_transaction_amount: 29.1234 } },
      });
      expect(fourDigits.status, "four digits after the point are accepted").toBe(200);
    },
  );
});

describe("A 201's Location", () => {
  scenario(
    "the Location of a created application, person, file and comment dereferences to the created resource, which carries what was sent",
    {
      ...behaviour,
      rules: [
        "merchant:header:Location",
        "merchant:status:ApplicationCreated",
        "merchant:status:PersonCreated",
        "merchant:status:PersonFileCreated",
        "merchant:status:getPerson:200",
        "merchant:status:getComment:200",
      ],
    },
    async () => {
      const api = session("merchant");
      const application = await newApplication(api);
      const person = await created(api, "createPerson", linkOf(application.json, "ch:people"), merchantExample("createPerson"));
      const file = await created(api, "createPersonFile", linkOf(person.json, "ch:files"), personFileExamples()[0]);
      const comment = await created(api, "createComment", linkOf(application.json, "ch:comments"), {
        body: "Created for the Location check.",
      });
      for (const [answer, sent] of [
        [application, merchantExample("createApplication")],
        [person, merchantExample("createPerson")],
        [file, personFileExamples()[0]],
        [comment, { body: "Created for the Location check." }],
      ] as const) {
        const location = answer.headers.get("location");
        expect(location, `${describeExchange(answer)} has a Location`).toEqual(expect.any(String));
        const resource = await api.call({ url: location! });
        expect(resource.status, `GET the Location of ${describeExchange(answer)}`).toBe(200);
        expect(api.resolve(resource.json._links.self.href), "the resource at Location is the created one").toBe(
          api.resolve(answer.json._links.self.href),
        );
        expectContains(resource.json, sent, `the resource at the Location of ${answer.operationId}`);
      }
    },
  );
});

describe("Collections read to their end", () => {
  /** Follows `next` from a page to the end: every item once, `count` the same on every page and equal to the items seen. */
  async function walk(api: ApiSession, href: string, perPage: number): Promise<string[]> {
    const seen: string[] = [];
    let page = await api.call({ url: expandHref(href, { [pagination.parameter]: perPage }) });
    const count = numberOf(page.json.count);
    expect(count, `${describeExchange(page)}: count`).toEqual(expect.any(Number));
    for (let pages = 0; pages < 100; pages++) {
      expect(page.status).toBe(200);
      expect(page.json.count, `count on page ${pages + 1}`).toBe(count);
      const items = embeddedItems(page.json);
      expect(items.length, "at most per_page items").toBeLessThanOrEqual(perPage);
      seen.push(...items.map((item) => String(onlyLink(item, "self")?.href)));
      const next = onlyLink(page.json, "next")?.href;
      if (!next) break;
      page = await api.call({ url: next });
    }
    expect(new Set(seen).size, "no item twice").toBe(seen.length);
    expect(seen.length, `count (${count}) equals the items seen on every page`).toBe(count);
    return seen;
  }

  scenario(
    "applications, people, comments and files read page by page to the end: every item once, as many as count says",
    {
      ...behaviour,
      rules: [
        "merchant:status:listApplications:200",
        "merchant:status:listPeople:200",
        "merchant:status:listComments:200",
        "merchant:status:listApplicationFiles:200",
      ],
    },
    async () => {
      const api = session("merchant");
      const application = await newApplication(api);
      for (let i = 0; i < 3; i++) {
        await created(api, "createPerson", linkOf(application.json, "ch:people"), merchantExample("createPerson"));
        await created(api, "createComment", linkOf(application.json, "ch:comments"), { body: `Comment ${i}` });
      }
      const applications = await walk(api, (await root(api))._links["ch:applications"].href, 7);
      expect(applications).toContain(application.json._links.self.href);
      expect((await walk(api, linkOf(application.json, "ch:people"), 2)).length).toBe(3);
      expect((await walk(api, linkOf(application.json, "ch:comments"), 2)).length).toBe(3);
      const file = merchantExample("createApplicationFile");
      await created(api, "createApplicationFile", linkOf(application.json, "ch:files"), { ...file, size: fileBytes("walk").length });
      expect((await walk(api, linkOf(application.json, "ch:files"), 1)).length).toBe(1);
    },
  );
});

describe("HAL representations", () => {
  scenario(
    "every top-level representation carries curies; embedded items may omit them",
    { ...behaviour, rules: ["merchant:rule:HalLinks", "merchant:x-required-at-top-level:HalLinks"] },
    async () => {
      const api = session("merchant");
      const application = await newApplication(api);
      const person = await created(api, "createPerson", linkOf(application.json, "ch:people"), merchantExample("createPerson"));
      const reads = [
        await api.call({ operationId: "getRoot" }),
        await api.call({ url: linkOf(application.json, "self") }),
        await api.call({ url: linkOf(person.json, "self") }),
        await api.call({ url: expandHref((await root(api))._links["ch:applications"].href) }),
        await api.call({ url: expandHref(linkOf(application.json, "ch:people")) }),
      ];
      for (const read of [application, person, ...reads])
        expect(read.json?._links?.curies, `${describeExchange(read)}: _links.curies`).toEqual(
          expect.arrayContaining([expect.objectContaining({ name: expect.any(String) })]),
        );
    },
  );
});

describe("Allow", () => {
  scenario(
    "OPTIONS answers Allow with exactly the methods the spec gives the link's path",
    { api: "merchant", rules: ["merchant:header:Allow", "merchant:status:Options"] },
    async () => {
      const api = session("merchant");
      const links = (await root(api))._links;
      const addresses = [api.baseUrl + "/", expandHref(links["ch:applications"].href), expandHref(links["ch:transactions"].href)];
      if (target.capabilities.behaviour) {
        const application = await newApplication(api);
        addresses.push(
          linkOf(application.json, "self"),
          expandHref(linkOf(application.json, "ch:people")),
          expandHref(linkOf(application.json, "ch:files")),
        );
      }
      for (const address of addresses) {
        const url = new URL(api.resolve(address));
        const matched = api.spec.router.match("OPTIONS", url.pathname);
        expect(matched.kind, `the spec has OPTIONS for ${url.pathname}`).toBe("match");
        if (matched.kind !== "match") continue;
        const answer = await api.call({ url: url.toString(), method: "OPTIONS" });
        expect(answer.status, describeExchange(answer)).toBe(204);
        const allowed = (answer.headers.get("allow") ?? "")
          .split(",")
          .map((m) => m.trim().toUpperCase())
          .filter(Boolean)
          .sort();
        // The mock answers with a header example, not per path.
        if (target.capabilities.behaviour)
          expect(allowed, `Allow of ${matched.route.template}`).toEqual(
            [...api.spec.router.methodsOf(matched.route.template)].map((m) => m.toUpperCase()).sort(),
          );
      }
    },
  );
});

describe("Rate-limit windows", () => {
  const read = (e: Exchange) => ({
    limit: Number(e.headers.get(LIMIT)),
    remaining: Number(e.headers.get(REMAINING)),
    reset: Number(e.headers.get(RESET)),
  });

  scenario(
    `within a window ${REMAINING} only falls, ${LIMIT} stays, and ${RESET} never grows`,
    { ...behaviour, rules: ["merchant:header:RateLimitRemaining", "merchant:header:RateLimitLimit", "merchant:header:RateLimitReset"] },
    async () => {
      const api = session("merchant");
      await api.bearer(true);
      const values: Array<ReturnType<typeof read>> = [];
      for (let i = 0; i < 6; i++) values.push(read(await api.call({ operationId: "listApplications" })));
      for (let i = 1; i < values.length; i++) {
        if (values[i]!.reset > values[i - 1]!.reset) continue; // a new window began
        expect(values[i]!.limit, `${LIMIT} within a window`).toBe(values[i - 1]!.limit);
        // At least one less: other clients' traffic may count too, but nothing gives requests back within a window.
        expect(values[i]!.remaining, `${REMAINING} after one more request (was ${values[i - 1]!.remaining})`).toBeLessThan(
          values[i - 1]!.remaining,
        );
      }
      expect(
        values.filter((v, i) => i > 0 && v.reset > values[i - 1]!.reset).length,
        `${RESET} grew more than once in six requests`,
      ).toBeLessThanOrEqual(1);
    },
  );

  scenario(
    `an exhausted quota stays exhausted until ${RESET} seconds have passed, and no longer`,
    {
      ...behaviour,
      testClock: true,
      rules: ["merchant:header:RateLimitReset", "merchant:status:TooManyRequests", "merchant:time:header.RateLimitReset"],
    },
    async (ctx) => {
      const api = session("merchant");
      await api.bearer(true);
      const operationId = target.rateLimit.operationId;
      let last = await api.call({ operationId });
      const limit = Number(last.headers.get(LIMIT));
      if (!(limit <= target.rateLimit.maxRequests))
        ctx.skip(`the quota of ${operationId} is ${limit}, more than CONTRACT_RATE_LIMIT_MAX_REQUESTS=${target.rateLimit.maxRequests}`);
      for (let i = 0; i <= limit && last.status !== 429; i++) last = await api.call({ operationId });
      expectProblem(last, 429);
      const reset = Number(last.headers.get(RESET));
      expect(Number.isInteger(reset) && reset > 0, `${RESET} is a positive number of seconds`).toBe(true);
      // The test clock also runs in real time, and RateLimit-Reset is whole seconds rounded up: at
      // `reset - 1` s the window may already be over by a fraction of a second, or by the time a
      // busy machine took between the two requests. So "still exhausted" is checked halfway, where
      // only a pause of half the window could end it, and "no longer" a second after the end.
      const halfway = Math.floor(reset / 2);
      if (halfway >= 1) {
        await advanceClock(halfway, "merchant");
        const early = await api.call({ operationId });
        expect(early.status, `${halfway} s after a 429 that announced ${reset} s`).toBe(429);
        expect(Number(early.headers.get(RESET)), `${RESET} counts down in seconds`).toBeLessThanOrEqual(reset - halfway);
        await advanceClock(reset - halfway + 1, "merchant");
      } else {
        await advanceClock(reset + 1, "merchant");
      }
      const again = await api.call({ operationId });
      expect(again.status, `once the announced ${reset} s have passed`).not.toBe(429);
    },
  );
});

describe("Every cause of a token endpoint 401", () => {
  scenario(
    "an unknown client and a request without client credentials get 401 invalid_client",
    { ...behaviour, rules: ["merchant:401:OAuthInvalidClient:unknown", "merchant:401:OAuthInvalidClient:missing"] },
    async () => {
      const api = session("merchant");
      const body = { grant_type: "client_credentials", audience: target.merchant.audience };
      for (const [what, exchange] of [
        [
          "an unknown client",
          await api.call({ operationId: "createToken", body, client: { id: `unknown-${randomUUID()}`, secret: "whatever" } }),
        ],
        ["no client credentials", await api.call({ operationId: "createToken", body, auth: "none" })],
      ] as const) {
        expect(exchange.status, what).toBe(401);
        const { error } = objectOf(exchange.json);
        if (error !== undefined) expect(error, what).toBe("invalid_client");
        else expectProblem(exchange, 401);
        expect(exchange.json?.access_token, `${what}: no token`).toBeUndefined();
      }
    },
  );
});
