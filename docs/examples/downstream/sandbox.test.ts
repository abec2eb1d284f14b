// An integrator's test suite against the sandbox, started from test code (vitest; jest works the
// same way). npm test copies this file into an empty project with the packed testkit and toolkit
// installed, and runs it there (test/packages.test.ts).
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { startSandbox, type IsolatedAccount, type Sandbox } from "payment-apis-testkit";
import { ClientNetworkError, createGatewayClient, type GatewayClient } from "payment-apis-toolkit/gateway";

const card = { pan: "4111111111111111", expire_month: "06", expire_year: "2035", csc: "987" };

let sandbox: Sandbox;
let account: IsolatedAccount;
let gateway: GatewayClient;

beforeAll(async () => {
  sandbox = await startSandbox(); // free ports on 127.0.0.1
});

afterAll(async () => {
  await sandbox.stop();
});

// A fresh merchant account per test: tests never see each other's transactions.
beforeEach(async () => {
  account = await sandbox.createAccount();
  gateway = createGatewayClient({
    baseUrl: sandbox.gatewayUrl,
    apiKey: account.gateway.api_key,
    signing: { apiKey: account.gateway.signing_api_key, privateKey: account.gateway.signing_private_key_pem },
  });
});

it("a slow gateway is still answered, and the record shows what was sent", async () => {
  await sandbox.control.POST("/faults", { body: { operation: "createAuthorization", action: { latency_ms: 200 }, count: 1 } });
  const outcome = await gateway.authorize({ amount: 2050, currency: "EUR", card });
  expect(outcome.approved).toBe(true);

  const { items } = await sandbox.exchanges({ operation: "createAuthorization" });
  const sent = items.at(-1)!;
  expect(sent.duration_ms).toBeGreaterThanOrEqual(200);
  expect(sent.request.body).toContain("amount=2050");
  expect(sent.request.body).not.toContain(card.pan); // masked to its last four digits
});

it("starts from a known state: an order half captured, built by a fixture through the API's own rules", async () => {
  const { ids } = await sandbox.loadFixture({
    accounts: [{ name: "shop" }],
    gateway: { transactions: [{ name: "order", account: "shop", amount: 12500, currency: "EUR", captures: [{ amount: 5000 }] }] },
  });
  const shop = ids.shop!.credentials!;
  const client = createGatewayClient({
    baseUrl: sandbox.gatewayUrl,
    apiKey: shop.gateway.api_key,
    signing: { apiKey: shop.gateway.signing_api_key, privateKey: shop.gateway.signing_private_key_pem },
  });
  const order = ids.order!.authorization!;
  expect((await client.capture(order, { amount: 7501 })).approved).toBe(false); // 7,500 remain
  expect((await client.capture(order, { amount: 7500 })).approved).toBe(true);
});

it("a capture whose answer is lost: the client says it may have been sent, and reconciling shows it was booked", async () => {
  const authorized = await gateway.authorize({ amount: 1000, currency: "EUR", card });
  if (!authorized.approved) throw new Error(`declined: ${authorized.code}`);
  const id = authorized.transaction.id;
  await sandbox.control.POST("/faults", {
    body: { operation: "createCapture", match: { path_id: id }, action: { close: "after-processing" }, count: 1 },
  });

  const lost = await gateway.capture(id, { amount: 1000 }).catch((error: unknown) => error);
  expect(lost).toBeInstanceOf(ClientNetworkError);
  expect((lost as ClientNetworkError).requestMayHaveBeenSent).toBe(true);
  // Never sent twice: one capture request reached the sandbox.
  const captures = (await sandbox.exchanges({ operation: "createCapture" })).items.filter((exchange) => exchange.path.includes(id));
  expect(captures).toHaveLength(1);
  // Nothing is left to capture: the lost capture was booked.
  const again = await gateway.capture(id, { amount: 1 });
  expect(again.approved).toBe(false);
});
