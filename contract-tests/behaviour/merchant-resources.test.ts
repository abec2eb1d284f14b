/**
 * Merchant API behaviour, one named scenario per rule of the seed: OAuth client registration
 * and tokens, HAL navigation without built URLs, stamps, the field-comment tag rule, and the
 * file upload and download flow. Navigation goes through the typed client's `follow()`, which
 * only ever uses the addresses the answers link to.
 */
import { describe, expect } from "vitest";
import { curieName } from "../../generated/merchant/constants";
import { MerchantProblemError } from "../../src/toolkit/clients/merchant/errors";
import { objectOf } from "../../src/testkit/common/json-values";
import { mediaTypeOf } from "../../src/testkit/openapi-model/media-types";
import { advanceClock, scenario, session, target } from "../support/context";
import { expandHref, type Exchange } from "../support/http";
import { evaluations, unevaluated } from "../support/invariants";
import {
  allProperties,
  commentableProperties,
  CONTRACT_AGREEMENT,
  expectProblem,
  fileBytes,
  linkOf,
  merchantClient,
  merchantExample,
  personFileExamples,
} from "../support/merchant";

const behaviour = { api: "merchant", behaviour: true } as const;

async function problemOf(promise: Promise<unknown>): Promise<MerchantProblemError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MerchantProblemError) return error;
    throw error;
  }
  throw new Error("expected a problem answer, got a success");
}

describe("OAuth", () => {
  scenario(
    "a client registered at the clients endpoint gets a token at once and can call the API",
    { ...behaviour, rules: ["merchant:status:registerClient:201"] },
    async () => {
      const api = session("merchant");
      const registration = merchantExample("registerClient");
      const registered = await api.call({ operationId: "registerClient", body: registration });
      expect(registered.status).toBe(201);
      expect(registered.json).toMatchObject({
        client_id: expect.any(String),
        client_secret: expect.any(String),
        client_name: registration.client_name,
      });
      const client = merchantClient(session("merchant"), {
        clientId: registered.json.client_id,
        clientSecret: registered.json.client_secret,
      });
      const root = await client.root();
      expect(root._links["oauth2-token"]).toBeDefined();
    },
  );

  scenario(
    "the token endpoint issues a Bearer token for client credentials and the API's audience, not to be cached",
    { ...behaviour, rules: ["merchant:status:createToken:200"] },
    async () => {
      const api = session("merchant");
      const token = await api.call({
        operationId: "createToken",
        body: { grant_type: "client_credentials", audience: target.merchant.audience },
      });
      expect(token.status).toBe(200);
      expect(token.json).toMatchObject({ token_type: "Bearer", access_token: expect.any(String), expires_in: expect.any(Number) });
      expect(token.headers.get("cache-control")).toBe("no-store");
      const root = await api.call({ operationId: "getRoot", token: token.json.access_token });
      expect(root.status).toBe(200);
    },
  );

  scenario(
    "wrong client credentials get 401 invalid_client; another grant type gets 400 unsupported_grant_type",
    {
      ...behaviour,
      rules: ["merchant:401:OAuthInvalidClient:wrong-secret", "merchant:status:OAuthInvalidClient", "merchant:status:OAuthBadRequest"],
    },
    async () => {
      const api = session("merchant");
      const wrong = await api.call({
        operationId: "createToken",
        body: { grant_type: "client_credentials", audience: target.merchant.audience },
        client: { id: target.merchant.clientId, secret: "not-the-secret" },
      });
      expect(wrong.status).toBe(401);
      // Token errors are documented in two forms: RFC 6749 (`error`) and problem details (`status`).
      expectTokenError(wrong, 401, "invalid_client");
      const grant = await api.call({ operationId: "createToken", body: { grant_type: "password", audience: target.merchant.audience } });
      expect(grant.status).toBe(400);
      expectTokenError(grant, 400, "unsupported_grant_type");
    },
  );

  scenario(
    "a call without a valid bearer token gets a 401 problem naming the token endpoint (oauth2-token)",
    {
      ...behaviour,
      rules: [
        "merchant:401:Unauthorized:missing",
        "merchant:401:Unauthorized:invalid",
        "merchant:header:WWWAuthenticate",
        "merchant:status:Unauthorized",
      ],
    },
    async () => {
      const api = session("merchant");
      for (const exchange of [
        await api.call({ operationId: "getRoot", auth: "none" }),
        await api.call({ operationId: "getRoot", token: "not-a-token" }),
      ]) {
        expectProblem(exchange, 401);
        expect(exchange.json["oauth2-token"], "oauth2-token names where to authenticate").toEqual(expect.any(String));
        expect(exchange.headers.get("www-authenticate")).toMatch(/^Bearer/);
      }
    },
  );

  scenario(
    "an expired token gets 401 and a new token works",
    { ...behaviour, rules: ["merchant:401:Unauthorized:expired"], testClock: true },
    async () => {
      const api = session("merchant");
      const token = await api.call({
        operationId: "createToken",
        body: { grant_type: "client_credentials", audience: target.merchant.audience },
      });
      await advanceClock(Number(token.json.expires_in) + 1, "merchant");
      expectProblem(await api.call({ operationId: "getRoot", token: token.json.access_token }), 401);
      expect((await api.call({ operationId: "getRoot", token: await api.bearer(true) })).status).toBe(200);
    },
  );
});

