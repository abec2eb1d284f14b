/**
 * Merchant client against an in-process stand-in of the API: token caching and refresh,
 * HAL navigation (curies, templates, named links), pagination, rate limits, problems, the
 * Files flow and the generic request(). Every assertion that matters is made on what the server received.
 */
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import { curieName, pagination, rateLimitHeaders, relations, tokenMediaTypes } from "../generated/merchant/constants";
import type { components } from "../generated/merchant/schema";
import {
  ClientNetworkError,
  createMerchantClient,
  MerchantAuthenticationError,
  MerchantHttpError,
  MerchantProblemError,
  MerchantTokenError,
  MerchantUsageError,
  type CreateTargets,
  type MerchantClientOptions,
  type RelationTargets,
  type RetryOptions,
} from "../src/toolkit/merchant";
import { hal, problem, startFakeMerchantApi, type FakeMerchantApi } from "./support/fake-merchant-api";
import { startLocalServer, type LocalServer } from "./support/local-server";
import { responseExample } from "./support/spec-examples";
import { loadBundledSpec } from "../src/testkit/openapi-model/document";
import { listOperationExamples } from "../src/testkit/openapi-model/examples";

type S = components["schemas"];

const clientId = "4f1c8a2e-6b3d-4e9f-a7c0-2d5e8b1f4a63";
const clientSecret = "9f2b6d1e8c4a7f3b5d0e2c6a9b1f4d7e8a3c5b0d6f2e9a1c";
const [limitHeader, remainingHeader, resetHeader] = rateLimitHeaders;

let api: FakeMerchantApi;
let waits: number[];
const noWait: RetryOptions = { sleep: async (ms) => void waits.push(ms), random: () => 0.5 };

beforeEach(async () => {
  waits = [];
  api = await startFakeMerchantApi();
  api.routes.set("GET /", (_req, res) =>
    hal(res, 200, api.rebase(responseExample("merchant", "getRoot", "200", "fullAccess")), {
      [limitHeader]: "100",
      [remainingHeader]: "99",
      [resetHeader]: "42",
    }),
  );
});
afterEach(async () => api.close());

function client(extra: Partial<MerchantClientOptions> = {}) {
  return createMerchantClient({ baseUrl: api.url, clientId, clientSecret, tokenUrl: api.tokenUrl, retry: noWait, ...extra });
}

