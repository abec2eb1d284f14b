/**
 * The clients' options are checked when a client is created: a client that cannot work fails
 * there, with one error naming the option, never quoting its value; a request whose URL cannot
 * be sent is not sent, retried or reported as possibly arrived.
 */
import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ClientOptionsError, createGatewayClient, gatewayBaseUrls, type GatewayClientOptions } from "../src/toolkit/gateway";
import { createMerchantClient, type MerchantClientOptions } from "../src/toolkit/merchant";
import { resolveRetry, sendWithPolicy } from "../src/toolkit/clients/common/retry";

const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });

describe("options are checked when a client is created, each error naming the option", () => {
  const pem = () => privateKey.export({ type: "pkcs8", format: "pem" }) as string;
  it.each([
    ["no baseUrl", { baseUrl: "", apiKey: "k" }, /^baseUrl is required/],
    ["a baseUrl without a scheme", { baseUrl: "gateway.test.clearhaus.com", apiKey: "k" }, /^baseUrl must be an absolute http\(s\) URL/],
    ["an empty API key", { baseUrl: "test", apiKey: " " }, /^apiKey is required/],
    [
      "an empty signing API key",
      { baseUrl: "test", apiKey: "k", signing: { apiKey: "", privateKey: "x" } },
      /^signing\.apiKey is required/,
    ],
    [
      "a private key that is not PEM",
      { baseUrl: "test", apiKey: "k", signing: { apiKey: "s", privateKey: "not a key" } },
      /^signing\.privateKey must be an RSA private key in PEM/,
    ],
    ["a negative timeout", { baseUrl: "test", apiKey: "k", timeoutMs: -1 }, /^timeoutMs must be a whole number/],
  ])("gateway: %s", (_label, options, message) => {
    expect(() => createGatewayClient(options as GatewayClientOptions)).toThrow(ClientOptionsError);
    expect(() => createGatewayClient(options as GatewayClientOptions)).toThrow(message);
  });

  it("gateway: a baseUrl that is neither a URL nor a server's name lists every name the spec's servers give", () => {
    expect(() => createGatewayClient({ baseUrl: "staging", apiKey: "k" })).toThrow(ClientOptionsError);
    try {
      createGatewayClient({ baseUrl: "staging", apiKey: "k" });
    } catch (error) {
      for (const name of Object.keys(gatewayBaseUrls)) expect((error as Error).message).toContain(`"${name}"`);
    }
  });

  it("gateway: a private key's text is never quoted in the error", () => {
    const broken = pem().slice(0, 200);
    const error = (() => {
      try {
        createGatewayClient({ baseUrl: "test", apiKey: "k", signing: { apiKey: "s", privateKey: broken } });
      } catch (caught) {
        return caught as Error;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ClientOptionsError);
    expect(error!.message).not.toContain(broken.slice(40, 80));
  });

  it.each([
    ["no baseUrl", { baseUrl: "", clientId: "c", clientSecret: "s" }, /^baseUrl is required/],
    ["a relative baseUrl", { baseUrl: "/api", clientId: "c", clientSecret: "s" }, /^baseUrl must be an absolute http\(s\) URL/],
    ["an empty client id", { baseUrl: "https://merchant.test.clearhaus.com", clientId: "", clientSecret: "s" }, /^clientId is required/],
    [
      "an empty client secret",
      { baseUrl: "https://merchant.test.clearhaus.com", clientId: "c", clientSecret: "" },
      /^clientSecret is required/,
    ],
    [
      "a tokenUrl that is not a URL",
      { baseUrl: "https://merchant.test.clearhaus.com", clientId: "c", clientSecret: "s", tokenUrl: "oauth/token" },
      /^tokenUrl must be an absolute/,
    ],
  ])("merchant: %s", (_label, options, message) => {
    expect(() => createMerchantClient(options as MerchantClientOptions)).toThrow(ClientOptionsError);
    expect(() => createMerchantClient(options as MerchantClientOptions)).toThrow(message);
  });

  // The clients build their URLs from a checked baseUrl or take links on the API's origin; the
  // sending layer refuses anything else too, rather than report it as a network failure.
  it("a request to a URL that is not an absolute http(s) URL is not sent, retried or counted as maybe arrived", async () => {
    let sent = 0;
    const transport = async () => {
      sent++;
      return new Response(null, { status: 204 });
    };
    const policy = { idempotent: true, retry: resolveRetry({ attempts: 3 }), timeoutMs: 1_000 };
    for (const url of ["ftp://example.com/x", "/applications", "http://[::1"]) {
      const failure = await sendWithPolicy(transport, url, { method: "POST" }, policy).catch((error: unknown) => error);
      expect(failure, url).toBeInstanceOf(ClientOptionsError);
      expect(failure, url).not.toHaveProperty("requestMayHaveBeenSent");
    }
    expect(sent).toBe(0);
  });
});
