/**
 * Must hold: concurrent captures never capture more than was authorized and every approved
 * capture is counted; bad input of any kind gets a documented 4xx, never a 5xx or a crash, and
 * the server keeps serving.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "../src/testkit/sandbox/server";
import { basic, GatewayClient, keys, MerchantClient, startTestSandbox } from "./support/sandbox";

let sandbox: RunningSandbox;
let gw: GatewayClient;
let api: MerchantClient;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  gw = new GatewayClient(sandbox.gatewayUrl);
  api = new MerchantClient(sandbox.merchantUrl);
  await api.login();
});
afterAll(async () => {
  expect(sandbox.violations.entries, "responses that broke the spec").toEqual([]);
  await sandbox?.stop();
});

describe("Concurrency", () => {
  it("200 concurrent captures on one authorization never capture more than authorized, and every approved capture is counted", async () => {
    const authorizedAmount = 150;
    const auth = await gw.authorize({ amount: authorizedAmount });
    expect(auth.status).toBe(201);
    const before = sandbox.gateway.store.approvedCaptures;
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => gw.post(`/authorizations/${auth.body.id}/captures`, { amount: 1 })),
    );
    const approved = answers.filter((a) => a.status === 201);
    const declined = answers.filter((a) => a.status === 400);
    expect(approved.length + declined.length).toBe(200);
    expect(approved.length).toBe(authorizedAmount);
    expect(approved.reduce((sum, a) => sum + (a.body.amount ?? 0), 0)).toBe(authorizedAmount);
    expect(declined.every((a) => a.body.status?.code === 40200)).toBe(true);
    expect(sandbox.gateway.store.approvedCaptures - before).toBe(approved.length);
    expect(sandbox.gateway.store.remaining(auth.body.id!)).toBe(0);
  });

  it("concurrent captures of the whole remainder: exactly one wins", async () => {
    const auth = await gw.authorize({ amount: 999 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => gw.post(`/authorizations/${auth.body.id}/captures`)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
  });
});

/** Sends raw bytes over a socket and returns the status line's code (0 when the connection just closed). */
function rawRequest(port: number, payload: string | Buffer): Promise<number> {
  return new Promise((done) => {
    const socket = connect(port, "127.0.0.1");
    let data = "";
    socket.on("data", (chunk) => (data += chunk.toString("latin1")));
    socket.on("error", () => done(0));
    socket.on("close", () => done(Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0)));
    socket.end(payload);
  });
}