describe("access tokens", () => {
  it("50 concurrent calls share one token request", async () => {
    api.tokenDelayMs = 50;
    const merchant = client();
    const roots = await Promise.all(Array.from({ length: 50 }, () => merchant.root()));
    expect(roots.every((r) => r._links.self.href === `${api.url}/`)).toBe(true);
    expect(api.tokenRequests).toHaveLength(1);
    expect(api.apiRequests).toHaveLength(50);
    expect(new Set(api.apiRequests.map((r) => r.headers.authorization))).toEqual(new Set(["Bearer tok-1"]));

    const tokenRequest = api.tokenRequests[0]!;
    expect(tokenRequest.headers.authorization).toBe(`Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`);
    expect(tokenRequest.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(tokenRequest.body.toString()))).toEqual({
      grant_type: "client_credentials",
      audience: api.url,
    });
  });

  it("reuses the token until shortly before expires_in, then requests a new one", async () => {
    api.expiresIn = 100;
    let now = 1_000_000;
    const merchant = client({ now: () => now });
    await merchant.root();
    now += 89_999; // a tenth of the lifetime (10 s) before expiry is still fine
    await merchant.root();
    expect(api.tokenRequests).toHaveLength(1);
    now += 1;
    await merchant.root();
    expect(api.tokenRequests).toHaveLength(2);
    expect(api.apiRequests.map((r) => r.headers.authorization)).toEqual(["Bearer tok-1", "Bearer tok-1", "Bearer tok-2"]);
  });

  it("on 401, refreshes once and retries once", async () => {
    const merchant = client();
    await merchant.root();
    api.validTokens.delete("tok-1"); // the API stops accepting the cached token
    await merchant.root();
    expect(api.tokenRequests).toHaveLength(2);
    expect(api.apiRequests.map((r) => r.headers.authorization)).toEqual(["Bearer tok-1", "Bearer tok-1", "Bearer tok-2"]);
  });

  it("concurrent 401s with the same stale token cause one refresh", async () => {
    const merchant = client();
    await merchant.root();
    api.validTokens.delete("tok-1");
    api.tokenDelayMs = 30;
    await Promise.all(Array.from({ length: 10 }, () => merchant.root()));
    expect(api.tokenRequests).toHaveLength(2);
  });

  it("a second 401 is reported, not retried again", async () => {
    const merchant = client();
    api.validTokens.add = () => api.validTokens; // issued tokens are never accepted
    const failure = await merchant.root().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MerchantProblemError);
    expect(failure).toMatchObject({ status: 401, title: "Unauthorized", oauth2Token: `${api.url}/oauth/token` });
    expect(api.tokenRequests).toHaveLength(2);
    expect(api.apiRequests).toHaveLength(2);
  });

  it("without tokenUrl, takes the token endpoint from the 401 problem (same origin only)", async () => {
    const merchant = client({ tokenUrl: undefined });
    await merchant.root();
    expect(api.apiRequests.map((r) => r.headers.authorization)).toEqual([undefined, "Bearer tok-1"]);
    expect(api.tokenRequests).toHaveLength(1);
  });

  it("does not send the client secret to a token endpoint on another origin", async () => {
    const elsewhere = await startLocalServer((_req, res) => res.end());
    try {
      api.routes.delete("GET /");
      api.server.handle((_req, res) =>
        problem(res, {
          title: "Unauthorized",
          status: 401,
          "oauth2-token": `${elsewhere.url}/oauth/token`,
          "request-id": "x",
          detail: "d",
        }),
      );
      const failure = await client({ tokenUrl: undefined })
        .root()
        .catch((error: unknown) => error);
      expect(failure).toMatchObject({ status: 401 });
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });

  // A 401 whose body was read into a clone once left the answer impossible to cancel: the call
  // stayed pending, and a script with nothing else to wait for exited 0 without a word.
  it.each([
    ["a plain-text 401", "text/plain", "Unauthorized"],
    [
      "a 401 problem that names no token endpoint",
      "application/problem+json",
      JSON.stringify({ title: "Unauthorized", status: 401, "request-id": "r-1" }),
    ],
  ])("without tokenUrl, %s is at once a MerchantAuthenticationError", async (_label, contentType, body) => {
    const noTokenEndpoint = await startLocalServer((_req, res) => {
      res.writeHead(401, { "Content-Type": contentType });
      res.end(body);
    });
    try {
      const merchant = createMerchantClient({ baseUrl: noTokenEndpoint.url, clientId: "id", clientSecret, timeoutMs: 600_000 });
      const failure = await merchant.root().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(MerchantAuthenticationError);
      expect(failure).toMatchObject({ status: 401, message: expect.stringContaining("pass tokenUrl") });
      expect(noTokenEndpoint.requests).toHaveLength(1);
    } finally {
      await noTokenEndpoint.close();
    }
  });

  // The token endpoint's errors are documented in two forms; the client reads each.
  it.each(tokenErrorForms())(
    "a refused token request answered as %s is a MerchantTokenError, and holds no secret",
    async (mediaType, body) => {
      let accept: string | undefined;
      api.server.handle((req, res) => {
        accept = req.headers.accept;
        res.writeHead(401, { "Content-Type": mediaType, "WWW-Authenticate": 'Basic realm="oauth"' });
        res.end(JSON.stringify(body));
      });
      const failure = await client()
        .root()
        .catch((error: unknown) => error);
      expect(accept).toBe(tokenMediaTypes.join(", "));
      expect(failure).toBeInstanceOf(MerchantTokenError);
      const oauth = body as { error?: string; error_description?: string; detail?: string };
      expect(failure).toMatchObject({ status: 401, error: oauth.error, errorDescription: oauth.error_description ?? oauth.detail });
      expect(
        JSON.stringify({ ...(failure as object), message: (failure as Error).message, stack: (failure as Error).stack }),
      ).not.toContain(clientSecret);
    },
  );
});

/** Three pages of applications (5 items, 2 per page) whose links the server builds. */
function serveApplicationPages() {
  const page2 = api.rebase(responseExample<S["ApplicationCollection"]>("merchant", "listApplications", "200", "secondOfThreePages"));
  const [a, b] = page2._embedded?.["ch:applications"] ?? [];
  const items = [a!, b!, { ...a!, metadata: { ...a!.metadata, state: "submitted" as const } }, { ...b! }, { ...a! }].map((item, i) => ({
    ...item,
    business_model: { ...(item.business_model as object), trading_name: `Shop ${i + 1}` },
  }));
  api.routes.set("GET /applications", (req, res) => {
    const query = new URL(req.url, api.url).searchParams;
    const perPage = Number(query.get("per_page") ?? pagination.perPageDefault);
    const page = Number(query.get("page") ?? 1);
    const last = Math.ceil(items.length / perPage);
    const link = (p: number) => ({ href: `${api.url}/applications?page=${p}&per_page=${perPage}` });
    hal(res, 200, {
      count: items.length,
      page,
      per_page: perPage,
      _links: {
        self: link(page),
        first: link(1),
        ...(page > 1 ? { prev: link(page - 1) } : {}),
        ...(page < last ? { next: link(page + 1) } : {}),
        last: link(last),
        curies: page2._links.curies,
      },
      _embedded: { "ch:applications": items.slice((page - 1) * perPage, page * perPage) },
    });
  });
  return items;
}

