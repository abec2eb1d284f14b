/**
 * Every refusal of every listener (gateway, merchant API, storage host, control API) is in the
 * exchange record with its reason in words a client can act on: refusals before routing (a bad
 * target, a foreign Host, a request Node's parser rejects, such as a lower-case method), the
 * storage host's screen of upload links, bodyless 401 and 404 answers, and malformed
 * `Authorization` headers of both APIs. Nothing secret is in a reason.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Exchange } from "../src/testkit/sandbox/control/exchanges";
import type { RunningSandbox } from "../src/testkit/sandbox/server";
import { rawHttp as raw } from "./support/raw-http";
import { basic, expand, GatewayClient, keys, listenerPorts, MerchantClient, startTestSandbox, validApplication } from "./support/sandbox";

let sandbox: RunningSandbox;
let api: MerchantClient;
let portOf: { gateway: number; merchant: number; storage: number };

beforeAll(async () => {
  sandbox = await startTestSandbox();
  api = new MerchantClient(sandbox.merchantUrl);
  await api.login();
  portOf = listenerPorts(sandbox);
});
afterAll(async () => {
  expect(sandbox.violations.entries, "responses that broke the spec").toEqual([]);
  await sandbox?.stop();
});

/** The id of the newest exchange recorded so far (0 when none). */
function newestId(): number {
  return sandbox.exchanges.list({ limit: 100_000 }).items.at(-1)?.id ?? 0;
}

/** The one exchange recorded after `since`, read as the control API answers it. */
async function recordedAfter(since: number): Promise<Exchange> {
  const page = (await (await fetch(`${sandbox.gatewayUrl}/_sandbox/exchanges?since=${since}`)).json()) as { items: Exchange[] };
  expect(page.items, "exchanges recorded").toHaveLength(1);
  return page.items[0]!;
}

