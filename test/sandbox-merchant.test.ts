/**
 * The merchant sandbox behaves as the seed describes: OAuth (token endpoint, client
 * registration, bearer checks), the HAL root, applications with stamps, gateway selection,
 * people, files through a pre-signed storage link, field comments, disputes and contracts with
 * their stamps, the paginated transactions collection, rate limits and request ids. Every
 * response is validated against the bundled spec; the suite ends by asserting none broke it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { curieName, pagination, problemMediaType, rateLimitHeaders } from "../generated/merchant/constants";
import type { RunningSandbox } from "../src/testkit/sandbox/server";
import { expand, MerchantClient, startTestSandbox, validApplication, validPerson, type MerchantCall } from "./support/sandbox";

let sandbox: RunningSandbox;
let api: MerchantClient;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  api = new MerchantClient(sandbox.merchantUrl);
  expect((await api.login()).status).toBe(200);
});
afterAll(async () => {
  expect(sandbox.violations.entries, "responses that broke the spec").toEqual([]);
  await sandbox?.stop();
});

function expectProblem(response: MerchantCall, status: number, title: string): void {
  expect(response.status, response.text).toBe(status);
  expect(response.headers.get("content-type")).toBe(problemMediaType);
  expect(response.body).toMatchObject({ status, title, "request-id": expect.any(String) });
}

async function root(): Promise<Record<string, { href: string; templated?: boolean }>> {
  return (await api.call("GET", "/")).body._links;
}

async function newApplication(body: unknown = validApplication): Promise<MerchantCall> {
  const links = await root();
  return api.call("POST", expand(links["ch:applications"]!), body);
}

/** File metadata, upload through the pre-signed link, and the file resource. */
async function uploadFile(filesLink: { href: string }, label: string, bytes: Buffer, contentType = "application/pdf"): Promise<MerchantCall> {
  const created = await api.call("POST", expand(filesLink), { label, name: `${label}.pdf`, content_type: contentType, size: bytes.length });
  expect(created.status, created.text).toBe(201);
  const upload = created.body._links["ch:data"].find((l: { name: string }) => l.name === "upload").href as string;
  const put = await fetch(upload, { method: "PUT", headers: { "content-type": contentType }, body: new Uint8Array(bytes) });
  expect(put.status).toBe(200);
  return created;
}

describe("OAuth: token endpoint and client registration", () => {
  it("the token endpoint issues a bearer token for client credentials and the API's audience", async () => {
    const client = new MerchantClient(sandbox.merchantUrl);
    const response = await client.login();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.body).toMatchObject({ token_type: "Bearer", expires_in: expect.any(Number), _links: { "ch:root": { href: `${sandbox.merchantUrl}/` } } });
  });

  it("wrong client credentials give 401 invalid_client", async () => {
    const response = await new MerchantClient(sandbox.merchantUrl).login("sandbox-client", "wrong");
    expect(response.status).toBe(401);
    expect(response.body.error).toBe("invalid_client");
  });

  it("a grant other than client_credentials gives unsupported_grant_type; a missing audience invalid_request", async () => {
    const headers = { authorization: "Basic " + Buffer.from("sandbox-client:sandbox-secret-TEST-ONLY").toString("base64"), "content-type": "application/x-www-form-urlencoded" };
    const password = await api.raw("POST", `${sandbox.merchantUrl}/oauth/token`, { headers, body: `grant_type=password&audience=${sandbox.merchantUrl}` });
    expect(password.body.error).toBe("unsupported_grant_type");
    const noAudience = await api.raw("POST", `${sandbox.merchantUrl}/oauth/token`, { headers, body: "grant_type=client_credentials" });
    expect(noAudience.status).toBe(400);
    expect(noAudience.body).toMatchObject({ error: "invalid_request", error_description: "parameter 'audience' is required" });
    const foreign = await api.raw("POST", `${sandbox.merchantUrl}/oauth/token`, { headers, body: "grant_type=client_credentials&audience=https://example.com" });
    expect(foreign.body.error).toBe("invalid_request");
  });

  it("a registered client gets credentials that work at the token endpoint", async () => {
    const registered = await api.call("POST", "/oauth/clients", { client_name: "CI job", grant_types: ["client_credentials"], contacts: ["ci@example.com"] });
    expect(registered.status).toBe(201);
    expect(registered.headers.get("location")).toBe(registered.body._links.self.href);
    expect(registered.body).toMatchObject({ client_name: "CI job", client_id: expect.any(String), client_secret: expect.any(String) });
    const other = new MerchantClient(sandbox.merchantUrl);
    expect((await other.login(registered.body.client_id, registered.body.client_secret)).status).toBe(200);
    expect((await other.call("GET", "/")).status).toBe(200);
  });

  it("registration is protected: without a bearer token it gives a 401 problem", async () => {
    const response = await api.raw("POST", `${sandbox.merchantUrl}/oauth/clients`, { headers: { "content-type": "application/json" }, body: "{}" });
    expectProblem(response, 401, "Unauthorized");
  });
});

