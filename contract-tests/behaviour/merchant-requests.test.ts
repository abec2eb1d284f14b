/**
 * Merchant API rules about single requests that the other files do not provoke: the token
 * request's audience, the cursor left out of the transactions template, the `last` link of a
 * page-based collection, `Allow` on stamp links following the stamp's state, open stamp names,
 * a file's fixed label, the storage host's refusals, comments (the link back, the tag count,
 * field comments per resource), the query languages' modifiers, and a request id on every
 * problem. (These were the sandbox's unit tests; they now hold any target to them.)
 */
import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { pagination } from "../../generated/merchant/constants";
import { embeddedItems, onlyLink } from "../../src/testkit/common/hal-reading";
import { objectMapOf, objectOf, stringOf, stringsOf, type JsonObject } from "../../src/testkit/common/json-values";
import { scenario, session } from "../support/context";
import { describeExchange, expandHref, type ApiSession, type Exchange } from "../support/http";
import { allProperties, commentableProperties, expectProblem, fileBytes, linkOf, merchantExample } from "../support/merchant";
import { apiSpec } from "../support/spec";

const behaviour = { api: "merchant", behaviour: true } as const;
type Json = Record<string, any>;

/** A parameter component of the merchant spec (`#/components/parameters/<name>`). */
function parameterComponent(name: string): JsonObject {
  const found = objectMapOf(apiSpec("merchant").doc.components?.parameters)[name];
  if (!found) throw new Error(`the merchant spec has no parameter component ${name}`);
  return found;
}

async function rootLinks(api: ApiSession): Promise<Json> {
  const root = await api.call({ operationId: "getRoot" });
  expect(root.status).toBe(200);
  return root.json._links;
}

async function created(api: ApiSession, operationId: string, url: string, body: unknown): Promise<Exchange> {
  const answer = await api.call({ operationId, url: expandHref(url), body });
  // The spec documents a create as 201 or, equally, 200.
  expect(answer.status, describeExchange(answer)).toBeOneOf([200, 201]);
  return answer;
}

async function newApplication(api: ApiSession, example?: string): Promise<Json> {
  return (
    await created(api, "createApplication", (await rootLinks(api))["ch:applications"].href, merchantExample("createApplication", example))
  ).json;
}

/** The OAuth error code of a token error body, or the problem's status when it is a problem. */
function tokenError(exchange: Exchange): string | number | undefined {
  return exchange.json?.error ?? exchange.json?.status;
}

describe("The token request's audience", () => {
  scenario(
    "a token request without an audience, or with one that is not this API's base address, is refused with 400 (invalid_request)",
    { ...behaviour, rules: ["merchant:status:OAuthBadRequest"] },
    async () => {
      const api = session("merchant");
      for (const [what, body] of [
        ["no audience", { grant_type: "client_credentials" }],
        ["another API's audience", { grant_type: "client_credentials", audience: "https://example.com" }],
      ] as const) {
        const refused = await api.call({ operationId: "createToken", body });
        expect(refused.status, `${what}: ${describeExchange(refused)}`).toBe(400);
        expect([400, "invalid_request"], `${what}: the error`).toContain(tokenError(refused));
        expect(refused.json?.access_token, `${what}: no token`).toBeUndefined();
      }
    },
  );
});

describe("Links of collections", () => {
  const cursor = String(parameterComponent("TransactionCursor").name);

  scenario(
    `the ch:transactions template leaves out the cursor (${cursor}), which only the next link carries`,
    { ...behaviour, rules: ["merchant:x-from-link:parameter.TransactionCursor"] },
    async (ctx) => {
      const api = session("merchant");
      const template = (await rootLinks(api))["ch:transactions"];
      expect(template.templated, "ch:transactions is templated").toBe(true);
      expect(template.href, `the template offers ${pagination.parameter}`).toContain(pagination.parameter);
      expect(template.href, `the template does not offer ${cursor}`).not.toMatch(new RegExp(`[{,?&]${cursor}[},=]`));
      const first = await api.call({ url: expandHref(template.href, { [pagination.parameter]: 1 }) });
      expect(first.status).toBe(200);
      const next = onlyLink(first.json, "next")?.href;
      if (!next) ctx.skip("the target has fewer than two transactions, so no next link to read the cursor from");
      expect(new URL(api.resolve(next!)).searchParams.get(cursor), `the next link carries ${cursor}`).toEqual(expect.any(String));
    },
  );

  scenario(
    "a page in the middle of a page-based collection links first, prev, next and last, and last leads to the last page",
    { ...behaviour, rules: ["merchant:status:listPeople:200"] },
    async () => {
      const api = session("merchant");
      const application = await newApplication(api);
      for (let i = 0; i < 3; i++) await created(api, "createPerson", linkOf(application, "ch:people"), merchantExample("createPerson"));
      const first = await api.call({ url: expandHref(linkOf(application, "ch:people"), { [pagination.parameter]: 1 }) });
      const second = await api.call({ url: first.json._links.next.href });
      expect(second.json, "the second of three pages").toMatchObject({ count: 3, page: 2, per_page: 1 });
      for (const rel of ["first", "prev", "next", "last"])
        expect(second.json._links[rel]?.href, `the middle page links ${rel}`).toEqual(expect.any(String));
      const last = await api.call({ url: second.json._links.last.href });
      expect(last.json.page, "last leads to the last page").toBe(3);
      expect(last.json._links.next, "no next on the last page").toBeUndefined();
    },
  );
});

