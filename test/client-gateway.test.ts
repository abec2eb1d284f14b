/**
 * Gateway client: the bracket serializer's wire form, outcomes (approved / declined by type,
 * 401 and other statuses as errors), and the base URL presets against the spec's servers.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { approvedStatusCode, mediaType, operations, statusCodes } from "../generated/gateway/constants";
import {
  createGatewayClient,
  gatewayBaseUrls,
  GatewayAuthenticationError,
  GatewayHttpError,
  GatewayInvalidRequestError,
  serializeForm,
} from "../src/toolkit/gateway";
import { loadBundledSpec } from "../src/testkit/openapi-model/document";
import { sendJson, startLocalServer, type Handler, type LocalServer } from "./support/local-server";
import { parse } from "qs";
import { gatewayRequest, requestExamples, responseExample } from "./support/spec-examples";

describe("bracket form serializer", () => {
  it.each([
    ["nested three levels", { card: { "3dsecure": { v2: { ares: "{}" } } } }, "card[3dsecure][v2][ares]=%7B%7D"],
    [
      "flat and nested members in order",
      { amount: 2050, currency: "EUR", card: { pan: "4111111111111111", csc: "987" } },
      "amount=2050&currency=EUR&card[pan]=4111111111111111&card[csc]=987",
    ],
    ["booleans", { marketplace: { interregional_retailer: false }, flag: true }, "marketplace[interregional_retailer]=false&flag=true"],
    ["arrays with empty brackets", { a: ["x", "y"], b: { c: [1, 2] } }, "a[]=x&a[]=y&b[c][]=1&b[c][]=2"],
    ["undefined members left out, zero kept", { amount: 0, reference: undefined }, "amount=0"],
    [
      "special characters percent-encoded (RFC 3986)",
      { text_on_statement: "Ærø & Co=1+2 50%/?#[]" },
      "text_on_statement=%C3%86r%C3%B8%20%26%20Co%3D1%2B2%2050%25%2F%3F%23%5B%5D",
    ],
    [
      "JSON strings",
      { card: { "3dsecure": { v2: { ares: '{"eci":"05","a":[1]}' } } } },
      "card[3dsecure][v2][ares]=%7B%22eci%22%3A%2205%22%2C%22a%22%3A%5B1%5D%7D",
    ],
    ["empty body", {}, ""],
  ])("%s", (_name, body, wire) => {
    expect(serializeForm(body)).toBe(wire);
  });

  it.each(requestExamples("gateway", "createAuthorization").map((e) => [e.name, e.value] as const))(
    "the %s authorization example decodes back to itself (qs, as a server would)",
    (_name, body) => {
      const decoded = parse(serializeForm(body), { depth: 10 });
      // Form values are strings on the wire: compare with numbers and booleans as strings.
      expect(decoded).toEqual(
        JSON.parse(JSON.stringify(body, (_k, v: unknown) => (typeof v === "number" || typeof v === "boolean" ? String(v) : v))),
      );
    },
  );
});

describe("gateway outcomes", () => {
  let server: LocalServer;
  const apiKey = randomUUID();
  const serve = (handler: Handler) => server.handle(handler);
  const client = () => createGatewayClient({ baseUrl: server.url, apiKey, retry: { attempts: 1 } });

  beforeAll(async () => {
    server = await startLocalServer((_req, res) => res.end());
  });
  afterAll(async () => server?.close());

  it("approved: status code 20000 with 201", async () => {
    const approved = responseExample("gateway", "createAuthorization", "201", "approved");
    serve((_req, res) => sendJson(res, 201, approved, {}, `${mediaType}; version=0.10.0; charset=utf-8`));
    const outcome = await client().authorize(gatewayRequest("createAuthorization", "card"));
    expect(outcome.approved).toBe(true);
    if (!outcome.approved) return;
    expect(outcome.transaction.status.code).toBe(approvedStatusCode);
    expect(outcome.transaction.id).toBe(approved.id);
  });

  it("declined: code, meaning from the spec, message and the transaction", async () => {
    const declined = responseExample<{ status: { code: number } }>("gateway", "createAuthorization", "400", "ruleViolation");
    serve((_req, res) => sendJson(res, 400, declined, {}, mediaType));
    const outcome = await client().authorize(gatewayRequest("createAuthorization", "card"));
    expect(outcome.approved).toBe(false);
    if (outcome.approved) return;
    expect(outcome.code).toBe(declined.status.code);
    expect(outcome.meaning).toBe(statusCodes[String(declined.status.code) as keyof typeof statusCodes].meaning);
    expect(outcome.message).toBe("amount > 100 EUR and (not strongly authenticated)");
    expect(outcome.transaction).toEqual(declined);
  });

  it("declined on every flow: captures, refunds, voids, debits, debit refunds, credits", async () => {
    const flows = client();
    const authorizationId = "4c1e8f3a-9b2d-4e6f-8a1b-2c3d4e5f6a7b";
    serve((req, res) => sendJson(res, 400, { status: { code: 40200, message: `${req.method} ${req.url}` } }, {}, mediaType));
    const outcomes = await Promise.all([
      flows.capture(authorizationId, { amount: 1000 }),
      flows.refund(authorizationId),
      flows.void(authorizationId),
      flows.debit(gatewayRequest("createDebit", "intraEeaVisa")),
      flows.refundDebit(authorizationId),
      flows.credit(gatewayRequest("createCredit", "payout")),
    ]);
    expect(outcomes.map((o) => (o.approved ? "approved" : o.message))).toEqual([
      `POST /authorizations/${authorizationId}/captures`,
      `POST /authorizations/${authorizationId}/refunds`,
      `POST /authorizations/${authorizationId}/voids`,
      "POST /debits",
      `POST /debits/${authorizationId}/refunds`,
      "POST /credits",
    ]);
    expect(outcomes.every((o) => !o.approved && o.meaning === statusCodes["40200"].meaning && o.category === "rule-violation")).toBe(true);
  });

  it("a decline says who has to act, by the spec's category of its code", async () => {
    const answers = [40410, 40413, 40110, 40310, 50000];
    serve((_req, res) => sendJson(res, 400, { id: randomUUID(), status: { code: answers.shift() } }, {}, mediaType));
    const categories: string[] = [];
    for (let i = 0; i < 5; i++) {
      const outcome = await client().authorize(gatewayRequest("createAuthorization", "card"));
      if (!outcome.approved) categories.push(outcome.category);
    }
    expect(categories).toEqual(["declined", "declined", "card-data", "authentication", "service-error"]);
  });

  // A wrong request (signature problems included) must never reach a customer as "card declined".
  it.each([
    [40000, "signature required: POST requests must carry a Signature header"],
    [40000, "invalid signature"],
    [40000, "invalid signing api-key"],
    [40140, "invalid currency"],
  ])("status %s (%s) throws GatewayInvalidRequestError on every flow, sent once", async (code, message) => {
    const flows = client();
    const authorizationId = "4c1e8f3a-9b2d-4e6f-8a1b-2c3d4e5f6a7b";
    let received = 0;
    serve((_req, res) => {
      received++;
      sendJson(res, 400, { status: { code, message } }, {}, mediaType);
    });
    const calls = [
      () => flows.authorize(gatewayRequest("createAuthorization", "card")),
      () => flows.capture(authorizationId, { amount: 1000 }),
      () => flows.refund(authorizationId),
      () => flows.void(authorizationId),
      () => flows.debit(gatewayRequest("createDebit", "intraEeaVisa")),
      () => flows.refundDebit(authorizationId),
      () => flows.credit(gatewayRequest("createCredit", "payout")),
    ];
    for (const call of calls) {
      const failure = await call().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(GatewayInvalidRequestError);
      expect(failure).toMatchObject({
        status: 400,
        code,
        detail: message,
        meaning: statusCodes[String(code) as keyof typeof statusCodes].meaning,
      });
    }
    expect(received).toBe(calls.length);
  });

  it("an undocumented code is a decline with a generic meaning", async () => {
    serve((_req, res) => sendJson(res, 400, { id: randomUUID(), status: { code: 40190 } }, {}, mediaType));
    const outcome = await client().authorize(gatewayRequest("createAuthorization", "card"));
    expect(outcome).toMatchObject({
      approved: false,
      code: 40190,
      category: "undocumented",
      meaning: "Undocumented status code",
      message: undefined,
    });
  });

  it("401 is a GatewayAuthenticationError", async () => {
    serve((_req, res) => {
      res.writeHead(401, { "WWW-Authenticate": "Basic" });
      res.end();
    });
    await expect(client().authorize(gatewayRequest("createAuthorization", "card"))).rejects.toBeInstanceOf(GatewayAuthenticationError);
    await expect(client().account()).rejects.toBeInstanceOf(GatewayAuthenticationError);
  });

  it.each([
    [404, ""],
    [503, ""],
    [400, "<html>bad request</html>"],
    [400, JSON.stringify({ error: "no status here" })],
    [201, JSON.stringify({ status: { code: 40000 } }).slice(0, 10)],
  ])("HTTP %i with body %j is a GatewayHttpError", async (status, body) => {
    serve((_req, res) => {
      res.writeHead(status, { "Content-Type": mediaType });
      res.end(body);
    });
    const failure = await client()
      .authorize(gatewayRequest("createAuthorization", "card"))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GatewayHttpError);
    expect(failure).toMatchObject({ status, method: "POST", target: "/authorizations" });
  });

  it("middleware sees the prepared request, and what it sends is still signed and sent", async () => {
    const { generateKeyPairSync, createVerify } = await import("node:crypto");
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    serve((_req, res) => sendJson(res, 201, responseExample("gateway", "createAuthorization", "201", "approved"), {}, mediaType));
    const gateway = createGatewayClient({ baseUrl: server.url, apiKey, signing: { apiKey: "signing-key", privateKey } });
    const seen: string[] = [];
    gateway.use({
      async onRequest({ request }) {
        seen.push(`${request.method} ${new URL(request.url).pathname} ${await request.clone().text()}`);
        request.headers.set("X-Trace", "t-1");
      },
    });
    const body = gatewayRequest("createAuthorization", "card");
    await gateway.authorize(body);
    const received = server.requests.at(-1)!;
    expect(seen).toEqual([`POST /authorizations ${serializeForm(body)}`]);
    expect(received.headers["x-trace"]).toBe("t-1");
    const hex = String(received.headers.signature).split(" ")[2]!;
    expect(createVerify("RSA-SHA256").update(received.body).verify(publicKey, hex, "hex")).toBe(true);
  });

  it("account() returns the account", async () => {
    const account = responseExample("gateway", "getAccount", "200", "account");
    serve((_req, res) => sendJson(res, 200, account, {}, mediaType));
    await expect(client().account()).resolves.toEqual(account);
    expect(server.requests.at(-1)).toMatchObject({ method: "GET", url: "/account" });
  });
});

describe("base URL presets", () => {
  it("are the spec's servers", () => {
    const servers = (loadBundledSpec("gateway").servers as { url: string }[]).map((s) => s.url);
    expect(Object.values(gatewayBaseUrls).sort()).toEqual([...servers].sort());
    expect(servers.find((url) => url.includes(".test."))).toBe(gatewayBaseUrls.test);
  });

  it("'test' and 'live' resolve to the presets", async () => {
    const seen: string[] = [];
    const fetch = async (url: string) => {
      seen.push(url);
      return new Response("{}", { status: 200, headers: { "Content-Type": mediaType } });
    };
    await createGatewayClient({ baseUrl: "test", apiKey: "k", fetch }).account();
    await createGatewayClient({ baseUrl: "live", apiKey: "k", fetch }).account();
    expect(seen).toEqual([`${gatewayBaseUrls.test}/account`, `${gatewayBaseUrls.live}/account`]);
  });
});

describe("flow helpers name an operationId; the route comes from the generated table", () => {
  let server: LocalServer;
  const apiKey = randomUUID();
  const authorizationId = "4c1e8f3a-9b2d-4e6f-8a1b-2c3d4e5f6a7b";

  beforeAll(async () => {
    server = await startLocalServer((_req, res) =>
      sendJson(res, 201, responseExample("gateway", "createAuthorization", "201", "approved"), {}, mediaType),
    );
  });
  afterAll(async () => server?.close());

  /** Every flow once; what the server received, in order. */
  async function sendEveryFlow(gateway: ReturnType<typeof createGatewayClient>) {
    server.requests.length = 0;
    await gateway.authorize(gatewayRequest("createAuthorization", "card"));
    await gateway.capture(authorizationId, { amount: 1000 });
    await gateway.void(authorizationId);
    await gateway.debit(gatewayRequest("createDebit", "intraEeaVisa"));
    await gateway.refundDebit(authorizationId);
    await gateway.credit(gatewayRequest("createCredit", "payout"));
    server.handle((_req, res) => sendJson(res, 200, responseExample("gateway", "getAccount", "200", "account"), {}, mediaType));
    await gateway.account();
    server.handle((_req, res) => sendJson(res, 201, responseExample("gateway", "createAuthorization", "201", "approved"), {}, mediaType));
    return server.requests.map(({ method, url, headers, body }) => ({ method, url, headers, body: Buffer.from(body).toString() }));
  }

  it("each request goes to the method and path of its operation in gatewayConstants.operations", async () => {
    const sent = await sendEveryFlow(createGatewayClient({ baseUrl: server.url, apiKey }));
    const expected = (
      ["createAuthorization", "createCapture", "createVoid", "createDebit", "createDebitRefund", "createCredit", "getAccount"] as const
    ).map((id) => {
      const { method, path } = operations[id];
      return `${method.toUpperCase()} ${path.replace(/\{[^{}]+\}/, authorizationId)}`;
    });
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual(expected);
  });

  it("sends the same bytes and headers with middleware registered as without, and the middleware sees every flow", async () => {
    const { generateKeyPairSync } = await import("node:crypto");
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const gateway = createGatewayClient({ baseUrl: server.url, apiKey, signing: { apiKey: "signing-key", privateKey } });
    const plain = await sendEveryFlow(gateway);
    const seen: string[] = [];
    const middleware = { onRequest: ({ request }: { request: Request }) => void seen.push(request.method) };
    gateway.use(middleware);
    const withMiddleware = await sendEveryFlow(gateway);
    gateway.eject(middleware);
    const afterEject = await sendEveryFlow(gateway);
    expect(seen).toEqual(withMiddleware.map((r) => r.method)); // the middleware saw every flow
    expect(withMiddleware).toEqual(plain); // RSA PKCS#1 v1.5 signatures are deterministic: equal bytes, equal signatures
    expect(afterEject).toEqual(plain);
    expect(seen).toHaveLength(plain.length); // ejected: no longer called
  });
});

describe("per-attempt timer", () => {
  const apiKey = randomUUID();
  const answer = () =>
    new Response(JSON.stringify(responseExample("gateway", "getAccount", "200", "account")), {
      status: 200,
      headers: { "Content-Type": mediaType },
    });

  it("stops once a helper has read the answer, and keeps bounding a body nobody has read", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const signals: AbortSignal[] = [];
      const gateway = createGatewayClient({
        baseUrl: "http://gateway.invalid",
        apiKey,
        timeoutMs: 1000,
        fetch: async (_url, init) => {
          signals.push(init.signal!);
          return answer();
        },
      });
      await gateway.account();
      const streamed = await gateway.GET("/account", { parseAs: "stream" }); // the caller reads the body, later
      vi.advanceTimersByTime(1001);
      expect(signals.map((s) => s.aborted)).toEqual([false, true]);
      await streamed.data?.cancel();
    } finally {
      vi.useRealTimers();
    }
  });
});
