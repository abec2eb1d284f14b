/**
 * `npm run contract:proxy` puts Prism as a validating proxy in front of an implementation: a
 * conforming answer passes through unchanged, a response that breaks the spec is refused with
 * Prism's error, and so is a request that breaks it (form bodies decoded through the same
 * Prism-compatible variant as the mock). The toolkit's own clients, configured with nothing but
 * the proxy's address and their credentials, work through it against the sandbox without a
 * violation: tokens, the 401's token hint, links and the token endpoint's answers included.
 */
import getPort from "get-port";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPrismProxy, type RunningMock } from "../src/testkit/prism/prism";
import type { RunningSandbox } from "../src/testkit/sandbox/server";
import { basic, keys, MerchantClient, privateKeyPem, signer, startTestSandbox, validApplication } from "./support/sandbox";
import { startLocalServer, sendJson, type LocalServer } from "./support/local-server";
import { seeded } from "../src/testkit/sandbox/configuration/config";
import { createGatewayClient, encodeForm } from "../src/toolkit/gateway";
import { createMerchantClient, MerchantTokenError } from "../src/toolkit/merchant";
import { merchantRequest } from "./support/spec-examples";
import { rebaser, retargetedAudience } from "../src/testkit/prism/rewrites";
import { linksOf } from "../src/toolkit/clients/merchant/hal";
import { dataRel } from "../src/toolkit/clients/merchant/files";
import { loadBundledSpec } from "../src/testkit/openapi-model/document";
import { listOperationExamples } from "../src/testkit/openapi-model/examples";
import { rateLimitHeaders } from "../generated/merchant/constants";