describe("Stamps", () => {
  scenario(
    "OPTIONS on a stamp link lists DELETE exactly when the stamp can be removed in the application's current state",
    { ...behaviour, rules: ["merchant:header:Allow", "merchant:status:Options"] },
    async () => {
      const api = session("merchant");
      const application = await newApplication(api);
      expect(
        (await api.call({ operationId: "addApplicationStamp", url: linkOf(application, "ch:stamps", "archived") })).status,
        "archived is added",
      ).toBe(204);
      for (const name of ["archived", "submitted"]) {
        const stamp = linkOf(application, "ch:stamps", name);
        const options = await api.call({ url: stamp, method: "OPTIONS" });
        expect(options.status, describeExchange(options)).toBe(204);
        const allowed = (options.headers.get("allow") ?? "").split(",").map((m) => m.trim().toUpperCase());
        const removal = await api.call({ operationId: "removeApplicationStamp", url: stamp });
        if (allowed.includes("DELETE")) expect(removal.status, `Allow of ${name} offers DELETE: ${describeExchange(removal)}`).toBe(204);
        else {
          expect(
            removal.status,
            `Allow of ${name} (${allowed.join(", ")}) has no DELETE: ${describeExchange(removal)}`,
          ).toBeGreaterThanOrEqual(400);
          expectProblem(removal, removal.status);
        }
      }
    },
  );

  scenario(
    "stamp names are open: a stamp the application does not offer is a 409 problem, not a 404",
    { ...behaviour, rules: ["merchant:status:Conflict"] },
    async () => {
      const api = session("merchant");
      const application = await newApplication(api);
      const offered = linkOf(application, "ch:stamps", "archived");
      const unoffered = offered.replace(/[^/]+$/, `not-offered-${randomUUID().slice(0, 8)}`);
      expectProblem(await api.call({ operationId: "addApplicationStamp", url: unoffered }), 409);
    },
  );
});

describe("Files", () => {
  scenario(
    "a file's label cannot be changed: a PATCH naming label is refused with a 400 naming it and changes nothing",
    { ...behaviour, rules: ["merchant:status:BadRequest", "merchant:status:updateFile:200"] },
    async () => {
      const api = session("merchant");
      const application = await newApplication(api);
      const metadata = merchantExample("createApplicationFile");
      const file = await created(api, "createApplicationFile", linkOf(application, "ch:files"), metadata);
      const self = linkOf(file.json, "self");
      const refused = await api.call({ operationId: "updateFile", url: self, body: { label: `other_${String(metadata.label)}` } });
      expectProblem(refused, 400);
      expect(Object.keys(refused.json.errors ?? {}).join(" "), "the problem names label").toMatch(/label/);
      expect((await api.call({ operationId: "getFile", url: self })).json.label, "the label is unchanged").toBe(metadata.label);
    },
  );

  scenario(
    "the storage host refuses an upload that adds an Authorization header, and one whose link signature was altered (403)",
    { ...behaviour, rules: ["merchant:status:uploadFileContent:403"] },
    async () => {
      const api = session("merchant");
      const application = await newApplication(api);
      const metadata = merchantExample("createApplicationFile");
      const bytes = fileBytes("storage-refusals");
      const file = await created(api, "createApplicationFile", linkOf(application, "ch:files"), { ...metadata, size: bytes.length });
      const upload = linkOf(file.json, "ch:data", "upload");
      const mediaType = String(metadata.content_type);
      const withAuthorization = await api.call({
        operationId: "uploadFileContent",
        url: upload,
        body: bytes,
        mediaType,
        auth: "none",
        headers: { authorization: `Bearer ${await api.bearer()}` },
      });
      expect(withAuthorization.status, "an upload with an Authorization header").toBe(403);
      const url = new URL(upload);
      const signatureParameters = [...url.searchParams.keys()].filter((name) => /signature/i.test(name));
      expect(signatureParameters.length, "the pre-signed link carries a signature parameter").toBeGreaterThan(0);
      for (const name of signatureParameters) {
        const value = url.searchParams.get(name)!;
        url.searchParams.set(name, value.slice(0, -1) + (value.endsWith("0") ? "1" : "0"));
      }
      expect(
        (
          await api.call({
            operationId: "uploadFileContent",
            url: url.toString(),
            body: bytes,
            mediaType,
            auth: "none",
            conformance: "record",
          })
        ).status,
        "an upload to a link with an altered signature",
      ).toBe(403);
      expect(
        (await api.call({ operationId: "uploadFileContent", url: upload, body: bytes, mediaType, auth: "none" })).status,
        "the upload as the link was given",
      ).toBe(200);
    },
  );
});

