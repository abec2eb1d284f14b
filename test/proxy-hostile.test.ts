/**
 * The validating proxy never re-sends and never leaves loopback by surprise: a redirect from the
 * upstream comes back to the client as the upstream sent it (the signed POST is sent once, and
 * the redirect's target never hears of it, whatever the status and whether errors are on), and
 * the proxy's front refuses a foreign Host and a web page's foreign Origin as the sandbox does.
 */
import { request } from "node:http";
import getPort from "get-port";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPrismProxy, type RunningMock } from "../src/testkit/prism/prism";
import { startLocalServer, type LocalServer } from "./support/local-server";
import { basic, keys, signer } from "./support/sandbox";

const BODY = "amount=100&currency=EUR&card[pan]=4111111111111111&card[expire_month]=06&card[expire_year]=2035&card[csc]=987";

/** A raw HTTP/1.1 exchange with a chosen Host (fetch does not let a caller set it). */
function rawRequest(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: "GET", headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    sent.on("error", reject);
    sent.end();
  });
}

describe("the validating proxy, facing a hostile upstream and hostile pages", () => {
  let upstream: LocalServer;
  let elsewhere: LocalServer;
  let proxies: Array<RunningMock & { output(): string }>;

  beforeAll(async () => {
    elsewhere = await startLocalServer((_request, response) => response.writeHead(201).end("{}"));
    // Every request is answered with a redirect, to another server or to itself.
    upstream = await startLocalServer((received, response) => {
      const status = Number(/status=(\d+)/.exec(received.url)?.[1] ?? 307);
      const to = received.url.includes("same") ? `${upstream.url}/authorizations/elsewhere` : `${elsewhere.url}/authorizations`;
      response.writeHead(status, { location: to, "content-length": "0" }).end();
    });
    proxies = await Promise.all(
      [true, false].map(async (errors) =>
        startPrismProxy({ api: "gateway", port: await getPort({ host: "127.0.0.1" }), upstream: upstream.url, errors, logLevel: "error" }),
      ),
    );
  });

  afterAll(async () => {
    await Promise.all((proxies ?? []).map((proxy) => proxy.stop()));
    await upstream?.close();
    await elsewhere?.close();
  });

  it("passes every redirect back as it came: the signed POST reaches the upstream once and nowhere else", async () => {
    for (const proxy of proxies) {
      for (const [status, where] of [
        [307, "other"],
        [308, "other"],
        [302, "other"],
        [303, "other"],
        [301, "other"],
        [307, "same"],
      ] as const) {
        const before = upstream.requests.length;
        const response = await fetch(`${proxy.url}/authorizations?status=${status}&${where}`, {
          method: "POST",
          redirect: "manual",
          headers: {
            authorization: basic(keys.merchantKey),
            "content-type": "application/x-www-form-urlencoded",
            signature: signer.headerFor(Buffer.from(BODY)),
          },
          body: BODY,
        });
        await response.arrayBuffer();
        expect(response.status, `${status} to ${where}`).toBe(status);
        const location = response.headers.get("location")!;
        // Another host's address as sent; the upstream's own address named as the proxy's (as every link).
        expect(location).toBe(where === "same" ? `${proxy.url}/authorizations/elsewhere` : `${elsewhere.url}/authorizations`);
        expect(upstream.requests.length - before, "POSTs the upstream received").toBe(1);
      }
    }
    expect(elsewhere.requests, "requests the redirect target received").toEqual([]);
  });

  it("refuses a foreign Host and a foreign Origin, as the sandbox's listeners do, before anything reaches the upstream", async () => {
    const before = upstream.requests.length;
    for (const proxy of proxies) {
      const { port } = new URL(proxy.url);
      const rebinding = await rawRequest(`${proxy.url}/account`, { host: `attacker.example:${port}` });
      expect(rebinding.status).toBe(400);
      expect(rebinding.body).toMatch(/^Host must name this loopback listener/);
      const otherPort = await rawRequest(`${proxy.url}/account`, { host: `127.0.0.1:${Number(port) + 1}` });
      expect(otherPort.status).toBe(400);
      const page = await rawRequest(`${proxy.url}/account`, { host: `127.0.0.1:${port}`, origin: "https://attacker.example" });
      expect(page.status).toBe(400);
      expect(page.body).toMatch(/loopback origins/);
      expect((await rawRequest(`${proxy.url}/account?status=307`, { host: `localhost:${port}` })).status).toBe(307);
    }
    expect(upstream.requests.length - before).toBe(proxies.length);
  });
});
