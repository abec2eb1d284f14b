/**
 * Merchant API answers against each other, against omitted parameters and against the clock
 * (issue 23). support/invariants.ts checks every answer of the run against the answers before it
 * (links, read-back after writes, creation times, listings against their query); each scenario
 * here makes the exchanges that let it check every relation, write, time and query parameter of
 * the spec at least once, and fails when one of its declared rules was not evaluated.
 */
import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { pagination } from "../../generated/merchant/constants";
import { embeddedItems, linksOf, onlyLink } from "../../src/testkit/common/hal-reading";
import { objectOf } from "../../src/testkit/common/json-values";
import { claimableIds } from "../rules/inventory";
import { waivers } from "../rules/waivers";
import { advanceClock, scenario, session, target, targetNow } from "../support/context";
import { describeExchange, expandHref, type ApiSession, type Exchange } from "../support/http";
import { evaluations, unevaluated } from "../support/invariants";
import { CONTRACT_AGREEMENT, expectProblem, linkOf, merchantExample, personFileExamples } from "../support/merchant";

const behaviour = { api: "merchant", behaviour: true } as const;
type Json = Record<string, any>;
const LINKS = claimableIds("merchant:link:*", waivers).filter((id) => !CONTRACT_AGREEMENT.includes(id));
/** Read back by the invariants; the upload (the file flow scenario) and a gateway selection (below) are read back by explicit checks. */
const READ_BACKS = claimableIds("merchant:readback:*", waivers).filter(
  (id) => !["merchant:readback:uploadFileContent", "merchant:readback:selectApplicationGateway"].includes(id),
);
const QUERIES = claimableIds("merchant:query:*", waivers).filter((id) => !CONTRACT_AGREEMENT.includes(id));

async function rootOf(api: ApiSession): Promise<Json> {
  const answer = await api.call({ operationId: "getRoot" });
  expect(answer.status).toBe(200);
  return answer.json;
}

async function create(api: ApiSession, operationId: string, href: string, body: unknown): Promise<Exchange> {
  const answer = await api.call({ operationId, url: expandHref(href), body });
  // The spec documents a create as 201 or, equally, 200.
  expect(answer.status, describeExchange(answer)).toBeOneOf([200, 201]);
  return answer;
}

/** An application with a person, files of both, and comments on each: one of every resource a client creates. */
async function resources(api: ApiSession) {
  const root = await rootOf(api);
  const application = await create(api, "createApplication", root._links["ch:applications"].href, merchantExample("createApplication"));
  const person = await create(api, "createPerson", linkOf(application.json, "ch:people"), merchantExample("createPerson"));
  const personFile = await create(api, "createPersonFile", linkOf(person.json, "ch:files"), personFileExamples()[0]);
  const applicationFile = await create(
    api,
    "createApplicationFile",
    linkOf(application.json, "ch:files"),
    merchantExample("createApplicationFile"),
  );
  const comments = [];
  for (const owner of [application, person, personFile])
    comments.push(await create(api, "createComment", linkOf(owner.json, "ch:comments"), { body: `About ${owner.operationId}` }));
  return { root, application, person, personFile, applicationFile, comments };
}

/** Reads every non-templated link of a representation that leads to a GET of the spec (what a client following them sees). */
async function follow(api: ApiSession, representation: Json): Promise<Exchange[]> {
  const read: Exchange[] = [];
  for (const rel of Object.keys(objectOf(representation._links))) {
    if (rel === "curies") continue;
    for (const { href } of linksOf(representation, rel)) {
      if (!href || !api.mayContact(api.resolve(href))) continue;
      const url = new URL(api.resolve(expandHref(href)));
      if (api.spec.router.match("GET", url.pathname).kind !== "match" || url.origin !== new URL(api.baseUrl).origin) continue;
      read.push(await api.call({ url: url.toString() }));
    }
  }
  return read;
}

/**
 * Selects the first selectable gateway of an application through its selection link, and
 * returns it as the application's gateways then list it (among the selected, not the selectable).
 */