describe("Comments", () => {
  scenario(
    "a comment links back to the commented resource and is listed in that resource's comments",
    { ...behaviour, rules: ["merchant:status:CommentCreated", "merchant:status:listComments:200"] },
    async () => {
      const api = session("merchant");
      const application = await newApplication(api);
      const self = api.resolve(linkOf(application, "self"));
      const comment = await created(api, "createComment", linkOf(application, "ch:comments"), {
        body: "Please add the trading name as registered.",
      });
      const linksTo = (resource: Json) =>
        Object.keys(objectOf(resource._links)).filter((rel) => {
          const link = onlyLink(resource, rel);
          return link !== undefined && api.resolve(link.href) === self;
        });
      expect(linksTo(comment.json), "the comment links to the application").not.toEqual([]);
      const list = await api.call({ url: expandHref(linkOf(application, "ch:comments")) });
      expect(list.status).toBe(200);
      const items = embeddedItems(list.json);
      expect(
        items.map((item) => item.id),
        "the comment is listed",
      ).toEqual([comment.json.id]);
      expect(linksTo(list.json), "the list links to the application").not.toEqual([]);
    },
  );

  scenario(
    "a comment takes at most one tag, a ch-field tag: two tags, or a tag of another kind, are refused with a 400 naming tags",
    { ...behaviour, rules: ["merchant:rule:CommentCreate.tags", "merchant:x-names-commentable-property:CommentCreate.tags[]"] },
    async () => {
      const api = session("merchant");
      const application = await newApplication(api);
      const comments = expandHref(linkOf(application, "ch:comments"));
      const [first, second] = commentableProperties("Application");
      expect(second, "the application has two commentable properties").toBeDefined();
      for (const tags of [[`ch-field:${first}`, `ch-field:${second}`], ["urgent"]]) {
        const refused = await api.call({ operationId: "createComment", url: comments, body: { body: "Two things.", tags } });
        expectProblem(refused, 400);
        expect(Object.keys(refused.json.errors ?? {}).join(" "), `tags ${JSON.stringify(tags)}`).toMatch(/tags/);
      }
    },
  );

  scenario(
    "field comments follow the commented resource's schema: a person's commentable properties take them, its other properties do not; a dispute takes plain comments",
    { ...behaviour, rules: ["merchant:x-commentable", "merchant:rule:CommentCreate.tags"] },
    async () => {
      const api = session("merchant");
      const application = await newApplication(api);
      const person = await created(api, "createPerson", linkOf(application, "ch:people"), merchantExample("createPerson"));
      const personComments = expandHref(linkOf(person.json, "ch:comments"));
      const commentable = commentableProperties("Person");
      const other = allProperties("Person").find((p) => !commentable.includes(p) && !commentable.some((c) => p.startsWith(`${c}.`)));
      expect(commentable.length && other, "the person has commentable and other properties").toBeTruthy();
      expect(
        (
          await api.call({
            operationId: "createComment",
            url: personComments,
            body: { body: "Check the name.", tags: [`ch-field:${commentable[0]}`] },
          })
        ).status,
      ).toBeOneOf([200, 201]);
      const refused = await api.call({
        operationId: "createComment",
        url: personComments,
        body: { body: "Not commentable.", tags: [`ch-field:${other}`] },
      });
      expectProblem(refused, 400);

      const disputes = await api.call({ url: expandHref((await rootLinks(api))["ch:disputes"].href) });
      const dispute = embeddedItems(disputes.json)[0];
      if (!dispute) return; // a target without disputes: the person part stands alone
      const disputeComments = expandHref(linkOf(dispute, "ch:comments"));
      expect(
        (await api.call({ operationId: "createComment", url: disputeComments, body: { body: "Please see the attached files." } })).status,
        "a plain comment on a dispute",
      ).toBeOneOf([200, 201]);
      const disputeCommentable = commentableProperties("Dispute");
      const notOnDispute = allProperties("Dispute").find(
        (p) => !disputeCommentable.includes(p) && !disputeCommentable.some((c) => p.startsWith(`${c}.`)),
      );
      if (notOnDispute)
        expectProblem(
          await api.call({ operationId: "createComment", url: disputeComments, body: { body: "x", tags: [`ch-field:${notOnDispute}`] } }),
          400,
        );
    },
  );
});