describe("Bad input: documented 4xx, never 5xx, and the server keeps serving", () => {
  const gatewayGarbage: Array<[string, { method?: string; path?: string; body?: string | Buffer; headers?: Record<string, string> }]> = [
    ["malformed percent-encoding", { body: "amount=%E0%A4%A&currency=%%%&card[pan]=%ZZ" }],
    ["deeply nested brackets", { body: "card" + "[a]".repeat(50) + "=1&amount=1" }],
    ["thousands of parameters", { body: Array.from({ length: 5000 }, (_, i) => `p${i}=1`).join("&") }],
    ["a JSON body", { body: '{"amount": 100}', headers: { "content-type": "application/json" } }],
    ["no content type", { body: "amount=100", headers: { "content-type": "" } }],
    ["a wrong content type", { body: "\u0000\u0001binary", headers: { "content-type": "application/octet-stream" } }],
    ["arrays where strings belong", { body: "amount[]=1&amount[]=2&currency[x]=EUR&card[pan][]=4111" }],
    ["prototype keys", { body: "__proto__[polluted]=1&constructor[prototype][x]=1&amount=1&currency=EUR" }],
    ["a huge body", { body: "amount=" + "9".repeat(2 * 1024 * 1024) }],
    ["binary noise", { body: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256)) }],
    [
      "a numeric overflow",
      { body: "amount=99999999999999999999999&currency=EUR&card[pan]=4111111111111111&card[expire_month]=06&card[expire_year]=2035" },
    ],
    ["a garbage transaction id", { path: "/authorizations/%00%ff../captures", body: "" }],
    ["a path with dots", { path: "/authorizations/../account", body: "" }],
  ];

  it.each(gatewayGarbage)("gateway: %s", async (_name, spec) => {
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", ...spec.headers };
    if (headers["content-type"] === "") delete headers["content-type"];
    const response = await fetch(sandbox.gatewayUrl + (spec.path ?? "/authorizations"), {
      method: spec.method ?? "POST",
      headers: { authorization: basic(keys.merchantKey), ...headers },
      body: Buffer.isBuffer(spec.body) ? new Uint8Array(spec.body) : spec.body,
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect((await gw.authorize({ amount: 100 })).status).toBe(201);
  });

  it("gateway: the input error names the rule without echoing card data", async () => {
    const response = await gw.post(
      "/authorizations",
      "amount=100&currency=EUR&card[pan]=41111111111111119999&card[expire_month]=06&card[expire_year]=2035",
    );
    expect(response.body.status?.code).toBe(40000);
    expect(response.body.status?.message).not.toContain("41111111111111119999");
  });

  const merchantGarbage: Array<[string, { method?: string; path?: string; body?: string; headers?: Record<string, string> }]> = [
    ["malformed JSON", { body: '{"business_model": ', headers: { "content-type": "application/json" } }],
    ["JSON that is not an object", { body: "[1,2,3]", headers: { "content-type": "application/json" } }],
    ["a form body where JSON belongs", { body: "a=1", headers: { "content-type": "application/x-www-form-urlencoded" } }],
    ["no body", { body: undefined, headers: { "content-type": "application/json" } }],
    [
      "a prototype-polluting body",
      { body: '{"__proto__": {"x": 1}, "business_model": {"__proto__": {"y": 2}}}', headers: { "content-type": "application/json" } },
    ],
    ["deep nesting", { body: "[".repeat(5000) + "]".repeat(5000), headers: { "content-type": "application/json" } }],
    [
      "a huge body",
      { body: JSON.stringify({ additional_information: "x".repeat(2 * 1024 * 1024) }), headers: { "content-type": "application/json" } },
    ],
    ["an unknown method", { method: "PURGE", path: "/applications" }],
    ["a bad query", { method: "GET", path: "/transactions?per_page=1e9&per_page=2&query=%" }],
    ["a bad cursor", { method: "GET", path: "/transactions?next=garbage" }],
    ["an unknown comment context", { method: "GET", path: "/widgets/1/comments" }],
  ];

  it.each(merchantGarbage)("merchant: %s", async (_name, spec) => {
    const response = await fetch(sandbox.merchantUrl + (spec.path ?? "/applications"), {
      method: spec.method ?? "POST",
      headers: { authorization: `Bearer ${api.token}`, ...spec.headers },
      body: spec.body,
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body["request-id"]).toBeDefined();
    expect((await api.call("GET", "/")).status).toBe(200);
  });

  it("merchant: bad token-endpoint bodies get OAuth errors", async () => {
    const headers = { authorization: "Basic " + Buffer.from("sandbox-client:sandbox-secret-TEST-ONLY").toString("base64") };
    for (const [type, body] of [
      ["application/json", "{}"],
      ["application/x-www-form-urlencoded", "grant_type[]=x&audience=%"],
      ["text/plain", "hello"],
    ] as const) {
      const response = await fetch(`${sandbox.merchantUrl}/oauth/token`, {
        method: "POST",
        headers: { ...headers, "content-type": type },
        body,
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/^invalid_request|unsupported_grant_type$/);
    }
  });

  it("storage: anything but a valid signed PUT is 403", async () => {
    for (const [method, path] of [
      ["GET", "/"],
      ["PUT", "/upload-nope?X-Sandbox-Expires=1&X-Sandbox-Signature=00"],
      ["DELETE", "/x"],
      ["PUT", "/a/b/c"],
    ] as const) {
      const response = await fetch(sandbox.storageUrl + path, { method, body: method === "PUT" ? "x" : undefined });
      expect(response.status).toBe(403);
    }
  });

  it("unparseable HTTP gets 400 from every listener, and they keep serving", async () => {
    for (const url of [sandbox.gatewayUrl, sandbox.merchantUrl, sandbox.storageUrl]) {
      const port = Number(new URL(url).port);
      expect(await rawRequest(port, "GARBAGE\r\n\r\n")).toBe(400);
      expect(await rawRequest(port, "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n")).toBe(400);
      expect(await rawRequest(port, Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00]))).toBe(400);
    }
    expect((await gw.authorize({ amount: 100 })).status).toBe(201);
    expect((await api.call("GET", "/")).status).toBe(200);
  });
});
