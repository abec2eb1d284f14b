// The sandbox started from test code (vitest here; jest works the same way). The testkit's README
// shows this file, and npm test runs it from the packed README in an empty project.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "payment-apis-testkit";
import { createGatewayClient } from "payment-apis-toolkit/gateway";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox(); // free ports on 127.0.0.1; stopped below
  // Open this address in a browser to watch every request, the state and the clock live:
  console.log(`sandbox console: ${sandbox.gatewayUrl}/_sandbox/console`);
});
afterAll(() => sandbox.stop());

it("a fixture gives a known state, a fault breaks one request, and the record shows what was sent", async () => {
  const { ids } = await sandbox.loadFixture({
    accounts: [{ name: "shop" }],
    gateway: { transactions: [{ name: "order", account: "shop", amount: 12500, currency: "EUR" }] },
  });
  const shop = ids.shop!.credentials!.gateway;
  const gateway = createGatewayClient({
    baseUrl: sandbox.gatewayUrl,
    apiKey: shop.api_key,
    signing: { apiKey: shop.signing_api_key, privateKey: shop.signing_private_key_pem },
  });

  // The next capture is answered 200 ms late.
  await sandbox.control.POST("/faults", { body: { operation: "createCapture", action: { latency_ms: 200 }, count: 1 } });
  const capture = await gateway.capture(ids.order!.authorization!, { amount: 5000 });
  expect(capture.approved).toBe(true);

  const { items } = await sandbox.exchanges({ operation: "createCapture" });
  expect(items.at(-1)!.duration_ms).toBeGreaterThanOrEqual(200);
  expect(items.at(-1)!.request.body).toBe("amount=5000");
}, 60_000); // the fixture's fresh accounts get RSA key pairs at start: on a busy machine more than vitest's default 5 s
