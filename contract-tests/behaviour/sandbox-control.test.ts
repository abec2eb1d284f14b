/**
 * The sandbox's control API (openapi/sandbox-control/) against its spec, on the sandbox target:
 * every operation is called and every answer checked against the control spec's bundle (status
 * documented, media type, body, headers). The suite's target is shared by the files that run
 * beside this one, so nothing here changes what they see: the clock moves by 0 seconds, the
 * fault rule matches no request of theirs, the fixture builds on an account of its own, and the
 * reset is called on a sandbox of this file's own (test/sandbox-control.test.ts shows its
 * effect).
 */
import { randomUUID } from "node:crypto";
import { describe, expect, type TestContext } from "vitest";
import { arrayOf, objectOf } from "../../src/testkit/common/json-values";
import { checkResponse, findingLines } from "../../src/testkit/openapi-model/check-response";
import { apiModel } from "../../src/testkit/openapi-model/operation-model";
import { startSandboxTarget } from "../targets/sandbox";
import { suiteFetch } from "../support/connections";
import { contractTest, target } from "../support/context";

const model = apiModel("sandbox-control");
const router = model.router;
const called = new Set<string>();

/** The control API is the sandbox's own: other targets do not offer it. */
function requireSandbox(ctx: TestContext): void {
  if (target.kind !== "sandbox") ctx.skip(`the control API is the sandbox's own; a ${target.kind} target does not offer it`);
}

/** A control call on `base` (a listener's address), its answer checked against the control spec. */
async function control(base: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any; text: string }> {
  // The stream never ends: it goes on a connection of its own (suiteFetch reads every answer whole).
  const send = path.startsWith("/exchange-stream") ? fetch : suiteFetch;
  const response = await send(`${base}/_sandbox${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  const type = response.headers.get("content-type") ?? "";
  // The stream never ends: its head and first event are enough to check its answer.
  const text = type.startsWith("text/event-stream") ? await firstChunk(response) : await response.text();
  const parsed: unknown = type.includes("json") && text ? JSON.parse(text) : text;
  const routed = router.match(method, path.split("?")[0]!);
  expect(routed.kind, `${method} ${path} is an operation of the control spec`).toBe("match");
  if (routed.kind === "match") {
    called.add(routed.route.operationId);
    const answer = { status: response.status, headers: Object.fromEntries(response.headers), body: Buffer.from(text) };
    expect(findingLines(checkResponse(model, routed.route, answer, { method })), `${method} ${path} ${response.status}`).toEqual([]);
  }
  return { status: response.status, body: parsed, text };
}

async function firstChunk(response: Response): Promise<string> {
  const reader = response.body!.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return new TextDecoder().decode(value);
}

describe("sandbox control API against its spec", () => {
  const base = () => target.gateway.baseUrl;

  contractTest("the clock, accounts, fault rules and the exchange record answer as the control spec says", {}, async (ctx) => {
    requireSandbox(ctx);
    expect((await control(base(), "GET", "/clock")).status).toBe(200);
    expect((await control(base(), "POST", "/clock", { advance_seconds: 0 })).status).toBe(200);
    expect((await control(base(), "POST", "/clock", { advance_seconds: -1 })).status).toBe(400);

    const account = await control(base(), "POST", "/accounts");
    expect(account.status).toBe(201);

    // A rule for an id no other request names: the files beside this one are not touched.
    const rule = await control(base(), "POST", "/faults", {
      operation: "createCapture",
      match: { path_id: randomUUID() },
      action: { latency_ms: 1 },
    });
    expect(rule.status).toBe(201);
    expect((await control(base(), "GET", "/faults")).body.items.map((f: { id: string }) => f.id)).toContain(rule.body.id);
    expect((await control(base(), "DELETE", `/faults/${rule.body.id}`)).status).toBe(204);
    expect((await control(base(), "DELETE", `/faults/${rule.body.id}`)).status).toBe(404);
    expect((await control(base(), "POST", "/faults", { operation: "noSuchOperation", action: { latency_ms: 1 } })).status).toBe(400);

    const exchanges = await control(base(), "GET", "/exchanges?limit=5");
    expect(exchanges.status).toBe(200);
    const first = arrayOf(objectOf(exchanges.body).items)[0];
    if (first) expect((await control(base(), "GET", `/exchanges/${String(objectOf(first).id)}`)).status).toBe(200);
    expect((await control(base(), "GET", "/exchanges/999999999")).status).toBe(404);
    expect((await control(base(), "GET", "/exchange-stream")).status).toBe(200);
  });

  contractTest("the state views, fixtures and the console answer as the control spec says", {}, async (ctx) => {
    requireSandbox(ctx);
    expect((await control(base(), "GET", "/state/transactions?limit=5")).status).toBe(200);
    expect((await control(base(), "GET", "/state/applications?limit=5")).status).toBe(200);
    expect((await control(base(), "GET", "/state/rate-limits?limit=5")).status).toBe(200);
    // On an account of the fixture's own: nothing the other files see changes.
    const fixture = {
      accounts: [{ name: "shop" }],
      gateway: { transactions: [{ name: "order", account: "shop", amount: 1000, currency: "EUR" }] },
    };
    expect((await control(base(), "POST", "/fixtures", fixture)).status).toBe(201);
    expect((await control(base(), "POST", "/fixtures", { gateway: { nonsense: true } })).status).toBe(400);
    expect((await control(base(), "GET", "/fixtures")).status).toBe(200);
    expect((await control(base(), "GET", "/console")).status).toBe(200);
    expect((await control(base(), "GET", "/console/console.js")).status).toBe(200);
  });

  contractTest("reset answers as the control spec says (on a sandbox of its own: the target is shared)", {}, async (ctx) => {
    requireSandbox(ctx);
    // A second sandbox target of the same kind, started as the suite starts its targets (an empty environment: in process).
    const own = await startSandboxTarget({});
    const ownUrl = own.sandbox!.gatewayUrl;
    try {
      expect((await control(ownUrl, "POST", "/reset")).status).toBe(200);
      // And the last operation not called above.
      expect((await control(ownUrl, "DELETE", "/faults")).status).toBe(204);
    } finally {
      await own.stop();
    }
  });

  contractTest("every operation of the control spec was called", {}, (ctx) => {
    requireSandbox(ctx);
    expect([...router.operations.keys()].filter((id) => !called.has(id))).toEqual([]);
  });
});