describe("Authentication: bearer checks", () => {
  it("an invalid token gives a 401 problem carrying oauth2-token and a request-id", async () => {
    const response = await api.raw("GET", `${sandbox.merchantUrl}/`, { headers: { authorization: "Bearer not-a-token" } });
    expectProblem(response, 401, "Unauthorized");
    expect(response.body["oauth2-token"]).toBe(`${sandbox.merchantUrl}/oauth/token`);
    expect(response.body.detail).toMatch(/invalid/);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("a token expires after expires_in seconds on the test clock", async () => {
    const timed = await startTestSandbox({ merchant: { tokenTtlSeconds: 60 } });
    try {
      const client = new MerchantClient(timed.merchantUrl);
      await client.login();
      expect((await client.call("GET", "/")).status).toBe(200);
      await fetch(`${timed.merchantUrl}/_sandbox/clock`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ advance_seconds: 61 }) });
      const expired = await client.call("GET", "/");
      expectProblem(expired, 401, "Unauthorized");
      expect(expired.body.detail).toMatch(/expired/);
      expect(timed.violations.entries).toEqual([]);
    } finally {
      await timed.stop();
    }
  });
});

describe("Root: ch: links and curies", () => {
  it("the root links to oauth2-token and the ch: collections, with the ch curie", async () => {
    const response = await api.call("GET", "/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/hal+json");
    const links = response.body._links;
    expect(links.self.href).toBe(`${sandbox.merchantUrl}/`);
    expect(links["oauth2-token"].href).toBe(`${sandbox.merchantUrl}/oauth/token`);
    expect(links["ch:transactions"]).toEqual({ href: `${sandbox.merchantUrl}/transactions{?query,per_page}`, templated: true });
    expect(links["ch:applications"].templated).toBe(true);
    expect(links["ch:disputes"].templated).toBe(true);
    expect(links.curies).toEqual([{ name: curieName, templated: true, href: expect.stringMatching(/\{rel\}$/) }]);
  });

  it("OPTIONS on a link answers Allow", async () => {
    const response = await api.call("OPTIONS", "/");
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toBe("GET, OPTIONS");
  });
});