/** What a promise was rejected with (undefined when it was fulfilled). */
function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe("Prism validating proxy (contract:proxy)", () => {
  let sandbox: RunningSandbox;
  let broken: LocalServer;
  let proxy: RunningMock;
  let brokenProxy: RunningMock & { output(): string };
  let merchantProxy: RunningMock;
  /** What the proxies in front of the sandbox print, by API: every violation Prism sees, at its default level. */
  const printed = { gateway: [] as string[], merchant: [] as string[] };

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    // An implementation whose account resource breaks the spec (merchant_id must be 15 digits).
    broken = await startLocalServer((_request, response) =>
      sendJson(
        response,
        200,
        {
          merchant_id: "12",
          name: "Broken",
          country: "DK",
          currency: "DKK",
          mcc: "5734",
          descriptor: "x",
          transaction_rules: "",
          acquirer: { visa_bin: 1, mastercard_bin: 2 },
        },
        {},
        "application/vnd.clearhaus-gateway.hal+json; version=0.10.0; charset=utf-8",
      ),
    );
    [proxy, brokenProxy, merchantProxy] = await Promise.all([
      startPrismProxy({
        api: "gateway",
        port: await getPort({ host: "127.0.0.1" }),
        upstream: sandbox.gatewayUrl,
        onOutput: (text) => printed.gateway.push(text),
      }),
      startPrismProxy({ api: "gateway", port: await getPort({ host: "127.0.0.1" }), upstream: broken.url, logLevel: "error" }),
      startPrismProxy({
        api: "merchant",
        port: await getPort({ host: "127.0.0.1" }),
        upstream: sandbox.merchantUrl,
        onOutput: (text) => printed.merchant.push(text),
      }),
    ]);
    // Three Prisms start at once; each start is bounded by the CPU time it spends (prism.ts), not
    // by the wall clock of a busy machine.
  });
  afterAll(async () => {
    await Promise.all([proxy?.stop(), brokenProxy?.stop(), merchantProxy?.stop(), broken?.close(), sandbox?.stop()]);
  });

  /**
   * The lines in which Prism reports a violation: one per violation with errors off, and with
   * errors on (the default) the line of the request it refused for them.
   */
  const violations = (api: keyof typeof printed) =>
    printed[api]
      .join("")
      .split("\n")
      .filter((line) => /violation/i.test(line));

  it("starts without probing an operation the spec does not have (no NO_METHOD_MATCHED_ERROR lines)", () => {
    expect([...printed.gateway, ...printed.merchant].join("")).not.toContain("NO_METHOD_MATCHED_ERROR");
  });

  it("passes a conforming answer through unchanged", async () => {
    const direct = await fetch(`${sandbox.gatewayUrl}/account`, { headers: { authorization: basic(keys.merchantKey) } });
    const viaProxy = await fetch(`${proxy.url}/account`, { headers: { authorization: basic(keys.merchantKey) } });
    expect(viaProxy.status).toBe(200);
    expect(await viaProxy.json()).toEqual(await direct.json());
  });

  it("passes a valid signed form body through to the upstream", async () => {
    const body = encodeForm({
      amount: 1000,
      currency: "EUR",
      card: { pan: "4111111111111111", expire_month: "06", expire_year: "2035", csc: "987" },
    });
    const response = await fetch(`${proxy.url}/authorizations`, {
      method: "POST",
      headers: {
        authorization: basic(keys.merchantKey),
        signature: signer.headerFor(Buffer.from(body)),
        "content-type": "application/x-www-form-urlencoded",
      },
      body,
    });
    expect(response.status).toBe(201);
  });

  it("refuses a response that breaks the spec", async () => {
    const response = await fetch(`${brokenProxy.url}/account`, { headers: { authorization: basic(keys.merchantKey) } });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await response.text()).toMatch(/merchant_id|pattern|violation/i);
    expect(brokenProxy.output(), "the refusal's reason is printed").toMatch(/Violation: response\.body\.merchant_id .*GET \/account/);
  });

  it("refuses a request that breaks the spec before it reaches the upstream, as the gateway would", async () => {
    const before = broken.requests.length;
    const body = encodeForm({
      amount: "ten",
      currency: "EUR",
      card: { pan: "4111111111111111", expire_month: "06", expire_year: "2035", csc: "987" },
    });
    const response = await fetch(`${brokenProxy.url}/authorizations`, {
      method: "POST",
      headers: {
        authorization: basic(keys.merchantKey),
        signature: signer.headerFor(Buffer.from(body)),
        "content-type": "application/x-www-form-urlencoded",
      },
      body,
    });
    // Answered as the gateway answers a request that breaks its schema, not with Prism's 422.
    expect(response.status).toBe(400);
    const answered = (await response.json()) as { status: { code: number; message: string } };
    expect(answered.status.code).toBe(40000);
    expect(answered.status.message).toMatch(/^parameter 'amount'/);
    expect(broken.requests.length, "the upstream never saw it").toBe(before);
  });

  it("answers a merchant request that breaks the spec as the API does: 400 with the validation problem and its errors, not Prism's 422", async () => {
    const merchant = new MerchantClient(merchantProxy.url);
    expect((await merchant.login()).status).toBe(200);
    const created = await merchant.call("POST", "/applications", { ...validApplication, business_model: { trading_name: 7 } });
    expect(created.status, created.text).toBe(400);
    expect(created.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(created.body).toMatchObject({ title: expect.any(String), status: 400, errors: expect.any(Object) });
    expect(Object.keys(created.body.errors as object).join(" ")).toContain("trading_name");
    expect(created.body["request-id"]).toEqual(expect.any(String));
    // The proxy still prints the violation it refused the request for; the later tests count only their own.
    expect(violations("merchant").join("\n")).toContain("trading_name");
    printed.merchant.length = 0;
  });

  it("refuses an answer whose body is not the form its Content-Type names, where Prism sees one type", async () => {
    // The token endpoint's 401 problem, labelled application/json: that type's form is RFC 6749's error.
    const problem = listOperationExamples(loadBundledSpec("merchant")).find(
      (e) => e.kind === "response" && e.operationId === "createToken" && e.status === "401" && e.mediaType === "application/problem+json",
    )!.value;
    const required = Object.fromEntries(rateLimitHeaders.map((name) => [name, "1"]));
    const mislabelling = await startLocalServer((_request, response) => sendJson(response, 401, problem, required, "application/json"));
    const guarded = await startPrismProxy({
      api: "merchant",
      port: await getPort({ host: "127.0.0.1" }),
      upstream: mislabelling.url,
      logLevel: "error",
    });
    try {
      const response = await fetch(`${guarded.url}/oauth/token`, {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from("client:secret").toString("base64")}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ grant_type: "client_credentials", audience: mislabelling.url }).toString(),
      });
      expect(mislabelling.requests.length, "it reached the upstream").toBe(1);
      expect(response.status).toBe(500);
      expect(guarded.output()).toMatch(/Violation: response\.body \(as application\/json\) .*POST \/oauth\/token/);
    } finally {
      await Promise.all([guarded.stop(), mislabelling.close()]);
    }
  });

  describe("the toolkit's clients through the proxy, against the sandbox", () => {
    it("the merchant client, given only the proxy's address and the seeded OAuth client: root, create and read, list", async () => {
      const merchant = createMerchantClient({
        baseUrl: merchantProxy.url,
        clientId: seeded.merchant.clientId,
        clientSecret: seeded.merchant.clientSecret,
        retry: { attempts: 1 },
      });
      // The first request carries no token: the upstream's 401 names the token endpoint, and
      // the token is issued for the client's default audience, the proxy's address.
      const root = await merchant.root();
      expect(root._links.self.href, "links lead back through the proxy").toBe(`${merchantProxy.url}/`);
      const created = await merchant.create(root, "ch:applications", merchantRequest("createApplication", "digitalService"));
      expect(created._links.self.href.startsWith(`${merchantProxy.url}/`)).toBe(true);
      const read = await merchant.follow(created, "self");
      expect(read.business_model).toEqual(created.business_model);
      const listed = [];
      for await (const application of merchant.items(root, "ch:applications")) listed.push(application._links.self.href);
      expect(listed).toContain(created._links.self.href);
      // A link to another host, the storage host's pre-signed upload, is left alone: the bytes go
      // there directly (no token), and come back through the API's download link, via the proxy.
      const bytes = new TextEncoder().encode("%PDF-1.7\n");
      const file = await merchant.uploadFile(
        created,
        { label: "bank_statement", name: "statement.pdf", content_type: "application/pdf" },
        bytes,
      );
      const links = Object.fromEntries(linksOf(file, dataRel).map((link) => [link.name, link.href]));
      expect(links.upload?.startsWith(`${sandbox.storageUrl}/`), "the upload goes to the storage host").toBe(true);
      expect(links.download?.startsWith(`${merchantProxy.url}/`), "the download goes through the proxy").toBe(true);
      expect((await merchant.downloadFile(file)).bytes).toEqual(bytes);
      expect(violations("merchant")).toEqual([]);
      expect(sandbox.violations.entries).toEqual([]);
    });

    it("the merchant client with a wrong secret or audience gets the token endpoint's refusal as a typed error", async () => {
      const merchant = createMerchantClient({
        baseUrl: merchantProxy.url,
        clientId: seeded.merchant.clientId,
        clientSecret: "not-the-secret",
        retry: { attempts: 1 },
      });
      const refused = await rejectionOf(merchant.root());
      expect(refused).toBeInstanceOf(MerchantTokenError);
      expect((refused as MerchantTokenError).status).toBe(401);
      expect((refused as MerchantTokenError).error).toBe("invalid_client");
      // An audience that names neither the proxy nor the upstream is passed on as it is, and refused.
      const elsewhere = createMerchantClient({
        baseUrl: merchantProxy.url,
        clientId: seeded.merchant.clientId,
        clientSecret: seeded.merchant.clientSecret,
        audience: "https://elsewhere.example",
        retry: { attempts: 1 },
      });
      const badAudience = await rejectionOf(elsewhere.root());
      expect(badAudience).toBeInstanceOf(MerchantTokenError);
      expect((badAudience as MerchantTokenError).error).toBe("invalid_request");
      expect(violations("merchant")).toEqual([]);
    });

    it("with errors off (--no-errors), the merchant client's first request, without a token, is no violation", async () => {
      const lenient = await startPrismProxy({
        api: "merchant",
        port: await getPort({ host: "127.0.0.1" }),
        upstream: sandbox.merchantUrl,
        errors: false,
        onOutput: () => undefined,
      });
      try {
        const merchant = createMerchantClient({
          baseUrl: lenient.url,
          clientId: seeded.merchant.clientId,
          clientSecret: seeded.merchant.clientSecret,
          retry: { attempts: 1 },
        });
        expect((await merchant.root())._links.self.href).toBe(`${lenient.url}/`);
        expect(
          lenient
            .output()
            .split("\n")
            .filter((line) => /violation/i.test(line)),
        ).toEqual([]);
      } finally {
        await lenient.stop();
      }
    });

    it("the gateway client through the gateway proxy: an authorization and its capture", async () => {
      const gateway = createGatewayClient({
        baseUrl: proxy.url,
        apiKey: keys.merchantKey,
        signing: { apiKey: keys.signingKeyId, privateKey: privateKeyPem },
        retry: { attempts: 1 },
      });
      const authorized = await gateway.authorize({
        amount: 1000,
        currency: "EUR",
        card: { pan: "4111111111111111", expire_month: "06", expire_year: "2035", csc: "987" },
      });
      if (!authorized.approved) throw new Error(`the authorization was declined: ${authorized.code} ${authorized.meaning}`);
      const captured = await gateway.capture(authorized.transaction.id);
      expect(captured.approved).toBe(true);
      expect(violations("gateway")).toEqual([]);
      expect(sandbox.violations.entries).toEqual([]);
    });
  });
});

