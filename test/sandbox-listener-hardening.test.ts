/**
 * What every listener of the sandbox refuses before routing, as a class: request targets that
 * are not a plain path (`//host/...`, dot segments, encoded or not), a foreign Host (DNS
 * rebinding) or Origin (a web page), requests Node's parser rejects or that arrive too slowly,
 * and test-clock steps that would break every date. Each gets the API's own error answer, the
 * process keeps serving, and state is untouched.
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_MESSAGE_LENGTH } from "../src/testkit/sandbox/cross-api/masking";
import { MAX_ADVANCE_SECONDS, MAX_OFFSET_SECONDS } from "../src/testkit/sandbox/cross-api/clock";
import { GatewayResponses } from "../src/testkit/sandbox/gateway/responses";
import { startSandbox, type RunningSandbox } from "../src/testkit/sandbox/server";
import { defaultConfig } from "../src/testkit/sandbox/configuration/config";
import { rawHttp as raw } from "./support/raw-http";
import {
  basic,
  expand,
  GatewayClient,
  keys,
  listenerPorts,
  MerchantClient,
  sandboxLog,
  startTestSandbox,
  validApplication,
} from "./support/sandbox";

let sandbox: RunningSandbox;
let gw: GatewayClient;
let api: MerchantClient;
let portOf: { gateway: number; merchant: number; storage: number };

beforeAll(async () => {
  sandbox = await startTestSandbox();
  gw = new GatewayClient(sandbox.gatewayUrl);
  api = new MerchantClient(sandbox.merchantUrl);
  await api.login();
  portOf = listenerPorts(sandbox);
});
afterAll(async () => {
  expect(sandbox.violations.entries, "responses that broke the spec").toEqual([]);
  await sandbox?.stop();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** node:http, which (unlike fetch) sends the Host and Origin headers it is given, and any target. */