describe("Applications: stamps, gateway selection, people, files", () => {
  it("an application is created unsubmitted, with a Location and links to its collections", async () => {
    const created = await newApplication();
    expect(created.status, created.text).toBe(201);
    expect(created.headers.get("location")).toBe(created.body._links.self.href);
    expect(created.body.metadata.state).toBe("unsubmitted");
    expect(created.body._links["ch:stamps"].map((s: { name: string }) => s.name)).toEqual(["submitted", "archived"]);
    const fetched = await api.call("GET", created.body._links.self.href);
    expect(fetched.body.business_model.trading_name).toBe("Acme Coffee");
  });

  it("an invalid application is a Validation Error whose errors name the parameter", async () => {
    const response = await newApplication({ business_model: { ...validApplication.business_model, estimate_currency: "dkk" } });
    expectProblem(response, 400, "Validation Error");
    expect(Object.keys(response.body.errors)).toEqual(["business_model.estimate_currency"]);
    const missing = await newApplication({ business_model: { trading_name: "x" } });
    expect(missing.body.errors).toHaveProperty("business_model.recurring");
  });

  it("PATCH changes the given properties only", async () => {
    const created = await newApplication();
    const patched = await api.call("PATCH", created.body._links.self.href, { additional_information: "We also sell mugs", business_model: { trading_name: "Acme Coffee & Mugs" } });
    expect(patched.status).toBe(200);
    expect(patched.body.additional_information).toBe("We also sell mugs");
    expect(patched.body.business_model).toMatchObject({ trading_name: "Acme Coffee & Mugs", recurring: true });
  });

  it("submitted is accepted only when the application holds all necessary data, else a problem names what is missing", async () => {
    const created = await newApplication({ business_model: validApplication.business_model });
    const links = created.body._links;
    const submit = links["ch:stamps"].find((s: { name: string }) => s.name === "submitted").href;

    const refused = await api.call("PUT", submit);
    expectProblem(refused, 409, "Conflict");
    expect(Object.keys(refused.body.errors).sort()).toEqual(["gateways", "people", "signer.email", "signer.name"]);

    await api.call("PATCH", links.self.href, { signer: validApplication.signer });
    const gateways = await api.call("GET", expand(links["ch:gateways"]));
    expect(gateways.body._embedded["ch:gateways"]).toEqual([]);
    const selection = gateways.body._embedded.selectable[0]._links["ch:selection"].href;
    expect((await api.call("PUT", selection)).status).toBe(204);
    const after = await api.call("GET", expand(links["ch:gateways"]));
    expect(after.body._embedded["ch:gateways"].map((g: { id: string }) => g.id)).toEqual([gateways.body._embedded.selectable[0].id]);

    const person = await api.call("POST", expand(links["ch:people"]), validPerson);
    expect(person.status, person.text).toBe(201);
    const stillMissing = await api.call("PUT", submit);
    expect(Object.keys(stillMissing.body.errors)).toEqual([`people.${person.body._links.self.href.split("/").pop()}.files`]);
    expect(stillMissing.body.errors[Object.keys(stillMissing.body.errors)[0]!]).toHaveLength(2);

    await uploadFile(person.body._links["ch:files"], "picture_legitimation", Buffer.from("passport scan"));
    await uploadFile(person.body._links["ch:files"], "address_legitimation", Buffer.from("utility bill"));
    expect((await api.call("PUT", submit)).status).toBe(204);
    expect((await api.call("PUT", submit)).status).toBe(204); // idempotent

    const submitted = await api.call("GET", links.self.href);
    expect(submitted.body.metadata.state).toBe("submitted");
    expect(submitted.body._links["ch:stamps"].map((s: { name: string }) => s.name)).toEqual(["archived"]);
    expect(submitted.body._links["ch:contracts"]).toBeDefined();

    // After submission the gateway selection cannot change.
    const another = (await api.call("GET", expand(links["ch:gateways"]))).body._embedded.selectable;
    expect(another.every((g: { _links: Record<string, unknown> }) => g._links["ch:selection"] === undefined)).toBe(true);
    const late = await api.call("PUT", `${sandbox.merchantUrl}/applications/${created.body._links.self.href.split("/").pop()}/gateways/gw-sandbox-three`);
    expectProblem(late, 409, "Conflict");
  });

  it("archived can be added and removed; submitted cannot be removed", async () => {
    const created = await newApplication();
    const archived = created.body._links["ch:stamps"].find((s: { name: string }) => s.name === "archived").href;
    expect((await api.call("PUT", archived)).status).toBe(204);
    expect((await api.call("OPTIONS", archived)).headers.get("allow")).toBe("PUT, DELETE, OPTIONS");
    expect((await api.call("DELETE", archived)).status).toBe(204);
    const submitted = archived.replace(/archived$/, "submitted");
    expect((await api.call("OPTIONS", submitted)).headers.get("allow")).toBe("PUT, OPTIONS");
    expectProblem(await api.call("DELETE", submitted), 409, "Conflict");
  });

  it("a stamp the application does not offer is a 409 conflict (stamp names are open); an unknown application is 404", async () => {
    const created = await newApplication();
    expectProblem(await api.call("PUT", `${created.body._links.self.href}/stamps/approved`), 409, "Conflict");
    expectProblem(await api.call("GET", `${sandbox.merchantUrl}/applications/does-not-exist`), 404, "Not Found");
  });

  it("people: create, read, update, list and delete", async () => {
    const created = await newApplication();
    const peopleLink = created.body._links["ch:people"];
    const person = await api.call("POST", expand(peopleLink), validPerson);
    expect(person.body._links["ch:application"].href).toBe(created.body._links.self.href);
    const patched = await api.call("PATCH", person.body._links.self.href, { city: "Aarhus" });
    expect(patched.body).toMatchObject({ city: "Aarhus", name: "Anna Jensen" });
    const list = await api.call("GET", expand(peopleLink));
    expect(list.body).toMatchObject({ count: 1, page: 1, per_page: pagination.perPageDefault });
    expect((await api.call("DELETE", person.body._links.self.href)).status).toBe(204);
    expectProblem(await api.call("GET", person.body._links.self.href), 404, "Not Found");
    const invalid = await api.call("POST", expand(peopleLink), { ...validPerson, date_of_birth: "01-01-1985" });
    expect(invalid.body.errors).toHaveProperty("date_of_birth");
  });
});