describe("Query languages", () => {
  /** `modifier:value` examples the spec's own texts give for a query parameter. */
  function exampleTerms(parameter: JsonObject): Map<string, string> {
    const terms = new Map<string, string>();
    for (const text of [stringOf(parameter.example) ?? "", stringOf(parameter.description) ?? ""]) {
      for (const match of text.matchAll(/`?([a-z_]+):([A-Za-z0-9_.,-]+)`?/g)) if (!terms.has(match[1]!)) terms.set(match[1]!, match[2]!);
    }
    return terms;
  }
  const collections = [
    ["ch:transactions", parameterComponent("TransactionQuery")],
    ["ch:applications", parameterComponent("ApplicationQuery")],
    ["ch:disputes", parameterComponent("DisputeQuery")],
  ] as const;

  scenario(
    "each modifier the spec lists is accepted with the value its examples give; an unknown modifier is refused with a 400 naming query",
    { ...behaviour, rules: ["merchant:x-query-modifiers", "merchant:status:BadRequest"] },
    async () => {
      const api = session("merchant");
      const links = await rootLinks(api);
      let tried = 0;
      for (const [rel, parameter] of collections) {
        const terms = exampleTerms(parameter);
        for (const modifier of stringsOf(parameter["x-query-modifiers"])) {
          const value = terms.get(modifier);
          if (value === undefined) continue; // the spec gives no value to try
          const answer = await api.call({ url: expandHref(links[rel].href, { query: `${modifier}:${value}` }) });
          expect(answer.status, `${rel} ${modifier}:${value}: ${describeExchange(answer)}`).toBe(200);
          tried++;
        }
        const unknown = await api.call({ url: expandHref(links[rel].href, { query: "colour:red" }) });
        expectProblem(unknown, 400);
        expect(Object.keys(unknown.json.errors ?? {}), `${rel}: the problem names the query`).toContain(parameter.name);
      }
      expect(tried, "modifiers with a value from the spec").toBeGreaterThanOrEqual(8);
    },
  );
});

describe("Request ids", () => {
  scenario(
    "every problem, whatever refused the request, carries its own request-id",
    { ...behaviour, rules: ["merchant:status:Unauthorized", "merchant:status:NotFound", "merchant:status:BadRequest"] },
    async () => {
      const api = session("merchant");
      const links = await rootLinks(api);
      const application = await newApplication(api);
      const problems = [
        await api.call({ operationId: "getRoot", auth: "none" }),
        await api.call({ operationId: "getRoot", token: "not-a-token" }),
        await api.call({
          url: linkOf(application, "self").replace(/[^/]+$/, `missing-${randomUUID().slice(0, 8)}`),
          operationId: "getApplication",
        }),
        await api.call({ operationId: "createApplication", url: expandHref(links["ch:applications"].href), body: { business_model: {} } }),
        await api.call({ url: expandHref(links["ch:applications"].href, { [pagination.parameter]: 0 }) }),
        await api.call({
          operationId: "createApplication",
          url: expandHref(links["ch:applications"].href),
          body: "{}",
          mediaType: "text/plain",
          conformance: "record",
        }),
      ];
      for (const problem of problems) {
        expect(problem.status, describeExchange(problem)).toBeGreaterThanOrEqual(400);
        expect(problem.json?.["request-id"], `${describeExchange(problem)}: request-id`).toEqual(expect.any(String));
      }
      const ids = problems.map((p) => p.json["request-id"]);
      expect(new Set(ids).size, "a request id per request").toBe(ids.length);
    },
  );
});
