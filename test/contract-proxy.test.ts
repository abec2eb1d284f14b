/**
 * `npm run contract:proxy` puts Prism as a validating proxy in front of an implementation: a
 * conforming answer passes through unchanged, a response that breaks the spec is refused with
 * Prism's error, and so is a request that breaks it (form bodies decoded through the same
 * Prism-compatible variant as the mock).
 */
import getPort from "get-port";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPrismProxy, type RunningMock } from "../src/testkit/mock/prism";
import type { RunningSandbox } from "../src/testkit/sandbox/server";
import { basic, form, keys, privateKeyPem, startTestSandbox } from "./support/sandbox";
import { signatureHeader } from "../src/testkit/sandbox/gateway/signature";
import { startLocalServer, sendJson, type LocalServer } from "./support/local-server";

describe("Prism validating proxy (contract:proxy)", () => {
  let sandbox: RunningSandbox;
  let broken: LocalServer;
  let proxy: RunningMock;
  let brokenProxy: RunningMock;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    // An implementation whose account resource breaks the spec (merchant_id must be 15 digits).
    broken = await startLocalServer((_request, response) =>
      sendJson(response, 200, { merchant_id: "12", name: "Broken", country: "DK", currency: "DKK", mcc: "5734", descriptor: "x", transaction_rules: "", acquirer: { visa_bin: 1, mastercard_bin: 2 } }, {}, "application/vnd.clearhaus-gateway.hal+json; version=0.10.0; charset=utf-8"),
    );
    [proxy, brokenProxy] = await Promise.all([
      startPrismProxy({ api: "gateway", port: await getPort({ host: "127.0.0.1" }), upstream: sandbox.gatewayUrl, logLevel: "error" }),
      startPrismProxy({ api: "gateway", port: await getPort({ host: "127.0.0.1" }), upstream: broken.url, logLevel: "error" }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([proxy?.stop(), brokenProxy?.stop(), broken?.close(), sandbox?.stop()]);
  });

  it("passes a conforming answer through unchanged", async () => {
    const direct = await fetch(`${sandbox.gatewayUrl}/account`, { headers: { authorization: basic(keys.merchantKey) } });
    const viaProxy = await fetch(`${proxy.url}/account`, { headers: { authorization: basic(keys.merchantKey) } });
    expect(viaProxy.status).toBe(200);
    expect(await viaProxy.json()).toEqual(await direct.json());
  });

  it("passes a valid signed form body through to the upstream", async () => {
    const body = form({ amount: 1000, currency: "EUR", card: { pan: "4111111111111111", expire_month: "06", expire_year: "2035", csc: "987" } });
    const response = await fetch(`${proxy.url}/authorizations`, {
      method: "POST",
      headers: { authorization: basic(keys.merchantKey), signature: signatureHeader(keys.signingKeyId, privateKeyPem, body), "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    expect(response.status).toBe(201);
  });

  it("refuses a response that breaks the spec", async () => {
    const response = await fetch(`${brokenProxy.url}/account`, { headers: { authorization: basic(keys.merchantKey) } });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await response.text()).toMatch(/merchant_id|pattern|violation/i);
  });

  it("refuses a request that breaks the spec before it reaches the upstream", async () => {
    const before = broken.requests.length;
    const body = form({ amount: "ten", currency: "EUR", card: { pan: "4111111111111111", expire_month: "06", expire_year: "2035", csc: "987" } });
    const response = await fetch(`${brokenProxy.url}/authorizations`, {
      method: "POST",
      headers: { authorization: basic(keys.merchantKey), signature: signatureHeader(keys.signingKeyId, privateKeyPem, body), "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(broken.requests.length, "the upstream never saw it").toBe(before);
  });
});