function send(port: number, options: { method?: string; path: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request(
      { host: "127.0.0.1", port, method: options.method ?? "GET", path: options.path, headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    req.on("error", fail);
    req.end(options.body);
  });
}

const gatewayAuth = () => ({ authorization: basic(keys.merchantKey) });

describe("request targets that are not a plain path", () => {
  it.each(["//account", "//127.0.0.1/account"])("GET %s is refused with the gateway's 400", async (target) => {
    const answer = await send(portOf.gateway, { path: target, headers: gatewayAuth() });
    expect(answer.status).toBe(400);
    expect(answer.headers["content-type"]).toBe(sandbox.gateway.contentType);
    expect(JSON.parse(answer.body)).toMatchObject({ status: { code: 40000, message: expect.stringContaining("request target") } });
  });

  it("a valid, signed authorization sent to //x/authorizations is refused, not approved", async () => {
    const answer = await gw.post("//x/authorizations", {
      amount: 100,
      currency: "EUR",
      card: { pan: "4111111111111111", expire_month: "06", expire_year: "2035", csc: "987" },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.status?.message).toContain("request target");
    expect(answer.body.id).toBeUndefined();
  });

  it.each(["/files/%2e%2e", "/files/..", "/applications/%2E%2e/", "/%2e", "/applications/.%2e/applications"])(
    "%s is not the root: 404 problem",
    async (target) => {
      const answer = await send(portOf.merchant, { path: target, headers: { authorization: `Bearer ${api.token}` } });
      expect(answer.status).toBe(404);
      expect(answer.headers["content-type"]).toMatch(/^application\/problem\+json/);
      expect(JSON.parse(answer.body)).toMatchObject({ status: 404, "request-id": expect.any(String) });
    },
  );

  // WHATWG URL parsing reads a backslash as a slash: /x\..\account would be /account.
  it.each(["/x\\..\\account", "/\\account", "/account\\"])("%s is refused on every listener, before any handler", async (target) => {
    for (const [name, port] of Object.entries(portOf)) {
      const answer = await raw(
        port,
        `GET ${target} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nauthorization: ${gatewayAuth().authorization}\r\nconnection: close\r\n\r\n`,
      );
      expect(answer, `${name} ${target}`).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer, name).toContain("backslash");
    }
  });

  it.each(["/x%5c..%5caccount", "/x/%2e%2e%5caccount", "/x%5C%2E%2E/account", "/x%5c."])(
    "%s is a dot segment on every listener: 404, before any handler",
    async (target) => {
      for (const [name, port] of Object.entries(portOf)) {
        const answer = await raw(
          port,
          `GET ${target} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nauthorization: ${gatewayAuth().authorization}\r\nconnection: close\r\n\r\n`,
        );
        expect(answer, `${name} ${target}`).toMatch(/^HTTP\/1\.1 404 /);
      }
    },
  );

  it("a dot inside a segment is an ordinary character (not a dot segment)", async () => {
    const answer = await send(portOf.merchant, { path: "/applications/a..b", headers: { authorization: `Bearer ${api.token}` } });
    expect(answer.status).toBe(404); // an unknown application, answered by the API itself
    expect(JSON.parse(answer.body)).toMatchObject({ title: "Not Found" });
  });
});

describe("Host and Origin", () => {
  it.each(["evil.example", "evil.example:PORT", "127.0.0.1:1", "localhost.evil.example:PORT", "127.0.0.2:PORT"])(
    "Host %s is refused on every listener",
    async (hostTemplate) => {
      for (const [name, port] of Object.entries(portOf)) {
        const host = hostTemplate.replace("PORT", String(port));
        const answer = await send(port, { path: "/account", headers: { host, ...gatewayAuth() } });
        expect(answer.status, `${name} with Host ${host}`).toBe(400);
        expect(answer.body, name).toContain("Host must name this loopback listener");
      }
    },
  );

  it.each(["127.0.0.1:PORT", "localhost:PORT", "LOCALHOST:PORT", "[::1]:PORT", "127.0.0.1"])("Host %s is served", async (hostTemplate) => {
    const answer = await send(portOf.gateway, {
      path: "/account",
      headers: { host: hostTemplate.replace("PORT", String(portOf.gateway)), ...gatewayAuth() },
    });
    expect(answer.status).toBe(200);
  });

  it.each(["https://evil.example", "null", "http://127.0.0.1.evil.example:8080", "file://"])(
    "Origin %s is refused (a web page driving the sandbox)",
    async (origin) => {
      const clock = await send(portOf.gateway, {
        method: "POST",
        path: "/_sandbox/clock",
        headers: { origin, "content-type": "application/json" },
        body: '{"advance_seconds": 1}',
      });
      expect(clock.status).toBe(400);
      const merchant = await send(portOf.merchant, { path: "/", headers: { origin, authorization: `Bearer ${api.token}` } });
      expect(merchant.status).toBe(400);
      expect(merchant.headers["content-type"]).toMatch(/^application\/problem\+json/);
    },
  );

  it("a loopback Origin (a local dev page) is served", async () => {
    const answer = await send(portOf.merchant, {
      path: "/",
      headers: { origin: "http://localhost:3000", authorization: `Bearer ${api.token}` },
    });
    expect(answer.status).toBe(200);
  });

  it("every answer tells browsers not to sniff its type", async () => {
    const answer = await send(portOf.gateway, { path: "/account", headers: gatewayAuth() });
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("the test clock's bounds", () => {
  const post = (body: string, contentType = "application/json") =>
    send(portOf.gateway, { method: "POST", path: "/_sandbox/clock", headers: { "content-type": contentType }, body });

  it.each(["1e300", "-1", "Infinity", `${MAX_ADVANCE_SECONDS + 1}`, '"10"', "null", "[]"])(
    "advance_seconds %s is refused with 400, and the sandbox keeps working",
    async (value) => {
      const offsetBefore = sandbox.clock.offsetSeconds();
      const answer = await post(`{"advance_seconds": ${value}}`);
      expect(answer.status).toBe(400);
      expect(sandbox.clock.offsetSeconds()).toBe(offsetBefore);
      const authorization = await gw.authorize();
      expect(authorization.status).toBe(201);
    },
  );

  it("a body that is not application/json (a browser's simple request) is refused with 415", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      expect((await post('{"advance_seconds": 1}', type)).status, type).toBe(415);
    }
  });

  it("the clock runs at most a hundred years ahead; tokens and dates stay valid", async () => {
    const timed = await startTestSandbox();
    try {
      const step = (seconds: number) =>
        fetch(`${timed.gatewayUrl}/_sandbox/clock`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ advance_seconds: seconds }),
        });
      let accepted = 0;
      for (let i = 0; i < 12; i++) if ((await step(MAX_ADVANCE_SECONDS)).status === 200) accepted += 1;
      expect(accepted).toBe(Math.floor(MAX_OFFSET_SECONDS / MAX_ADVANCE_SECONDS));
      const refused = await step(MAX_ADVANCE_SECONDS);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("a hundred years");
      // Dates near the bound are still valid: a token is issued and works, an authorization is approved.
      const merchant = new MerchantClient(timed.merchantUrl);
      await merchant.login();
      expect((await merchant.call("GET", "/")).status).toBe(200);
      // The test card has expired a century ago by then: a documented decline, not an error.
      const authorization = await new GatewayClient(timed.gatewayUrl).authorize();
      expect(authorization.status).toBe(400);
      expect(authorization.body.status?.code).toBeGreaterThan(40000);
      expect(authorization.body.processed_at).toMatch(/^21\d\d-/);
      expect(timed.violations.entries).toEqual([]);
    } finally {
      await timed.stop();
    }
  });
});