describe("refusals before routing are recorded with their reason", () => {
  it.each(["gateway", "merchant", "storage"] as const)(
    "a lower-case method on the %s listener is answered and recorded saying methods are upper case",
    async (api) => {
      const since = newestId();
      const answer = await raw(
        portOf[api],
        `get /account HTTP/1.1\r\nHost: 127.0.0.1:${portOf[api]}\r\nAuthorization: Basic c2VjcmV0LWtleTo=\r\n\r\n`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toContain("HTTP methods are case-sensitive: send GET, not get");
      const recorded = await recordedAfter(since);
      expect(recorded).toMatchObject({ api, method: "get", path: "/account", status: 400 });
      expect(recorded.reason).toContain("case-sensitive");
      // The credential is masked in the record like any other.
      expect(JSON.stringify(recorded)).not.toContain("c2VjcmV0LWtleTo=");
    },
  );

  it("a method that is not HTTP's is refused naming the methods", async () => {
    const since = newestId();
    const answer = await raw(portOf.merchant, `FETCH / HTTP/1.1\r\nHost: 127.0.0.1:${portOf.merchant}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect((await recordedAfter(since)).reason).toMatch(/^FETCH is not an HTTP method: send one of GET, HEAD, POST/);
  });

  it("broken framing is recorded with what was broken", async () => {
    const since = newestId();
    await raw(portOf.gateway, `POST /authorizations HTTP/1.1\r\nHost: 127.0.0.1:${portOf.gateway}\r\nContent-Length: nope\r\n\r\n`);
    expect(await recordedAfter(since)).toMatchObject({
      method: "POST",
      path: "/authorizations",
      status: 400,
      reason: expect.stringContaining("Content-Length must be"),
    });
  });

  it("a request target that is not a plain path, and a foreign Host, are recorded", async () => {
    let since = newestId();
    await raw(portOf.gateway, `GET //account HTTP/1.1\r\nHost: 127.0.0.1:${portOf.gateway}\r\nConnection: close\r\n\r\n`);
    expect(await recordedAfter(since)).toMatchObject({
      api: "gateway",
      path: "//account",
      status: 400,
      reason: expect.stringContaining("request target"),
    });
    since = newestId();
    await raw(portOf.merchant, `GET / HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`);
    expect(await recordedAfter(since)).toMatchObject({ api: "merchant", status: 400, reason: expect.stringContaining("Host must name") });
  });

  it("the control API's refusals are recorded as the control API's", async () => {
    const since = newestId();
    const answer = await fetch(`${sandbox.gatewayUrl}/_sandbox/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ operation: "noSuchOperation", action: { status: 503 } }),
    });
    expect(answer.status).toBe(400);
    const recorded = await recordedAfter(since);
    expect(recorded).toMatchObject({ api: "control", method: "POST", path: "/_sandbox/faults", status: 400 });
    expect(recorded.reason).toContain("noSuchOperation");
  });
});

describe("the storage host's refusals", () => {
  it("a Bearer token sent to a pre-signed upload link is refused with 403, recorded, and explained", async () => {
    const root = await api.call("GET", "/");
    const application = await api.call("POST", expand(root.body._links["ch:applications"]), validApplication);
    const created = await api.call("POST", expand(application.body._links["ch:files"]), {
      label: "bank_statement",
      name: "statement.pdf",
      content_type: "application/pdf",
      size: 4,
    });
    expect(created.status, created.text).toBe(201);
    const upload = (created.body._links["ch:data"] as Array<{ name: string; href: string }>).find((l) => l.name === "upload")!.href;
    const since = newestId();
    const put = await fetch(upload, {
      method: "PUT",
      headers: { "content-type": "application/pdf", authorization: `Bearer ${api.token}` },
      body: "%PDF",
    });
    expect(put.status).toBe(403);
    const recorded = await recordedAfter(since);
    expect(recorded).toMatchObject({ api: "storage", method: "PUT", status: 403 });
    expect(recorded.reason).toMatch(/^AccessDenied: .*Authorization/);
    expect(JSON.stringify(recorded)).not.toContain(api.token);
    const detail = (await (await fetch(`${sandbox.gatewayUrl}/_sandbox/exchanges/${recorded.id}`)).json()) as {
      refusal: { messages: string[] };
    };
    expect(detail.refusal.messages[0]).toBe(recorded.reason);
  });
});

describe("answers without a body say why in the record", () => {
  it.each([
    ["no Authorization header", undefined, "The request has no Authorization header"],
    ["a raw key without a scheme", keys.merchantKey, "has no scheme"],
    ["Bearer where Basic is taken", `Bearer ${keys.merchantKey}`, "uses the Bearer scheme, where this endpoint takes Basic"],
    ["the scheme alone", "Basic", "carries no credentials"],
    ["credentials that are not base64", "Basic not*base64!", "not base64"],
    ["an unknown key", basic("00000000-0000-4000-8000-000000000000"), "is not a key of this sandbox"],
  ])("the gateway's 401 for %s", async (_case, authorization, reason) => {
    const since = newestId();
    const answer = await fetch(`${sandbox.gatewayUrl}/account`, { headers: authorization === undefined ? {} : { authorization } });
    expect(answer.status).toBe(401);
    const recorded = await recordedAfter(since);
    expect(recorded.reason).toContain(reason);
    expect(JSON.stringify(recorded)).not.toContain(keys.merchantKey);
  });

  it("the gateway's 404 for an unknown path", async () => {
    const since = newestId();
    expect((await new GatewayClient(sandbox.gatewayUrl).send("GET", "/acount")).status).toBe(404);
    expect((await recordedAfter(since)).reason).toBe("No operation of the gateway has this path.");
  });
});

describe("the merchant API names what is wrong with an Authorization header", () => {
  it.each([
    [
      "a raw token without the Bearer scheme",
      () => api.token,
      'has no scheme (it holds only credentials): send "Authorization: Bearer <access token>"',
    ],
    ["Basic where Bearer is taken", () => basic("client"), "uses the Basic scheme, where this endpoint takes Bearer"],
    ["Bearer alone", () => "Bearer", "names the Bearer scheme but carries no credentials"],
    ["a token of two words", () => `Bearer ${api.token} extra`, "must be one word"],
  ])("%s", async (_case, header, detail) => {
    const since = newestId();
    const answer = await api.raw("GET", `${sandbox.merchantUrl}/`, { headers: { authorization: header() } });
    expect(answer.status).toBe(401);
    expect(answer.body.detail).toContain(detail);
    expect((await recordedAfter(since)).reason).toContain(detail);
  });

  it("the token endpoint names a Bearer header sent where Basic client credentials are taken", async () => {
    const answer = await api.raw("POST", `${sandbox.merchantUrl}/oauth/token`, {
      headers: { authorization: `Bearer ${api.token}`, "content-type": "application/x-www-form-urlencoded" },
      body: `grant_type=client_credentials&audience=${encodeURIComponent(sandbox.merchantUrl)}`,
    });
    expect(answer.status).toBe(401);
    expect(answer.body.error_description).toContain("uses the Bearer scheme, where this endpoint takes Basic");
  });
});

describe("an answer without a body carries no media type", () => {
  it.each([
    ["an unknown path", "GET", "/acount", true],
    ["a method of no operation", "DELETE", "/account", true],
    ["a missing API key", "GET", "/account", false],
  ])("the gateway's answer to %s", async (_case, method, path, authenticated) => {
    const answer = await fetch(`${sandbox.gatewayUrl}${path}`, {
      method,
      headers: authenticated ? { authorization: basic(keys.merchantKey) } : {},
    });
    expect([401, 404]).toContain(answer.status);
    expect(await answer.text()).toBe("");
    // Clients that read JSON whenever the Content-Type names JSON fail on an empty body labelled as JSON.
    expect(answer.headers.get("content-type")).toBeNull();
  });

  it("the gateway's answer to a dot segment, refused before routing", async () => {
    const answer = await raw(
      portOf.gateway,
      `GET /authorizations/%2e%2e/account HTTP/1.1\r\nHost: 127.0.0.1:${portOf.gateway}\r\nConnection: close\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    expect(answer).toMatch(/content-length: 0\r\n/i);
    expect(answer).not.toMatch(/content-type:/i);
  });
});
