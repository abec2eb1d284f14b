/**
 * The sandbox is spec-driven: routes come from the bundle's paths, request rules from its
 * schemas, and in test mode every response is checked against the spec, a violation failing
 * loudly (a 500, a log line naming operation, status and rule, and a recorded violation).
 * Configuration: seeded credentials, a config file, the environment.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkBody } from "../src/testkit/openapi-model/check-request";
import { checkResponse } from "../src/testkit/openapi-model/check-response";
import { apiModel } from "../src/testkit/openapi-model/operation-model";
import { defaultPorts, portsFromEnvironment, seeded, seededPublicKeyPath } from "../src/testkit/sandbox/configuration/config";
import { configFromEnvironment } from "../src/testkit/sandbox/configuration/config-file";
import { close, createListener, listen, ViolationLog } from "../src/testkit/sandbox/listener/http";
import type { Handler } from "../src/testkit/sandbox/listener/messages";
import { coerceToSchema } from "../src/testkit/openapi-model/schema-walk";
import { startSandbox } from "../src/testkit/sandbox/server";
import { basic, ciShopAccountResource, GatewayClient, MerchantClient } from "./support/sandbox";

const gatewayModel = apiModel("gateway");
const gatewayDoc = gatewayModel.document;

describe("Routing from the spec's paths", () => {
  const gateway = gatewayModel.router;
  const merchant = apiModel("merchant").router;

  it("every operation of both bundles is routable by its own path template", () => {
    for (const router of [gateway, merchant]) {
      for (const route of router.operations.values()) {
        const concrete = route.template.replace(/\{[^}]+\}/g, "x1");
        const match = router.match(route.method, concrete);
        expect(match.kind, `${route.method} ${route.template}`).toBe("match");
        if (match.kind === "match") expect(match.route.template).toBe(route.template);
      }
    }
  });

  it("literal segments win over templated ones, and the storage host's operation is kept apart", () => {
    const match = merchant.match("GET", "/applications/a1/people");
    expect(match.kind === "match" && match.route.operationId).toBe("listPeople");
    const comments = merchant.match("GET", "/applications/a1/comments");
    expect(comments.kind === "match" && comments.route.operationId).toBe("listComments");
    expect(merchant.match("PUT", "/upload-x").kind).toBe("not-found");
    expect([...apiModel("merchant").externalRouter.operations.keys()]).toEqual(["uploadFileContent"]);
  });

  it("a known path with an undeclared method is told apart from an unknown path", () => {
    expect(gateway.match("GET", "/authorizations")).toMatchObject({ kind: "method-not-allowed", allow: ["POST"] });
    expect(gateway.match("GET", "/nope").kind).toBe("not-found");
  });
});

describe("Request validation from the schemas", () => {
  const route = gatewayModel.operation("createAuthorization");

  it("form values are coerced to the schema's types, never beyond", () => {
    const schema = (gatewayDoc.components!.schemas as Record<string, unknown>).AuthorizationRequest as Record<string, unknown>;
    expect(coerceToSchema(gatewayDoc, schema, { amount: "2050", currency: "EUR", card: { pan: "0123", csc: "007" } })).toEqual({
      amount: 2050,
      currency: "EUR",
      card: { pan: "0123", csc: "007" },
    });
    expect(coerceToSchema(gatewayDoc, schema, { amount: "020" })).toEqual({ amount: "020" });
  });

  it("the rule reported is the spec's (pattern of card[pan] from the Pan schema)", () => {
    const result = checkBody(
      gatewayModel,
      route,
      "application/x-www-form-urlencoded",
      Buffer.from("amount=1&currency=EUR&card[pan]=12&card[expire_month]=06&card[expire_year]=2035"),
    );
    expect(result.kind).toBe("invalid");
    const pattern = (gatewayDoc.components!.schemas as Record<string, { pattern?: string }>).Pan!.pattern!;
    if (result.kind === "invalid") expect(result.errors.map((e) => e.message)).toContain(`must match pattern "${pattern}"`);
  });
});

describe("Response validation in test mode", () => {
  const router = gatewayModel.router;

  it("a response that breaks the spec becomes a 500 with a log line naming operation, status and rule, and is recorded", async () => {
    const violations = new ViolationLog();
    const told: string[] = [];
    const lines: string[] = [];
    violations.onViolation((v) => told.push(v.operationId));
    const broken: Handler = () => ({
      status: 200,
      headers: { "content-type": "application/vnd.clearhaus-gateway.hal+json" },
      body: { _links: { authorizations: { href: "no-leading-slash" } } },
    });
    const server = createListener({
      api: "gateway",
      router,
      handler: () => broken,
      maxBodyBytes: 1024,
      model: gatewayModel,
      validation: "strict",
      violations,
      refuse: (status) => ({ status }),
      log: (l) => lines.push(l),
    });
    const url = await listen(server, 0);
    try {
      const response = await fetch(url + "/");
      expect(response.status).toBe(500);
      expect(await response.text()).toMatch(/discoverResources \(status 200\) violates the spec/);
      expect(violations.count).toBe(1);
      expect(told).toEqual(["discoverResources"]);
      expect(lines[0]).toMatch(
        /RESPONSE VIOLATES SPEC: discoverResources 200: .*account.*required.*|RESPONSE VIOLATES SPEC: discoverResources 200: /,
      );
      expect(violations.entries[0]!.problems.join(" ")).toMatch(/pattern|required/);
    } finally {
      await close(server);
    }
  });

  it("an undocumented status and a body without the documented media type are violations too", () => {
    const route = router.operation("getAccount");
    expect(checkResponse(gatewayModel, route, { status: 418, headers: {}, body: undefined }, { method: "GET" })).toEqual([
      { rule: "status", where: "status", message: expect.stringMatching(/^418 is not documented/) },
    ]);
    // The gateway's 401 documents no body (issue 39): one sent anyway is a violation.
    expect(
      checkResponse(
        gatewayModel,
        router.operation("createVoid"),
        { status: 401, headers: {}, body: { json: { x: 1 } } },
        { method: "POST" },
      ),
    ).toEqual([{ rule: "presence", where: "body", message: "a body was sent but none is documented" }]);
  });
});

describe("Configuration: seeds, config file, environment", () => {
  const dir = mkdtempSync(join(tmpdir(), "sandbox-config-"));
  const stops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  it("ports default to 4020/4021/4022 and come from the environment", () => {
    expect(defaultPorts).toEqual({ gateway: 4020, merchant: 4021, storage: 4022 });
    expect(portsFromEnvironment({ GATEWAY_SANDBOX_PORT: "5020", MERCHANT_SANDBOX_PORT: "5021", SANDBOX_STORAGE_PORT: "5022" })).toEqual({
      gateway: 5020,
      merchant: 5021,
      storage: 5022,
    });
    expect(() => portsFromEnvironment({ GATEWAY_SANDBOX_PORT: "http" })).toThrow(/GATEWAY_SANDBOX_PORT/);
  });

  it("a config file adds accounts, keys and OAuth clients to the seeds", async () => {
    const file = join(dir, "sandbox.json");
    writeFileSync(
      file,
      JSON.stringify({
        gateway: {
          accounts: [
            {
              id: "ci-shop",
              type: "merchant",
              partner: seeded.gateway.partnerAccountId,
              keys: [{ key: "11111111-2222-4333-8444-555555555555" }],
              account: ciShopAccountResource,
            },
          ],
          signingKeys: [
            { id: "22222222-3333-4444-8555-666666666666", partner: seeded.gateway.partnerAccountId, public_key_file: seededPublicKeyPath },
          ],
        },
        merchant: { clients: [{ client_id: "ci-client", client_secret: "ci-secret" }], transactionCount: 5 },
      }),
    );
    const config = configFromEnvironment({ SANDBOX_CONFIG: file });
    const sandbox = await startSandbox({ config, log: () => undefined });
    stops.push(() => sandbox.stop());

    const ciShop = new GatewayClient(sandbox.gatewayUrl, "11111111-2222-4333-8444-555555555555");
    expect((await ciShop.get("/account")).body).toMatchObject({ merchant_id: "000000009999999" });
    expect((await ciShop.authorize()).status).toBe(201);
    expect((await new GatewayClient(sandbox.gatewayUrl).get("/account")).status).toBe(200); // seeds stay

    const client = new MerchantClient(sandbox.merchantUrl);
    expect((await client.login("ci-client", "ci-secret")).status).toBe(200);
    expect((await client.call("GET", "/transactions")).body._embedded["ch:transactions"]).toHaveLength(5);
    expect(sandbox.violations.entries).toEqual([]);
  });

  it("works with zero configuration: the seeded key, signing key and OAuth client are ready", async () => {
    const sandbox = await startSandbox({ log: () => undefined });
    stops.push(() => sandbox.stop());
    expect((await fetch(sandbox.gatewayUrl + "/", { headers: { authorization: basic(seeded.gateway.merchantKey) } })).status).toBe(200);
    expect((await new GatewayClient(sandbox.gatewayUrl).authorize()).status).toBe(201);
    expect((await new MerchantClient(sandbox.merchantUrl).login()).status).toBe(200);
  });

  it("servers bind to loopback only", async () => {
    const sandbox = await startSandbox({ log: () => undefined });
    stops.push(() => sandbox.stop());
    for (const url of [sandbox.gatewayUrl, sandbox.merchantUrl, sandbox.storageUrl]) expect(new URL(url).hostname).toBe("127.0.0.1");
  });
});