describe("pagination", () => {
  it("iterates every item across several pages, following next", async () => {
    const items = serveApplicationPages();
    const merchant = client();
    const root = await merchant.root();
    const names: string[] = [];
    for await (const application of merchant.items(root, "ch:applications", { query: "state:submitted", per_page: 2 })) {
      names.push(String((application.business_model as { trading_name: string }).trading_name));
    }
    expect(names).toEqual(items.map((_, i) => `Shop ${i + 1}`));
    const listRequests = api.apiRequests.filter((r) => r.url.startsWith("/applications"));
    // The first address is the expanded template; the others are the next links, verbatim.
    expect(listRequests.map((r) => r.url)).toEqual([
      "/applications?query=state%3Asubmitted&per_page=2",
      "/applications?page=2&per_page=2",
      "/applications?page=3&per_page=2",
    ]);
  });

  it("follows an opaque cursor (transactions)", async () => {
    const first = api.rebase(responseExample<S["TransactionCollection"]>("merchant", "listTransactions", "200", "firstPage"));
    const last = api.rebase(responseExample<S["TransactionCollection"]>("merchant", "listTransactions", "200", "empty"));
    api.routes.set("GET /transactions", (req, res) =>
      hal(
        res,
        200,
        req.url.includes("next=") ? { ...last, _embedded: { "ch:transactions": [first._embedded!["ch:transactions"]![0]!] } } : first,
      ),
    );
    const merchant = client();
    const ids: (string | undefined)[] = [];
    for await (const transaction of merchant.items(await merchant.root(), "ch:transactions", { per_page: 2 })) ids.push(transaction.id);
    expect(ids).toHaveLength(3);
    expect(api.apiRequests.filter((r) => r.url.startsWith("/transactions"))).toHaveLength(2);
  });

  it.each([0, pagination.perPageMaximum + 1, 2.5, "abc"])("refuses per_page %j before sending", async (perPage) => {
    const merchant = client();
    const root = await merchant.root();
    const sent = api.apiRequests.length;
    const failure = (() => {
      try {
        merchant.items(root, "ch:applications", { per_page: perPage });
        return undefined;
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(MerchantUsageError);
    expect((failure as Error).message).toContain(
      `${pagination.parameter} must be an integer from ${pagination.perPageMinimum} to ${pagination.perPageMaximum}`,
    );
    await expect(merchant.follow(root, "ch:applications", { variables: { per_page: perPage } })).rejects.toBeInstanceOf(MerchantUsageError);
    expect(api.apiRequests.length).toBe(sent);
  });

  it("accepts the bounds", async () => {
    serveApplicationPages();
    const merchant = client();
    const root = await merchant.root();
    for (const perPage of [pagination.perPageMinimum, pagination.perPageMaximum]) {
      const page = await merchant.follow(root, "ch:applications", { variables: { per_page: perPage } });
      expect(page.per_page).toBe(perPage);
    }
  });
});

describe("rate limits", () => {
  it("waits RateLimit-Reset seconds after a 429, retries, and exposes the last values", async () => {
    let calls = 0;
    api.routes.set("GET /", (_req, res) => {
      calls += 1;
      if (calls === 1) {
        problem(res, responseExample("merchant", "getRoot", "429", "quotaExhausted"), {
          [limitHeader]: "100",
          [remainingHeader]: "0",
          [resetHeader]: "3",
        });
      } else {
        hal(res, 200, api.rebase(responseExample("merchant", "getRoot", "200", "fullAccess")), {
          [limitHeader]: "100",
          [remainingHeader]: "99",
          [resetHeader]: "60",
        });
      }
    });
    const merchant = client();
    await merchant.root();
    expect(waits).toEqual([3000]);
    expect(calls).toBe(2);
    expect(merchant.rateLimit).toMatchObject({ limit: 100, remaining: 99, resetSeconds: 60 });
  });

  it("uses Retry-After when RateLimit-Reset is absent", async () => {
    let calls = 0;
    api.routes.set("GET /", (_req, res) => {
      calls += 1;
      if (calls === 1) problem(res, { title: "Too Many Requests", status: 429, "request-id": "r" }, { "Retry-After": "2" });
      else hal(res, 200, api.rebase(responseExample("merchant", "getRoot", "200", "fullAccess")));
    });
    await client().root();
    expect(waits).toEqual([2000]);
  });

  it("retries a POST on 429 (it was refused, not processed)", async () => {
    let posts = 0;
    const created = api.rebase(responseExample("merchant", "createApplication", "201", "created"));
    api.routes.set("POST /applications", (_req, res) => {
      posts += 1;
      if (posts === 1) problem(res, { title: "Too Many Requests", status: 429, "request-id": "r" }, { [resetHeader]: "1" });
      else hal(res, 201, created);
    });
    const merchant = client();
    const application = await merchant.create(await merchant.root(), "ch:applications", {
      business_model: {
        trading_name: "Acme",
        description: "Coffee",
        recurring: false,
        physical_delivery: false,
        estimate_currency: "DKK",
        estimated_monthly_turnover: 1,
        estimated_average_transaction_amount: 1,
      },
    });
    expect(application._links.self.href).toBe((created as S["Application"])._links.self.href);
    expect(posts).toBe(2);
  });

  it("is bounded: after maxRetries the 429 is reported as a problem", async () => {
    api.routes.set("GET /", (_req, res) =>
      problem(res, responseExample("merchant", "getRoot", "429", "quotaExhausted"), { [resetHeader]: "1" }),
    );
    const failure = await client({ rateLimit: { maxRetries: 2 } })
      .root()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MerchantProblemError);
    expect(failure).toMatchObject({
      status: 429,
      title: "Too Many Requests",
      requestId: "3f5b7d9e-1a3c-4e5f-b7d9-2c4e6a8b0d1f",
      rateLimit: { resetSeconds: 1 },
    });
    expect(api.apiRequests).toHaveLength(3);
    expect(waits).toEqual([1000, 1000]);
  });

  it("does not wait longer than maxWaitMs", async () => {
    api.routes.set("GET /", (_req, res) =>
      problem(res, { title: "Too Many Requests", status: 429, "request-id": "r" }, { [resetHeader]: "3600" }),
    );
    await expect(client({ rateLimit: { maxWaitMs: 10_000 } }).root()).rejects.toMatchObject({ status: 429 });
    expect(api.apiRequests).toHaveLength(1);
    expect(waits).toEqual([]);
  });
});

describe("problems", () => {
  it("parses problem+json into a typed error", async () => {
    const body = responseExample<S["ValidationProblem"]>("merchant", "createApplication", "400", "invalidCurrency");
    api.routes.set("POST /applications", (_req, res) => problem(res, body));
    const merchant = client();
    const failure = await merchant
      .create(await merchant.root(), "ch:applications", {} as S["ApplicationCreate"])
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MerchantProblemError);
    expect(failure).toMatchObject({
      title: body.title,
      status: 400,
      detail: body.detail,
      errors: { currency: ["does not follow ISO 4217"] },
      requestId: body["request-id"],
      oauth2Token: undefined,
    });
    expect((failure as Error).message).toContain("currency: does not follow ISO 4217");
  });

  it("an error answer that is not a problem is a MerchantHttpError", async () => {
    api.routes.set("GET /", (_req, res) => {
      res.writeHead(502, { "Content-Type": "text/html" });
      res.end("<html>bad gateway</html>");
    });
    const failure = await client()
      .root()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MerchantHttpError);
    expect(failure).toMatchObject({ status: 502, method: "GET" });
    expect(api.apiRequests).toHaveLength(3); // a GET is retried on 5xx
  });
});