async function selectedGateway(api: ApiSession, application: Json): Promise<Json> {
  const catalogue = await api.call({ url: expandHref(linkOf(application, "ch:gateways")) });
  const choice = embeddedItems(catalogue.json, "selectable")[0];
  expect(choice, "the application's gateways offer one to select").toBeDefined();
  expect((await api.call({ operationId: "selectApplicationGateway", url: linkOf(choice!, "ch:selection"), method: "PUT" })).status).toBe(
    204,
  );
  const listing = await api.call({ url: expandHref(linkOf(application, "ch:gateways")) });
  const selected = Object.entries<Json[]>(listing.json._embedded ?? {})
    .filter(([key]) => key !== "selectable")
    .flatMap(([, items]) => items);
  const found = selected.find((g) => g._links?.self?.href === onlyLink(choice, "self")?.href);
  expect(found, "the selected gateway is among the application's gateways").toBeDefined();
  return found!;
}

/**
 * The rules to require evaluated: disputes are the target's own data (the sandbox seeds some),
 * so on a target without one the rules only a dispute shows are left to a target that has one.
 */
function withoutDisputes(ids: readonly string[], dispute: Json | undefined): string[] {
  return dispute ? [...ids] : ids.filter((id) => !/dispute/i.test(id));
}

/** A dispute of the merchant, from the root's disputes (the target's own data), or undefined when it has none. */
async function aDispute(api: ApiSession, root: Json): Promise<Json | undefined> {
  const list = await api.call({ url: expandHref(root._links["ch:disputes"].href) });
  const item = embeddedItems(list.json)[0];
  return item ? (await api.call({ url: linkOf(item, "self") })).json : undefined;
}

describe("Facts that agree across answers", () => {
  scenario(
    "every link names what it stands for: a child's links name its owner, an id its own self, and a link followed leads to the resource whose self it is",
    { ...behaviour, rules: LINKS },
    async () => {
      const before = evaluations();
      const api = session("merchant");
      const { root, application, person, personFile } = await resources(api);
      for (const representation of [root, application.json, person.json, personFile.json]) await follow(api, representation);
      // A selected gateway, seen from the application (it then links its comments).
      const gateway = await selectedGateway(api, application.json);
      const dispute = await aDispute(api, root);
      // A comment on each other context, so that its context link is then read.
      for (const context of [gateway, dispute])
        if (context) await create(api, "createComment", linkOf(context, "ch:comments"), { body: "About this context" });
      if (gateway) await follow(api, gateway);
      if (dispute) await follow(api, dispute);
      const token = await api.call({
        operationId: "createToken",
        body: { grant_type: "client_credentials", audience: target.merchant.audience },
      });
      await follow(api, token.json);
      expect(
        unevaluated(before, withoutDisputes(LINKS, dispute)).join(", "),
        "relations of the spec no answer of this scenario let the invariants check",
      ).toBe("");
    },
  );
});

describe("Documented defaults", () => {
  scenario(
    `a file created without a name is named by its label; a listing without ${pagination.parameter} or page is page 1 of ${pagination.perPageDefault}`,
    {
      ...behaviour,
      rules: ["merchant:default:FileProperties.name", "merchant:default:parameter.PerPage", "merchant:default:parameter.Page"],
    },
    async () => {
      const before = evaluations();
      const api = session("merchant");
      const root = await rootOf(api);
      const application = await create(api, "createApplication", root._links["ch:applications"].href, merchantExample("createApplication"));
      const { name: _name, ...unnamed } = merchantExample("createApplicationFile");
      const file = await create(api, "createApplicationFile", linkOf(application.json, "ch:files"), unnamed);
      expect(file.json.name, "the name of a file created without one").toBe(file.json.label);
      expect((await api.call({ url: linkOf(file.json, "self") })).json.name, "the name read back").toBe(file.json.label);
      const page = await api.call({ url: expandHref(root._links["ch:applications"].href) });
      expect(page.json.per_page, `${pagination.parameter} omitted`).toBe(pagination.perPageDefault);
      expect(
        unevaluated(before, ["merchant:default:parameter.PerPage", "merchant:default:parameter.Page"]).join(", "),
        "the listing invariants saw the omitted parameters",
      ).toBe("");
    },
  );
});