describe("HAL navigation", () => {
  scenario(
    "from the root, applications, people and files are reached by following links, never by building URLs",
    {
      ...behaviour,
      rules: [
        "merchant:x-link-relation",
        "merchant:x-curie-href:Curie",
        "merchant:status:getApplication:200",
        "merchant:status:listPeople:200",
        "merchant:status:listPersonFiles:200",
        "merchant:status:getRoot:200",
      ],
    },
    async () => {
      const client = merchantClient(session("merchant"));
      const root = await client.root();
      const curies = root._links.curies ?? [];
      expect(
        curies.map((c) => c.name),
        "the root declares the ch curie",
      ).toContain(curieName);
      expect(curies.find((c) => c.name === curieName)).toMatchObject({ templated: true, href: expect.stringContaining("{rel}") });
      const application = await client.create(root, "ch:applications", merchantExample("createApplication"));
      const self = await client.follow(application, "self");
      expect(self._links.self.href, "self leads to the same resource").toBe(application._links.self.href);
      const person = await client.create(application, "ch:people", merchantExample("createPerson"));
      const people = await client.follow(application, "ch:people");
      expect(JSON.stringify(people._embedded ?? {}), "the new person is listed in ch:people").toContain(person._links.self.href);
      const backToApplication = await client.follow(person, "ch:application");
      expect(backToApplication._links.self.href).toBe(application._links.self.href);
      const files = await client.follow(person, "ch:files");
      expect(files._links.self.href, "the files collection is reached from the person").toEqual(expect.any(String));
    },
  );
});