describe("Files: metadata, pre-signed upload, download", () => {
  let filesLink: { href: string };
  beforeAll(async () => {
    filesLink = (await newApplication()).body._links["ch:files"];
  });

  it("the upload goes to a pre-signed storage link and the download returns the same bytes", async () => {
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10, 0x80]);
    const file = await uploadFile(filesLink, "bank_statement", bytes);
    const links = file.body._links["ch:data"];
    expect(links.map((l: { name: string }) => l.name)).toEqual(["upload", "download"]);
    expect(links[0].href.startsWith(sandbox.storageUrl)).toBe(true);
    const download = await fetch(links[1].href, { headers: { authorization: `Bearer ${api.token}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);
  });

  it("the upload link requires the file's content type and no Authorization header", async () => {
    const created = await api.call("POST", expand(filesLink), { label: "bank_statement", content_type: "application/pdf" });
    const upload = created.body._links["ch:data"][0].href;
    expect((await fetch(upload, { method: "PUT", headers: { "content-type": "image/png" }, body: "x" })).status).toBe(403);
    const withAuth = await fetch(upload, { method: "PUT", headers: { "content-type": "application/pdf", authorization: `Bearer ${api.token}` }, body: "x" });
    expect(withAuth.status).toBe(403);
    expect(await withAuth.text()).toMatch(/<Code>AccessDenied<\/Code>/);
    expect((await fetch(upload.replace(/X-Sandbox-Signature=[^&]+/, "X-Sandbox-Signature=00"), { method: "PUT", headers: { "content-type": "application/pdf" }, body: "x" })).status).toBe(403);
  });

  it("the upload link expires; GET on the file gives a fresh one", async () => {
    const created = await api.call("POST", expand(filesLink), { label: "bank_statement", content_type: "text/plain" });
    const stale = created.body._links["ch:data"][0].href;
    await fetch(`${sandbox.merchantUrl}/_sandbox/clock`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ advance_seconds: 901 }) });
    const expired = await fetch(stale, { method: "PUT", headers: { "content-type": "text/plain" }, body: "late" });
    expect(expired.status).toBe(403);
    expect(await expired.text()).toMatch(/RequestExpired/);
    await api.login(); // the token outlived the jump? refresh it either way
    const fresh = (await api.call("GET", created.body._links.self.href)).body._links["ch:data"][0].href;
    expect((await fetch(fresh, { method: "PUT", headers: { "content-type": "text/plain" }, body: "in time" })).status).toBe(200);
  });

  it("a file without content has no download yet (404 problem); PATCH cannot change the label", async () => {
    const created = await api.call("POST", expand(filesLink), { label: "bank_statement", content_type: "text/plain" });
    expectProblem(await api.call("GET", created.body._links["ch:data"][1].href), 404, "Not Found");
    const patch = await api.call("PATCH", created.body._links.self.href, { label: "other" });
    expect(patch.body.errors).toHaveProperty("label");
    const renamed = await api.call("PATCH", created.body._links.self.href, { name: "statement.txt" });
    expect(renamed.body.name).toBe("statement.txt");
    expect((await api.call("DELETE", created.body._links.self.href)).status).toBe(204);
  });
});

describe("Field comments", () => {
  let app: MerchantCall;
  beforeAll(async () => {
    app = await newApplication();
  });

  it("a comment with exactly one ch-field tag naming a commentable property is accepted", async () => {
    const comments = app.body._links["ch:comments"];
    const created = await api.call("POST", expand(comments), { body: "Please add the trading name as registered.", tags: ["ch-field:business_model.trading_name"] });
    expect(created.status, created.text).toBe(201);
    expect(created.body._links["ch:application"].href).toBe(app.body._links.self.href);
    const list = await api.call("GET", expand(comments));
    expect(list.body._embedded["ch:comments"]).toHaveLength(1);
    expect((await api.call("GET", created.body._links.self.href)).body.body).toBe("Please add the trading name as registered.");
  });

  it("a tag naming a property that is not commentable is rejected", async () => {
    const response = await api.call("POST", expand(app.body._links["ch:comments"]), { body: "x", tags: ["ch-field:metadata.state"] });
    expectProblem(response, 400, "Validation Error");
    expect(response.body.errors.tags[0]).toMatch(/not a commentable property/);
  });

  it("more than one tag, or a tag that is not a field tag, is rejected", async () => {
    const two = await api.call("POST", expand(app.body._links["ch:comments"]), { body: "x", tags: ["ch-field:signer.name", "ch-field:signer.email"] });
    expectProblem(two, 400, "Validation Error");
    const other = await api.call("POST", expand(app.body._links["ch:comments"]), { body: "x", tags: ["urgent"] });
    expectProblem(other, 400, "Validation Error");
  });

  it("commentable properties come from the spec: a person's roles are not commentable, its name is", async () => {
    const person = await api.call("POST", expand(app.body._links["ch:people"]), validPerson);
    const comments = person.body._links["ch:comments"];
    expect((await api.call("POST", expand(comments), { body: "x", tags: ["ch-field:name"] })).status).toBe(201);
    expectProblem(await api.call("POST", expand(comments), { body: "x", tags: ["ch-field:role_owner"] }), 400, "Validation Error");
  });

  it("a dispute takes free comments but no field comments", async () => {
    const disputes = await api.call("GET", expand((await root())["ch:disputes"]!));
    const comments = disputes.body._embedded["ch:disputes"][0]._links["ch:comments"];
    expect((await api.call("POST", expand(comments), { body: "Please see attached files." })).status).toBe(201);
    expectProblem(await api.call("POST", expand(comments), { body: "x", tags: ["ch-field:amount"] }), 400, "Validation Error");
  });
});

describe("Disputes and contracts", () => {
  it("disputes are listed with DQL and refuted with their stamp once evidence is uploaded", async () => {
    const open = await api.call("GET", expand((await root())["ch:disputes"]!, { query: "status:open reason:fraud" }));
    expect(open.body.count).toBe(1);
    const dispute = open.body._embedded["ch:disputes"][0];
    const refute = dispute._links["ch:stamps"].find((s: { name: string }) => s.name === "refuted").href;
    const early = await api.call("PUT", refute);
    expectProblem(early, 409, "Conflict");
    expect(early.body.errors).toHaveProperty("files");
    await uploadFile(dispute._links["ch:files"], "customer_invoice", Buffer.from("invoice"));
    expect((await api.call("PUT", refute)).status).toBe(204);
    const after = await api.call("GET", dispute._links.self.href);
    expect(after.body.status).toBe("refuted");
    expect(after.body._links["ch:stamps"]).toBeUndefined();
    expectProblem(await api.call("PUT", refute), 409, "Conflict");
    expect((await api.call("DELETE", refute)).status).toBe(405);
  });

  it("the 10 MB size of dispute evidence is advice, not a limit: a larger file is accepted", async () => {
    const dispute = (await api.call("GET", expand((await root())["ch:disputes"]!))).body._embedded["ch:disputes"][1];
    const response = await api.call("POST", expand(dispute._links["ch:files"]), { label: "evidence", content_type: "application/pdf", size: 10_000_001 });
    expect(response.status, response.text).toBe(201);
  });

  it("an unknown DQL modifier is a Validation Error", async () => {
    expectProblem(await api.call("GET", expand((await root())["ch:disputes"]!, { query: "colour:red" })), 400, "Validation Error");
  });

  it("a submitted application has a contract that is signed with its stamp and an optional note", async () => {
    // Build a complete application quickly.
    const created = await newApplication();
    const links = created.body._links;
    const gateways = await api.call("GET", expand(links["ch:gateways"]));
    await api.call("PUT", gateways.body._embedded.selectable[0]._links["ch:selection"].href);
    const person = await api.call("POST", expand(links["ch:people"]), validPerson);
    await uploadFile(person.body._links["ch:files"], "picture_legitimation", Buffer.from("a"));
    await uploadFile(person.body._links["ch:files"], "address_legitimation", Buffer.from("b"));
    expect((await api.call("PUT", `${links.self.href}/stamps/submitted`)).status).toBe(204);

    const app = await api.call("GET", links.self.href);
    const contracts = await api.call("GET", expand(app.body._links["ch:contracts"], { query: "state:needs_signature" }));
    expect(contracts.body.count).toBe(1);
    expect(contracts.body._links.last).toBeUndefined();
    const contract = contracts.body._embedded["ch:contracts"][0];
    const sign = contract._links["ch:stamps"].find((s: { name: string }) => s.name === "signed").href;
    expect((await api.call("PUT", sign, { note: "Signed by the CEO" })).status).toBe(204);
    expect((await api.call("GET", contract._links.self.href)).body.state).toBe("signed");
    expectProblem(await api.call("PUT", sign), 409, "Conflict");
  });
});

describe("Transactions: query and pagination", () => {
  it("the collection pages 20 by default and follows next until it is absent", async () => {
    const first = await api.call("GET", expand((await root())["ch:transactions"]!));
    expect(first.body.per_page).toBe(pagination.perPageDefault);
    expect(first.body._embedded["ch:transactions"]).toHaveLength(pagination.perPageDefault);
    const seen = new Set<string>();
    let page: MerchantCall = first;
    let pages = 1;
    for (;;) {
      for (const t of page.body._embedded["ch:transactions"]) seen.add(t.id);
      const next = page.body._links.next;
      if (!next) break;
      page = await api.call("GET", next.href);
      pages += 1;
    }
    expect(seen.size).toBe(sandbox.merchant.resources.transactions.length);
    expect(pages).toBe(Math.ceil(seen.size / pagination.perPageDefault));
    expect(first.body._links.prev).toBeUndefined();
  });

  it("per_page is at most 50; above is a Validation Error", async () => {
    const transactions = (await root())["ch:transactions"]!;
    const max = await api.call("GET", expand(transactions, { per_page: pagination.perPageMaximum }));
    expect(max.body._embedded["ch:transactions"]).toHaveLength(pagination.perPageMaximum);
    const over = await api.call("GET", expand(transactions, { per_page: pagination.perPageMaximum + 1 }));
    expectProblem(over, 400, "Validation Error");
    expect(over.body.errors).toHaveProperty("per_page");
    expectProblem(await api.call("GET", expand(transactions, { per_page: 0 })), 400, "Validation Error");
    expectProblem(await api.call("GET", expand(transactions, { per_page: "ten" })), 400, "Validation Error");
  });

  it("the query filters (TQL subset) and the cursor belongs to its query", async () => {
    const transactions = (await root())["ch:transactions"]!;
    const dkk = await api.call("GET", expand(transactions, { query: "currency:DKK amount:100..5000", per_page: 50 }));
    const items = dkk.body._embedded["ch:transactions"];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((t: { currency: string; amount: number }) => t.currency === "DKK" && t.amount >= 100 && t.amount <= 5000)).toBe(true);
    const captures = await api.call("GET", expand(transactions, { query: "is:capture", per_page: 5 }));
    expect(captures.body._embedded["ch:transactions"].every((t: { type: string }) => t.type === "capture")).toBe(true);
    const next = new URL(captures.body._links.next.href);
    next.searchParams.set("query", "is:refund");
    expectProblem(await api.call("GET", next.toString()), 400, "Validation Error");
    expectProblem(await api.call("GET", expand(transactions, { query: "flavour:vanilla" })), 400, "Validation Error");
  });

  it("page-based collections carry count, page, per_page and first/prev/next/last", async () => {
    const app = await newApplication();
    const peopleLink = app.body._links["ch:people"];
    for (let i = 0; i < 3; i++) await api.call("POST", expand(peopleLink), validPerson);
    const second = await api.call("GET", expand(peopleLink, { page: 2, per_page: 1 }));
    expect(second.body).toMatchObject({ count: 3, page: 2, per_page: 1 });
    expect(Object.keys(second.body._links).sort()).toEqual(["curies", "first", "last", "next", "prev", "self", "ch:application"].sort());
  });
});

describe("Rate limits and request ids", () => {
  it("every response reports the quota in the RateLimit headers", async () => {
    const response = await api.call("GET", "/");
    for (const name of rateLimitHeaders) expect(response.headers.get(name), name).toMatch(/^\d+$/);
  });

  it("an exhausted endpoint quota gives 429 with the headers; other endpoints keep working; the window resets", async () => {
    const limited = await startTestSandbox({ merchant: { rateLimits: { operations: { getRoot: 3 } } } });
    try {
      const client = new MerchantClient(limited.merchantUrl);
      await client.login();
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await client.call("GET", "/"));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
      expect(answers.map((a) => a.headers.get("RateLimit-Remaining"))).toEqual(["2", "1", "0", "0"]);
      expectProblem(answers[3]!, 429, "Too Many Requests");
      expect(Number(answers[3]!.headers.get("RateLimit-Reset"))).toBeGreaterThan(0);
      expect((await client.call("GET", "/transactions")).status).toBe(200);
      await fetch(`${limited.merchantUrl}/_sandbox/clock`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ advance_seconds: 61 }) });
      expect((await client.call("GET", "/")).status).toBe(200);
      expect(limited.violations.entries).toEqual([]);
    } finally {
      await limited.stop();
    }
  });

  it("every problem carries a request-id, also in the Request-Id header", async () => {
    const problemsSeen = [
      await api.raw("GET", `${sandbox.merchantUrl}/`),
      await api.call("GET", "/applications/nope"),
      await api.call("GET", "/no/such/path"),
      await api.call("POST", "/applications", { business_model: {} }),
      await api.call("PUT", "/"),
    ];
    for (const response of problemsSeen) {
      expect(response.headers.get("content-type")).toBe(problemMediaType);
      expect(response.body["request-id"]).toMatch(/^req_/);
      expect(response.headers.get("request-id")).toBe(response.body["request-id"]);
    }
    expect(new Set(problemsSeen.map((r) => r.body["request-id"])).size).toBe(problemsSeen.length);
  });
});
