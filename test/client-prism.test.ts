/**
 * Typed happy paths of both clients against the Prism mocks of the bundled specs: Prism
 * validates each request (form body, credentials, JSON body) and answers with the spec's
 * examples, so these runs check the clients' requests against the spec itself.
 */
import { generateKeyPairSync, randomUUID } from "node:crypto";
import getPort from "get-port";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approvedStatusCode } from "../generated/gateway/constants";
import { startPrismMock, type RunningMock } from "../src/testkit/prism/prism";
import { createGatewayClient } from "../src/toolkit/gateway";
import { createMerchantClient } from "../src/toolkit/merchant";
import { sandboxOrigin } from "./support/fake-merchant-api";
import { gatewayRequest, merchantRequest, responseExample } from "./support/spec-examples";

describe("gateway client on the Prism mock", () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startPrismMock({ api: "gateway", port: await getPort({ host: "127.0.0.1" }) });
  });
  afterAll(async () => mock?.stop());

  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const client = () => createGatewayClient({ baseUrl: mock.url, apiKey: randomUUID(), signing: { apiKey: randomUUID(), privateKey } });

  it("authorizes, captures, refunds and voids", async () => {
    const gateway = client();
    const authorization = await gateway.authorize(gatewayRequest("createAuthorization", "cardWith3dSecure"));
    expect(authorization.approved).toBe(true);
    if (!authorization.approved) return;
    expect(authorization.transaction.status.code).toBe(approvedStatusCode);
    const id: string = authorization.transaction.id;

    const capture = await gateway.capture(id, gatewayRequest("createCapture", "travelFlight"));
    expect(capture.approved && capture.transaction._links?.authorization?.href).toMatch(/^\/authorizations\//);
    expect((await gateway.refund(id, { amount: 500 })).approved).toBe(true);
    expect((await gateway.void(id)).approved).toBe(true);
  });

  it("debits, refunds the debit, credits, and reads the account", async () => {
    const gateway = client();
    const debit = await gateway.debit(gatewayRequest("createDebit", "intraEeaVisa"));
    expect(debit.approved).toBe(true);
    if (debit.approved) expect((await gateway.refundDebit(debit.transaction.id)).approved).toBe(true);
    expect((await gateway.credit(gatewayRequest("createCredit", "payout"))).approved).toBe(true);
    expect(await gateway.account()).toEqual(responseExample("gateway", "getAccount", "200", "account"));
  });

  it("a decline chosen with Prefer is an outcome, not an error", async () => {
    const { data, error, response } = await client().POST("/authorizations", {
      body: gatewayRequest("createAuthorization", "card"),
      headers: { Prefer: "code=400, example=declined" },
    });
    expect(response.status).toBe(400);
    expect(data).toBeUndefined();
    expect(error).toMatchObject({ status: { code: 40413 } });
  });

  it("every signing-only method passes Prism's request validation when signed", async () => {
    for (const name of ["applepay", "googlepay", "mobilepayonline", "moto", "clicktopay", "tokenVts", "vipps"]) {
      const outcome = await client().authorize(gatewayRequest("createAuthorization", name));
      expect(outcome.approved, name).toBe(true);
    }
  });
});

describe("merchant client on the Prism mock", () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startPrismMock({ api: "merchant", port: await getPort({ host: "127.0.0.1" }) });
  });
  afterAll(async () => mock?.stop());

  /** The examples' links point at the sandbox and the storage host: route every request to the mock. */
  const uploads: { url: string; headers: Headers }[] = [];
  const toMock = async (url: string, init: RequestInit) => {
    const { pathname, search, origin } = new URL(url);
    if (origin !== sandboxOrigin) uploads.push({ url, headers: new Headers(init.headers) });
    return fetch(`${mock.url}${pathname}${search}`, init);
  };

  it("discovers the token endpoint, navigates from the root, creates an application and uploads a file", async () => {
    const merchant = createMerchantClient({ baseUrl: sandboxOrigin, clientId: randomUUID(), clientSecret: "secret", fetch: toMock });
    const root = await merchant.root(); // 401 problem names the token endpoint; then the token; then the root
    expect(root._links["oauth2-token"].href).toBe(`${sandboxOrigin}/oauth/token`);

    const page = await merchant.follow(root, "ch:applications", { variables: { query: "state:submitted", per_page: 2 } });
    const application = page._embedded?.["ch:applications"]?.[0];
    if (!application) throw new Error("the first page of ch:applications embeds no application");

    const created = await merchant.create(root, "ch:applications", merchantRequest("createApplication", "digitalService"));
    expect(created.metadata?.state).toBeDefined();

    const bytes = new TextEncoder().encode("%PDF-1.7\n");
    const file = await merchant.uploadFile(
      application,
      { label: "bank_statement", name: "statement.pdf", content_type: "application/pdf" },
      bytes,
    );
    expect(file._links["ch:data"].map((l) => l.name).sort()).toEqual(["download", "upload"]);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.headers.get("authorization")).toBeNull();
    expect(uploads[0]!.headers.get("content-type")).toBe(file.content_type);
    expect(merchant.rateLimit?.limit).toBeGreaterThan(0);
  });
});