describe("Stamps", () => {
  scenario(
    "an application that lacks necessary data cannot be submitted: 409 naming what is missing",
    { ...behaviour, rules: ["merchant:status:Conflict"] },
    async () => {
      const client = merchantClient(session("merchant"));
      const application = await client.create(
        await client.root(),
        "ch:applications",
        merchantExample("createApplication", "digitalService"),
      );
      const problem = await problemOf(client.addStamp(application, "submitted"));
      expect(problem.status).toBe(409);
      expect(Object.keys(problem.errors).length, "errors name what is missing").toBeGreaterThan(0);
    },
  );

  scenario(
    "a complete application is submitted, gets a contract that needs a signature, and the contract is signed",
    {
      ...behaviour,
      rules: [
        "merchant:x-required-file-labels:PersonCreate",
        "merchant:rule:PersonCreate",
        "merchant:status:listApplicationGateways:200",
        "merchant:status:listContracts:200",
        "merchant:status:getContract:200",
        "merchant:status:NoContent",
        ...CONTRACT_AGREEMENT,
      ],
    },
    async () => {
      const before = evaluations();
      const api = session("merchant");
      const client = merchantClient(api);
      const application = await client.create(
        await client.root(),
        "ch:applications",
        merchantExample("createApplication", "physicalGoods"),
      );
      const person = await client.create(application, "ch:people", merchantExample("createPerson"));
      for (const file of personFileExamples()) {
        await client.uploadFile(
          person,
          { label: String(file.label), name: String(file.name), content_type: String(file.content_type) },
          fileBytes(String(file.label)),
        );
      }
      const gateways = await client.follow(application, "ch:gateways");
      const selectable = gateways._embedded?.selectable?.[0];
      expect(selectable, "a selectable gateway").toBeDefined();
      const selection = await api.call({ operationId: "selectApplicationGateway", url: linkOf(selectable!, "ch:selection") });
      expect(selection.status).toBe(204);
      const current = await client.follow(application, "self");
      await client.addStamp(current, "submitted");
      const submitted = await client.follow(application, "self");
      expect(submitted.metadata?.state).toBe("submitted");
      const contracts = await client.follow(submitted, "ch:contracts");
      const contract = Object.values(contracts._embedded ?? {})[0]?.[0];
      expect(contract, "submission creates a contract").toBeDefined();
      const contractResource = await client.follow(contract!, "self");
      expect(contractResource.state).toBe("needs_signature");
      await client.addStamp(contractResource, "signed", merchantExample("addContractStamp"));
      expect((await client.follow(contract!, "self")).state).toBe("signed");
      // The contract's links and the contracts' filter, held by the run's invariants (support/invariants.ts).
      await api.call({ url: expandHref(linkOf(submitted, "ch:contracts"), { query: "state:signed" }) });
      await api.call({ url: linkOf(contractResource, "ch:application") });
      expect(unevaluated(before, CONTRACT_AGREEMENT).join(", "), "rules of the contract's answers the invariants did not check").toBe("");
    },
  );

  scenario(
    "re-adding a carried stamp is a no-op; archived can be removed; removing submitted gets a documented answer",
    { ...behaviour, rules: ["merchant:status:NoContent"] },
    async () => {
      const api = session("merchant");
      const client = merchantClient(api);
      const application = await client.create(await client.root(), "ch:applications", merchantExample("createApplication"));
      const archived = linkOf(application, "ch:stamps", "archived");
      expect((await api.call({ operationId: "addApplicationStamp", url: archived })).status).toBe(204);
      expect((await api.call({ operationId: "addApplicationStamp", url: archived })).status, "adding it again").toBe(204);
      expect((await api.call({ operationId: "removeApplicationStamp", url: archived })).status).toBe(204);
      const submitted = linkOf(application, "ch:stamps", "submitted");
      // Whether `submitted` can be removed is not documented: only a documented answer is required
      // (the call checks that); a refusal, if any, is a problem.
      const removal = await api.call({ operationId: "removeApplicationStamp", url: submitted });
      if (removal.status >= 400) expectProblem(removal, removal.status);
    },
  );
});

describe("Field comments", () => {
  const commentable = commentableProperties("Application");
  const notCommentable = allProperties("Application").find(
    (p) => !commentable.includes(p) && !commentable.some((c) => p.startsWith(`${c}.`)),
  );

  scenario(
    "a comment with exactly one ch-field tag naming a commentable property is accepted, as is a plain comment",
    {
      ...behaviour,
      rules: ["merchant:x-commentable", "merchant:x-names-commentable-property:CommentCreate.tags[]", "merchant:status:CommentCreated"],
    },
    async () => {
      expect(commentable.length, "the spec marks commentable properties (x-commentable)").toBeGreaterThan(0);
      const api = session("merchant");
      const client = merchantClient(api);
      const application = await client.create(await client.root(), "ch:applications", merchantExample("createApplication"));
      const comments = expandHref(linkOf(application, "ch:comments"));
      const tagged = await api.call({
        operationId: "createComment",
        url: comments,
        body: { body: "Please check this field.", tags: [`ch-field:${commentable[0]}`] },
      });
      expect(tagged.status).toBeOneOf([200, 201]);
      expect(tagged.json.tags).toEqual([`ch-field:${commentable[0]}`]);
      const plain = await api.call({ operationId: "createComment", url: comments, body: { body: "A note on the whole application." } });
      expect(plain.status).toBeOneOf([200, 201]);
    },
  );

  scenario(
    "a comment whose tag names a property that is not commentable, or an unknown one, is rejected with a 400 naming tags",
    { ...behaviour, rules: ["merchant:rule:CommentCreate.tags"] },
    async () => {
      const api = session("merchant");
      const client = merchantClient(api);
      const application = await client.create(await client.root(), "ch:applications", merchantExample("createApplication"));
      const comments = expandHref(linkOf(application, "ch:comments"));
      for (const property of [notCommentable ?? "metadata", "no_such_property"]) {
        const refused = await api.call({
          operationId: "createComment",
          url: comments,
          body: { body: "Wrong field.", tags: [`ch-field:${property}`] },
        });
        expectProblem(refused, 400);
        expect(Object.keys(refused.json.errors ?? {}), `the problem names the tags (ch-field:${property})`).toContain("tags");
      }
    },
  );
});