describe("what the proxy's front rewrites", () => {
  it("rebases the upstream's address only where a link starts with it, templates included", () => {
    const rebase = rebaser("http://127.0.0.1:4021/api/");
    const proxy = "http://127.0.0.1:4031";
    expect(rebase("http://127.0.0.1:4021/api/applications{?query,page,per_page}", proxy)).toBe(
      `${proxy}/applications{?query,page,per_page}`,
    );
    expect(rebase("HTTP://127.0.0.1:4021/api", proxy), "scheme and host in any case").toBe(proxy);
    expect(rebase("http://127.0.0.1:40211/api/x", proxy), "another port").toBe("http://127.0.0.1:40211/api/x");
    expect(rebase("http://127.0.0.1:4021/apiary", proxy), "another path").toBe("http://127.0.0.1:4021/apiary");
    expect(rebase("https://developer.clearhaus.com/rels/{rel}", proxy)).toBe("https://developer.clearhaus.com/rels/{rel}");
  });

  it("retargets only an audience that names the proxy, in a form body", () => {
    const form = (audience: string) => Buffer.from(new URLSearchParams({ grant_type: "client_credentials", audience }).toString());
    const proxies = ["http://127.0.0.1:4031"];
    const retargeted = retargetedAudience(
      "application/x-www-form-urlencoded",
      form("http://127.0.0.1:4031/"),
      proxies,
      "https://merchant.test.example/",
    );
    expect(new URLSearchParams(retargeted!.toString()).get("audience")).toBe("https://merchant.test.example");
    expect(
      retargetedAudience(
        "application/x-www-form-urlencoded",
        form("https://merchant.test.example"),
        proxies,
        "https://merchant.test.example",
      ),
    ).toBeUndefined();
    expect(retargetedAudience("application/json", form("http://127.0.0.1:4031"), proxies, "https://merchant.test.example")).toBeUndefined();
  });
});