describe("Read-back after every write", () => {
  scenario(
    "what every create, PATCH and DELETE answered is what the next read shows, nested members included, and a PATCH changes only what it names",
    { ...behaviour, rules: [...READ_BACKS, "merchant:readback:selectApplicationGateway"] },
    async () => {
      const before = evaluations();
      const api = session("merchant");
      const root = await rootOf(api);
      // Created: each read back as it was answered, before anything is created under it.
      const readBack = async (created: Exchange) => (await api.call({ url: linkOf(created.json, "self") }), created);
      const application = await readBack(
        await create(api, "createApplication", root._links["ch:applications"].href, merchantExample("createApplication")),
      );
      const person = await readBack(
        await create(api, "createPerson", linkOf(application.json, "ch:people"), merchantExample("createPerson")),
      );
      const personFile = await readBack(await create(api, "createPersonFile", linkOf(person.json, "ch:files"), personFileExamples()[0]));
      const applicationFile = await readBack(
        await create(api, "createApplicationFile", linkOf(application.json, "ch:files"), merchantExample("createApplicationFile")),
      );
      await readBack(await create(api, "createComment", linkOf(application.json, "ch:comments"), { body: "Read back" }));
      // Changed: a PATCH of each kind, then read.
      await api.call({
        operationId: "updateApplication",
        url: linkOf(application.json, "self"),
        body: merchantExample("updateApplication", "changeDelivery"),
      });
      await api.call({ url: linkOf(application.json, "self") });
      await api.call({ operationId: "updatePerson", url: linkOf(person.json, "self"), body: merchantExample("updatePerson") });
      await api.call({ url: linkOf(person.json, "self") });
      await api.call({
        operationId: "updateFile",
        url: linkOf(personFile.json, "self"),
        body: { name: `renamed-${randomUUID().slice(0, 6)}.pdf` },
      });
      await api.call({ url: linkOf(personFile.json, "self") });
      // A gateway selected through its selection link is then listed among the application's gateways, no longer as selectable.
      const gateway = await selectedGateway(api, application.json);
      const listing = await api.call({ url: expandHref(linkOf(application.json, "ch:gateways")) });
      const selectable = embeddedItems(listing.json, "selectable").map((g) => String(onlyLink(g, "self")?.href));
      expect(selectable, "the selected gateway is no longer selectable").not.toContain(gateway._links.self.href);
      // A dispute's file, when the target has a dispute.
      const dispute = await aDispute(api, root);
      if (dispute) {
        const disputeFile = await create(api, "createDisputeFile", linkOf(dispute, "ch:files"), merchantExample("createDisputeFile"));
        await api.call({ url: linkOf(disputeFile.json, "self") });
      }
      // Deleted: gone.
      expect((await api.call({ operationId: "deleteFile", url: linkOf(applicationFile.json, "self") })).status).toBe(204);
      expectProblem(await api.call({ operationId: "getFile", url: linkOf(applicationFile.json, "self") }), 404);
      expect((await api.call({ operationId: "deletePerson", url: linkOf(person.json, "self") })).status).toBe(204);
      expectProblem(await api.call({ operationId: "getPerson", url: linkOf(person.json, "self") }), 404);
      expect(
        unevaluated(before, withoutDisputes(READ_BACKS, dispute)).join(", "),
        "writes this scenario made but the invariants did not read back",
      ).toBe("");
    },
  );
});