describe("requests Node's parser rejects, and slow requests", () => {
  it("oversized headers get 431 in the API's media type", async () => {
    const answer = await raw(portOf.merchant, `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Junk: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toMatch(/content-type: application\/problem\+json/i);
  });

  it("broken framing gets 400 in the API's media type", async () => {
    const answer = await raw(portOf.gateway, "POST /authorizations HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: nope\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer.toLowerCase()).toContain(`content-type: ${sandbox.gateway.contentType.toLowerCase()}`);
    expect(answer).toContain('"code":40000');
  });

  it("a request that does not arrive in time gets 408 and its connection closes", async () => {
    const slow = await startSandbox({
      config: defaultConfig(),
      log: (line) => sandboxLog.push(line),
      timeouts: { headersMs: 300, requestMs: 600, checkIntervalMs: 100 },
    });
    try {
      const answer = await raw(Number(new URL(slow.merchantUrl).port), "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n", { keepOpen: true });
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toMatch(/content-type: application\/problem\+json/i);
      expect((await fetch(`${slow.gatewayUrl}/account`, { headers: gatewayAuth() })).status).toBe(200);
    } finally {
      await slow.stop();
    }
  });
});

describe("the storage host and uploaded files", () => {
  it("refuses a PUT without a valid upload link before reading its body", async () => {
    // 10 MB announced, 1 KB sent: an answer now proves the body was never waited for.
    const head = `PUT /uploads/not-a-link?X-Sandbox-Signature=00 HTTP/1.1\r\nHost: 127.0.0.1:${portOf.storage}\r\nContent-Type: application/pdf\r\nContent-Length: 10000000\r\n\r\n`;
    const answer = await raw(portOf.storage, head + "x".repeat(1024), { keepOpen: true });
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
    expect(answer).toContain("<Error>");
  });

  it("serves an uploaded text/html file as a download that no browser renders", async () => {
    const root = await api.call("GET", "/");
    const application = await api.call("POST", expand(root.body._links["ch:applications"]), validApplication);
    const created = await api.call("POST", expand(application.body._links["ch:files"]), {
      label: "bank_statement",
      name: "page.html",
      content_type: "text/html",
      size: 30,
    });
    expect(created.status, created.text).toBe(201);
    const links = created.body._links["ch:data"] as Array<{ name: string; href: string }>;
    const put = await fetch(links.find((l) => l.name === "upload")!.href, {
      method: "PUT",
      headers: { "content-type": "text/html" },
      body: "<script>alert(1)</script>",
    });
    expect(put.status).toBe(200);
    const download = await api.raw("GET", links.find((l) => l.name === "download")!.href, {
      headers: { authorization: `Bearer ${api.token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="page\.html"/);
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("gateway status messages", () => {
  it("never echo a card number, and are bounded in length", () => {
    const responses = new GatewayResponses();
    const declined = responses.transaction({
      approved: false,
      body: { status: { code: 40000, message: `parameter 'card[4111 1111 1111 1111]' ${"x".repeat(5000)}` } },
    });
    const message = (declined.body as { status: { message: string } }).status.message;
    expect(message).not.toMatch(/4111\s?1111\s?1111/);
    expect(message).toContain("1111");
    expect(message.length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH);
  });
});

describe("after all of the above", () => {
  it("state is intact and both APIs serve", async () => {
    const authorization = await gw.authorize({ amount: 500 });
    expect(authorization.status).toBe(201);
    const capture = await gw.post(`/authorizations/${authorization.body.id}/captures`, { amount: 500 });
    expect(capture.status).toBe(201);
    expect((await api.call("GET", "/")).status).toBe(200);
  });
});