describe("HAL navigation", () => {
  it("resolves curies: the full relation URI and another prefix find the same link", async () => {
    serveApplicationPages();
    const merchant = client();
    const root = await merchant.root();
    const curie = root._links.curies![0]!;
    const fullUri = String(curie.href).replace("{rel}", "applications");
    const byUri = (await merchant.follow(root, fullUri, { variables: { per_page: 2 } })) as S["ApplicationCollection"];
    expect(byUri.count).toBe(5);

    // The same relation under another prefix bound to the same URI template.
    const renamed = {
      _links: { self: root._links.self, "x:applications": root._links[`${curieName}:applications`], curies: [{ ...curie, name: "x" }] },
    };
    const byPrefix = await merchant.follow(renamed, `${curieName}:applications`, { variables: { per_page: 2 } });
    expect(byPrefix.count).toBe(5);
  });

  it("adds a stamp by its name in ch:stamps, and names the choices when the name is wrong", async () => {
    const application = api.rebase(responseExample<S["Application"]>("merchant", "getApplication", "200", "unsubmitted"));
    api.routes.set(`PUT ${new URL(application._links["ch:stamps"]![0]!.href).pathname}`, (_req, res) => {
      res.statusCode = 204;
      res.end();
    });
    const merchant = client();
    await merchant.addStamp(application, application._links["ch:stamps"]![0]!.name);
    expect(api.apiRequests.at(-1)).toMatchObject({ method: "PUT", url: new URL(application._links["ch:stamps"]![0]!.href).pathname });
    await expect(merchant.addStamp(application, "no-such-stamp")).rejects.toThrow(/no link named "no-such-stamp"; it has: /);
  });

  it("updates with PATCH on self and removes with DELETE on self", async () => {
    const file = api.rebase(responseExample<S["File"]>("merchant", "getFile", "200", "personFile"));
    const path = new URL(file._links.self.href).pathname;
    api.routes.set(`PATCH ${path}`, (req, res) => hal(res, 200, { ...file, ...(JSON.parse(req.body.toString()) as object) }));
    api.routes.set(`DELETE ${path}`, (_req, res) => {
      res.statusCode = 204;
      res.end();
    });
    const merchant = client();
    const updated = await merchant.update(file, { name: "renamed.png" });
    expect(updated.name).toBe("renamed.png");
    await merchant.remove(updated);
    expect(api.apiRequests.map((r) => `${r.method} ${r.url}`)).toEqual([`PATCH ${path}`, `DELETE ${path}`]);
    expect(api.apiRequests[0]!.headers["content-type"]).toBe("application/json");
  });

  it("refuses variables for an untemplated link, and a missing relation", async () => {
    const merchant = client();
    const root = await merchant.root();
    await expect(merchant.follow(root, "self", { variables: { per_page: 2 } })).rejects.toThrow(/not templated/);
    await expect(merchant.follow(root, "ch:nothing")).rejects.toThrow(/has no "ch:nothing" link/);
  });

  it("never sends the bearer token to another origin", async () => {
    const elsewhere = await startLocalServer((_req, res) => res.end("{}"));
    try {
      const merchant = client();
      const resource = { _links: { self: { href: `${elsewhere.url}/x` } } };
      await expect(merchant.follow(resource, "self")).rejects.toBeInstanceOf(MerchantUsageError);
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });
});

describe("files", () => {
  let storage: LocalServer;
  beforeEach(async () => {
    storage = await startLocalServer((_req, res) => {
      res.writeHead(200, { ETag: '"abc"' });
      res.end();
    });
  });
  afterEach(async () => storage.close());

  it("creates the metadata, then PUTs the bytes to the upload link with the file's type and no Authorization", async () => {
    const person = api.rebase(responseExample<S["Person"]>("merchant", "getPerson", "200", "director"));
    const created = api.rebase(responseExample<S["File"]>("merchant", "createPersonFile", "201", "created"));
    const upload = created._links["ch:data"].find((l) => l.name === "upload")!;
    const uploadPath = new URL(upload.href).pathname + new URL(upload.href).search;
    upload.href = `${storage.url}${uploadPath}`; // the storage host is another origin
    api.routes.set(`POST ${new URL(person._links["ch:files"]!.href.replace(/\{.*$/, "")).pathname}`, (_req, res) => hal(res, 201, created));
    const content = new TextEncoder().encode("%PDF-1.7 test bytes");

    const file = await client().uploadFile(
      person,
      { label: created.label, name: created.name, content_type: created.content_type },
      content,
    );
    expect(file.name).toBe(created.name);

    const metadata = JSON.parse(api.apiRequests.at(-1)!.body.toString()) as S["FileCreate"];
    expect(metadata).toMatchObject({ label: created.label, content_type: created.content_type, size: content.byteLength });
    expect(api.apiRequests.at(-1)!.headers.authorization).toBe("Bearer tok-1");

    expect(storage.requests).toHaveLength(1);
    const put = storage.requests[0]!;
    expect(put.method).toBe("PUT");
    expect(put.url).toBe(uploadPath);
    expect(put.headers.authorization).toBeUndefined();
    expect(put.headers["content-type"]).toBe(created.content_type);
    expect(Buffer.compare(put.body, Buffer.from(content))).toBe(0);
  });

  it("refuses a size that does not match the content, before sending", async () => {
    const person = api.rebase(responseExample<S["Person"]>("merchant", "getPerson", "200", "director"));
    await expect(client().uploadFile(person, { label: "x", content_type: "application/pdf", size: 3 }, "four")).rejects.toThrow(
      /size is 3 but the content has 4 bytes/,
    );
    expect(api.apiRequests).toHaveLength(0);
  });

  it("downloads with the bearer token", async () => {
    const file = api.rebase(responseExample<S["File"]>("merchant", "getFile", "200", "personFile"));
    const download = file._links["ch:data"].find((l) => l.name === "download")!;
    api.routes.set(`GET ${new URL(download.href).pathname}`, (_req, res) => {
      res.writeHead(200, { "Content-Type": "application/pdf" });
      res.end("%PDF");
    });
    const { contentType, bytes } = await client().downloadFile(file);
    expect(contentType).toBe("application/pdf");
    expect(new TextDecoder().decode(bytes)).toBe("%PDF");
    expect(api.apiRequests.at(-1)!.headers.authorization).toBe("Bearer tok-1");
  });

  it("an upload refused by the storage host is a MerchantHttpError without the signed query", async () => {
    storage.handle((_req, res) => {
      res.writeHead(403, { "Content-Type": "application/xml" });
      res.end("<Error><Code>SignatureDoesNotMatch</Code></Error>");
    });
    const person = api.rebase(responseExample<S["Person"]>("merchant", "getPerson", "200", "director"));
    const created = api.rebase(responseExample<S["File"]>("merchant", "createPersonFile", "201", "created"));
    const upload = created._links["ch:data"].find((l) => l.name === "upload")!;
    upload.href = `${storage.url}/object?X-Amz-Signature=secret`;
    api.routes.set(`POST ${new URL(person._links["ch:files"]!.href.replace(/\{.*$/, "")).pathname}`, (_req, res) => hal(res, 201, created));
    const failure = await client()
      .uploadFile(person, { label: created.label, content_type: created.content_type }, "bytes")
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MerchantHttpError);
    expect(failure).toMatchObject({ status: 403, method: "PUT" });
    expect((failure as Error).message).not.toContain("X-Amz-Signature");
  });
});