describe("Time", () => {
  scenario(
    "created_at (and client_id_issued_at, where sent) is the target's time of the request, to the second; a client secret does not expire before its issue; dates of birth and disputes' dates are not in the future",
    {
      ...behaviour,
      testClock: true,
      rules: [
        "merchant:time:ApplicationMetadata.created_at",
        "merchant:time:Comment.created_at",
        "merchant:time:PersonProperties.date_of_birth",
        "merchant:time:Dispute.opened_at",
        "merchant:time:Dispute.due_at",
        "merchant:time:Dispute.expires_at",
      ],
    },
    async () => {
      const api = session("merchant");
      const start = Math.floor((await targetNow()).getTime() / 1000) * 1000;
      const { root, application, person, comments } = await resources(api);
      const client = await api.call({ operationId: "registerClient", body: merchantExample("registerClient") });
      expect(client.status).toBe(201);
      const end = (await targetNow()).getTime();
      const within = (what: string, value: unknown) => {
        const at = typeof value === "number" ? value * 1000 : Date.parse(String(value));
        expect(at, `${what} ${String(value)} is not before the request (${new Date(start).toISOString()})`).toBeGreaterThanOrEqual(start);
        expect(at, `${what} ${String(value)} is not after the answer (${new Date(end).toISOString()})`).toBeLessThanOrEqual(end);
      };
      within("the application's metadata.created_at", application.json.metadata?.created_at);
      for (const comment of comments) within("a comment's created_at", comment.json.created_at);
      // Optional members: held to the clock where the target sends them.
      if (client.json.client_id_issued_at !== undefined) within("client_id_issued_at", client.json.client_id_issued_at);
      const expiresAt = client.json.client_secret_expires_at;
      if (expiresAt !== undefined && expiresAt !== 0)
        expect(expiresAt * 1000, "a client secret expiring before it was issued").toBeGreaterThan(end);
      const today = new Date(end).toISOString().slice(0, 10);
      if (person.json.date_of_birth !== undefined)
        expect(person.json.date_of_birth <= today, `date_of_birth ${String(person.json.date_of_birth)} is after today (${today})`).toBe(
          true,
        );
      // Disputes are the target's own data: an implementation without one has no dates to compare.
      const dispute = await aDispute(api, root);
      if (!dispute) return;
      expect(dispute.opened_at <= today, `a dispute opened_at ${String(dispute.opened_at)} after today (${today})`).toBe(true);
      for (const later of ["due_at", "expires_at"])
        if (dispute[later] !== undefined)
          expect(
            dispute[later] >= dispute.opened_at,
            `a dispute's ${later} ${String(dispute[later])} is before it was opened (${String(dispute.opened_at)})`,
          ).toBe(true);
    },
  );

  scenario(
    "a token is honoured until expires_in seconds have passed and refused from then on",
    { ...behaviour, testClock: true, rules: ["merchant:time:OAuthToken.expires_in"] },
    async () => {
      const api = session("merchant");
      const token = await api.call({
        operationId: "createToken",
        body: { grant_type: "client_credentials", audience: target.merchant.audience },
      });
      const lifetime = Number(token.json.expires_in);
      expect(lifetime, "expires_in").toBeGreaterThan(2);
      await advanceClock(lifetime - 2, "merchant");
      expect(
        (await api.call({ operationId: "getRoot", token: token.json.access_token })).status,
        `the token ${lifetime - 2} s after it was issued, ${lifetime} s announced`,
      ).toBe(200);
      await advanceClock(3, "merchant");
      expectProblem(await api.call({ operationId: "getRoot", token: token.json.access_token }), 401);
    },
  );
});

describe("Listings against their query", () => {
  scenario(
    "every listing holds what its query asks, and its next, prev, first and last links lead through the pages both ways, each item once",
    { ...behaviour, rules: QUERIES },
    async () => {
      const before = evaluations();
      const api = session("merchant");
      const { root, application } = await resources(api);
      for (let i = 0; i < 2; i++) await create(api, "createPerson", linkOf(application.json, "ch:people"), merchantExample("createPerson"));
      for (const [href, size] of [
        [root._links["ch:applications"].href, 2],
        [linkOf(application.json, "ch:people"), 2],
        [linkOf(application.json, "ch:comments"), 1],
        [root._links["ch:disputes"].href, 1],
        [root._links["ch:transactions"].href, 5],
      ] as const) {
        const forward: string[] = [];
        let page = await api.call({ url: expandHref(href, { [pagination.parameter]: size }) });
        const pages: Exchange[] = [page];
        for (let n = 0; n < 8 && page.json._links?.next?.href; n++) {
          forward.push(...items(page));
          expect(new Set(forward).size, `${href}: no item twice along next`).toBe(forward.length);
          page = await api.call({ url: page.json._links.next.href });
          pages.push(page);
        }
        // Back along prev to the start: the same items, in reverse page order.
        const backward: string[] = [];
        for (let n = 0; n < 8 && page.json._links?.prev?.href; n++) {
          page = await api.call({ url: page.json._links.prev.href });
          backward.unshift(...items(page));
        }
        if (backward.length > 0)
          expect(backward, `${href}: prev leads back over the pages next led through`).toEqual(forward.slice(0, backward.length));
        for (const rel of ["first", "last"])
          if (pages[0]!.json._links?.[rel]?.href) await api.call({ url: pages[0]!.json._links[rel].href });
      }
      // One-modifier filters, whose answers the listing invariant holds to the filter.
      // Both states: the scenario's own applications are unsubmitted, so a filter that is ignored shows them as submitted ones.
      for (const state of ["unsubmitted", "submitted"])
        await api.call({ url: expandHref(root._links["ch:applications"].href, { query: `state:${state}` }) });
      await api.call({ url: expandHref(root._links["ch:disputes"].href, { query: "status:open" }) });
      await api.call({ url: expandHref(root._links["ch:transactions"].href, { query: "currency:DKK" }) });
      expect(
        unevaluated(before, QUERIES).join(", "),
        "query parameters and page relations no listing of this scenario let the invariants check",
      ).toBe("");
    },
  );
});

function items(page: Exchange): string[] {
  return embeddedItems(page.json).map((item) => String(onlyLink(item, "self")?.href));
}