describe("Files", () => {
  scenario(
    "a file's metadata is created at ch:files, its bytes uploaded to the pre-signed link, and the same bytes downloaded",
    {
      ...behaviour,
      rules: [
        "merchant:status:ApplicationFileCreated",
        "merchant:status:uploadFileContent:200",
        "merchant:status:downloadFileContent:200",
        "merchant:x-from-link:parameter.UploadPath",
        "merchant:rule:parameter.UploadPath",
        "merchant:x-external:uploadFileContent",
        "merchant:readback:uploadFileContent",
      ],
    },
    async () => {
      const client = merchantClient(session("merchant"));
      const application = await client.create(await client.root(), "ch:applications", merchantExample("createApplication"));
      const metadata = merchantExample("createApplicationFile");
      const bytes = fileBytes("roundtrip");
      const file = await client.uploadFile(
        application,
        { label: String(metadata.label), name: String(metadata.name), content_type: String(metadata.content_type) },
        bytes,
      );
      const downloaded = await client.downloadFile(file);
      expect(mediaTypeOf(downloaded.contentType)).toBe(metadata.content_type);
      expect(Buffer.from(downloaded.bytes).equals(bytes), "the downloaded bytes are the uploaded ones").toBe(true);
    },
  );

  scenario(
    "the storage host refuses an upload whose Content-Type differs from the file's (403), and the download is a 404 problem until an upload",
    {
      ...behaviour,
      rules: [
        "merchant:status:uploadFileContent:403",
        "merchant:rule:FileProperties.content_type",
        "merchant:rule:uploadFileContent.requestBody",
        "merchant:x-content-type-from-file:uploadFileContent.requestBody",
      ],
    },
    async () => {
      const api = session("merchant");
      const client = merchantClient(api);
      const application = await client.create(await client.root(), "ch:applications", merchantExample("createApplication"));
      const metadata = merchantExample("createApplicationFile");
      const bytes = fileBytes("mismatch");
      const file = await client.create(application, "ch:files", { ...metadata, size: bytes.length });
      const upload = linkOf(file, "ch:data", "upload");
      const refused = await api.call({ operationId: "uploadFileContent", url: upload, body: bytes, mediaType: "text/plain", auth: "none" });
      expect(refused.status, "upload with another Content-Type").toBe(403);
      expectProblem(await api.call({ operationId: "downloadFileContent", url: linkOf(file, "ch:data", "download") }), 404);
      const accepted = await api.call({
        operationId: "uploadFileContent",
        url: upload,
        body: bytes,
        mediaType: String(metadata.content_type),
        auth: "none",
      });
      expect(accepted.status, "upload with the file's Content-Type").toBe(200);
      const download = await api.call({ operationId: "downloadFileContent", url: linkOf(file, "ch:data", "download") });
      expect(download.status).toBe(200);
      expect(download.bytes.equals(bytes)).toBe(true);
    },
  );
});

/** A token error in either documented form: the RFC 6749 `error` code, or a problem with the HTTP status. */
function expectTokenError(exchange: Exchange, status: number, oauthError: string): void {
  const { error } = objectOf(exchange.json);
  if (error !== undefined) expect(error).toBe(oauthError);
  else expectProblem(exchange, status);
}