describe("request", () => {
  const application = () => api.rebase(responseExample<S["Application"]>("merchant", "getApplication", "200", "unsubmitted"));
  const pathOf = (href: string) => new URL(href.replace(/\{.*$/, "")).pathname;
  const noContent: Parameters<typeof api.routes.set>[1] = (_req, res) => {
    res.statusCode = 204;
    res.end();
  };

  it("sends the bearer token, a JSON body and extra headers, and returns status, headers and the parsed body", async () => {
    const app = application();
    const created = api.rebase(responseExample("merchant", "createComment", "201", "fieldComment"));
    api.routes.set(`POST ${pathOf(app._links["ch:comments"].href)}`, (_req, res) => hal(res, 201, created, { Location: "/comments/1" }));
    const response = await client().request("POST", app, "ch:comments", {
      body: { body: "Please add the bank statement." },
      headers: { Prefer: "return=representation", authorization: "Basic c3RvbGVu" },
    });
    expect(response).toMatchObject({ status: 201, body: created });
    expect(response.headers.get("location")).toBe("/comments/1");
    const sent = api.apiRequests.at(-1)!;
    expect(sent).toMatchObject({ method: "POST", url: pathOf(app._links["ch:comments"].href) });
    expect(sent.headers).toMatchObject({
      authorization: "Bearer tok-1",
      "content-type": "application/json",
      prefer: "return=representation",
    });
    expect(JSON.parse(sent.body.toString())).toEqual({ body: "Please add the bank statement." });
  });

  it("expands templated links with variables, picks named links, and takes a link object", async () => {
    const app = application();
    api.routes.set(`GET ${pathOf(app._links["ch:people"]!.href)}`, (_req, res) => hal(res, 200, { _links: { self: { href: "x" } } }));
    api.routes.set(`PUT ${pathOf(app._links["ch:stamps"]![1]!.href)}`, noContent);
    api.routes.set("GET /search", (_req, res) => hal(res, 200, {}));
    const merchant = client();
    await merchant.request("GET", app, "ch:people", { variables: { per_page: 5 } });
    const stamped = await merchant.request("PUT", app, "ch:stamps", { name: "archived" });
    await merchant.request("GET", { href: `${api.url}/search{?q}`, templated: true }, { variables: { q: "a b" } });
    expect(api.apiRequests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET ${pathOf(app._links["ch:people"]!.href)}?per_page=5`,
      `PUT ${pathOf(app._links["ch:stamps"]![1]!.href)}`,
      "GET /search?q=a%20b",
    ]);
    expect(stamped).toMatchObject({ status: 204, body: undefined });
    await expect(merchant.request("PUT", app, "ch:stamps")).rejects.toThrow(/holds 2 links \(submitted, archived\); pick one by name/);
  });

  it("parses a problem into a MerchantProblemError", async () => {
    const app = application();
    const body = responseExample<S["ValidationProblem"]>("merchant", "createApplication", "400", "invalidCurrency");
    api.routes.set(`PATCH ${pathOf(app._links.self.href)}`, (_req, res) =>
      problem(res, body, { [limitHeader]: "10", [remainingHeader]: "9", [resetHeader]: "5" }),
    );
    const failure = await client()
      .request("PATCH", app, "self", { body: { currency: "XXX" } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MerchantProblemError);
    expect(failure).toMatchObject({ status: 400, errors: { currency: ["does not follow ISO 4217"] }, rateLimit: { remaining: 9 } });
    expect(api.apiRequests).toHaveLength(1); // a 400 is not retried
  });

  it.each(["PUT", "DELETE", "OPTIONS"] as const)("retries a %s after 429 and records the RateLimit values", async (method) => {
    const app = application();
    let calls = 0;
    api.routes.set(`${method} ${pathOf(app._links["ch:stamps"]![1]!.href)}`, (_req, res) => {
      calls += 1;
      if (calls === 1)
        problem(res, { title: "Too Many Requests", status: 429, "request-id": "r" }, { [resetHeader]: "2", [remainingHeader]: "0" });
      else {
        res.writeHead(204, { [limitHeader]: "10", [remainingHeader]: "9", [resetHeader]: "60" });
        res.end();
      }
    });
    const merchant = client();
    expect((await merchant.request(method, app, "ch:stamps", { name: "archived" })).status).toBe(204);
    expect(calls).toBe(2);
    expect(waits).toEqual([2000]);
    expect(merchant.rateLimit).toMatchObject({ limit: 10, remaining: 9, resetSeconds: 60 });
  });

  it("does not re-send an unsafe method after a network error, but does a safe one", async () => {
    const app = application();
    for (const method of ["POST", "OPTIONS"])
      api.routes.set(`${method} ${pathOf(app._links["ch:comments"].href)}`, (_req, res) => void res.socket?.destroy());
    const merchant = client();
    const failure = await merchant.request("POST", app, "ch:comments", { body: { body: "hi" } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ClientNetworkError);
    expect(failure).toMatchObject({ requestMayHaveBeenSent: true, attempts: 1 });
    expect(api.apiRequests.filter((r) => r.method === "POST")).toHaveLength(1);
    await expect(merchant.allowed(app, "ch:comments")).rejects.toBeInstanceOf(ClientNetworkError);
    expect(api.apiRequests.filter((r) => r.method === "OPTIONS")).toHaveLength(3);
  });

  it("allowed() returns the Allow header as a list", async () => {
    const app = application();
    api.routes.set(`OPTIONS ${pathOf(app._links.self.href)}`, (_req, res) => {
      res.writeHead(204, { Allow: "GET, PATCH,OPTIONS" });
      res.end();
    });
    expect(await client().allowed(app, "self")).toEqual(["GET", "PATCH", "OPTIONS"]);
    expect(await client().allowed({ href: app._links.self.href })).toEqual(["GET", "PATCH", "OPTIONS"]);
    expect(api.apiRequests.map((r) => r.headers.authorization)).toEqual(["Bearer tok-1", "Bearer tok-2"]);
  });

  it("never sends the bearer token to a link on another origin", async () => {
    const elsewhere = await startLocalServer((_req, res) => res.end());
    try {
      await expect(client().request("GET", { href: `${elsewhere.url}/x` })).rejects.toBeInstanceOf(MerchantUsageError);
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });
});

describe("uploadContent", () => {
  let storage: LocalServer;
  beforeEach(async () => {
    storage = await startLocalServer((_req, res) => res.end());
  });
  afterEach(async () => storage.close());

  function fileOnStorage(href = `${storage.url}/bucket/object?X-Amz-Signature=secret`) {
    const file = api.rebase(responseExample<S["File"]>("merchant", "getFile", "200", "personFile"));
    file._links["ch:data"].find((l) => l.name === "upload")!.href = href;
    return file;
  }

  it("PUTs the bytes of an existing file to its upload link, with its Content-Type and no Authorization", async () => {
    const file = fileOnStorage();
    await client().uploadContent(file, "%PDF-1.7 bytes");
    expect(storage.requests).toHaveLength(1);
    const put = storage.requests[0]!;
    expect(put).toMatchObject({ method: "PUT", url: "/bucket/object?X-Amz-Signature=secret" });
    expect(put.headers.authorization).toBeUndefined();
    expect(put.headers["content-type"]).toBe(file.content_type);
    expect(put.body.toString()).toBe("%PDF-1.7 bytes");
    expect(api.apiRequests).toHaveLength(0);
    expect(api.tokenRequests).toHaveLength(0);
  });

  it("a refusal is a MerchantHttpError without the signed query", async () => {
    storage.handle((_req, res) => {
      res.writeHead(403, { "Content-Type": "application/xml" });
      res.end("<Error><Code>RequestTimeTooSkewed</Code></Error>");
    });
    const failure = await client()
      .uploadContent(fileOnStorage(), new Uint8Array([1, 2, 3]))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MerchantHttpError);
    expect(failure).toMatchObject({ status: 403, method: "PUT" });
    expect((failure as Error).message).not.toContain("X-Amz-Signature");
  });
});

/** Each documented media type of the token endpoint's 401, with its `wrongSecret` example. */
function tokenErrorForms(): Array<[string, unknown]> {
  const forms = listOperationExamples(loadBundledSpec("merchant")).filter(
    (e) => e.kind === "response" && e.operationId === "createToken" && e.status === "401" && e.name === "wrongSecret",
  );
  expect(forms.length).toBeGreaterThanOrEqual(2);
  return forms.map((e) => [e.mediaType!, e.value]);
}

describe("per-attempt timer", () => {
  it("stops once the client has read each answer (token and API)", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const signals: AbortSignal[] = [];
      const root = responseExample("merchant", "getRoot", "200", "fullAccess");
      const token = responseExample("merchant", "createToken", "200", "issued");
      const merchant = createMerchantClient({
        baseUrl: "https://merchant.invalid",
        clientId,
        clientSecret,
        tokenUrl: "https://merchant.invalid/oauth/token",
        timeoutMs: 1000,
        fetch: async (_url, init) => {
          signals.push(init.signal!);
          const body = init.method === "POST" ? token : root;
          return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": tokenMediaTypes[0] } });
        },
      });
      await merchant.root();
      vi.advanceTimersByTime(1001);
      expect(signals).toHaveLength(2);
      expect(signals.map((s) => s.aborted)).toEqual([false, false]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("relation types, derived from the generated relation map", () => {
  it("type follow, items and create by the answers and bodies of the operations a relation reaches", () => {
    expectTypeOf<RelationTargets["ch:root"]>().toEqualTypeOf<S["Root"]>();
    expectTypeOf<RelationTargets["ch:applications"]>().toEqualTypeOf<S["ApplicationCollection"]>();
    expectTypeOf<RelationTargets["ch:application"]>().toEqualTypeOf<S["Application"]>();
    expectTypeOf<RelationTargets["ch:contracts"]>().toEqualTypeOf<S["ContractCollection"]>();
    expectTypeOf<RelationTargets["ch:files"]>().toEqualTypeOf<S["FileCollection"]>();
    expectTypeOf<CreateTargets["ch:people"]>().toEqualTypeOf<{ body: S["PersonCreate"]; created: S["Person"] }>();
    expectTypeOf<CreateTargets["ch:files"]["body"]>().toEqualTypeOf<S["FileCreate"] | S["DisputeFileCreate"]>();
    expectTypeOf<keyof CreateTargets>().toEqualTypeOf<"ch:applications" | "ch:comments" | "ch:files" | "ch:people">();
    // ch:data answers bytes, not JSON: no resource type.
    expectTypeOf<"ch:data" extends keyof RelationTargets ? true : false>().toEqualTypeOf<false>();
  });

  it("maps every relation to operations of the spec, under the method they have there", () => {
    const doc = loadBundledSpec("merchant");
    const methodOf = new Map<string, string>();
    for (const item of Object.values(doc.paths) as Record<string, { operationId?: string }>[]) {
      for (const [method, operation] of Object.entries(item)) if (operation?.operationId) methodOf.set(operation.operationId, method);
    }
    const entries = Object.entries(relations as Record<string, Record<string, readonly string[]>>);
    expect(entries.length).toBeGreaterThan(0);
    for (const [rel, byMethod] of entries) {
      expect(rel.startsWith(`${curieName}:`)).toBe(true);
      for (const [method, ids] of Object.entries(byMethod)) for (const id of ids) expect(methodOf.get(id), `${rel} ${id}`).toBe(method);
    }
    // A collection answer embeds its items under the relation that leads to it.
    const listApplications = (doc.paths["/applications"] as { get: { operationId: string } }).get.operationId;
    expect(relations["ch:applications"].get).toContain(listApplications);
  });
});
