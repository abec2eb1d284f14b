/**
 * What is particular to the merchant sandbox, beyond the API rules the contract suite proves
 * against it (contract-tests/behaviour/merchant-*.test.ts): its configuration (token and upload
 * link lifetimes, quotas), its clock, its seeds (disputes, gateways, transactions) and the choices
 * it documents where the sources leave the API open (which stamps each state offers and which can
 * be removed, what an application lacks, the query languages' subset, the Request-Id header).
 * Every response is validated against the bundled spec; the file ends by asserting none broke it.
 */
import { describe, expect, it } from "vitest";
import { pagination, problemMediaType } from "../generated/merchant/constants";
import { defaultConfig } from "../src/testkit/sandbox/configuration/config";
import { expectProblem, useMerchantSandbox } from "./support/merchant-sandbox";
import { expand, MerchantClient, startTestSandbox, validApplication, validPerson, type MerchantCall } from "./support/sandbox";

const merchant = useMerchantSandbox();
const defaults = defaultConfig().merchant;

async function root(): Promise<Record<string, { href: string; templated?: boolean }>> {
  return (await merchant.api.call("GET", "/")).body._links;
}

async function newApplication(body: unknown = validApplication): Promise<MerchantCall> {
  const links = await root();
  return merchant.api.call("POST", expand(links["ch:applications"]!), body);
}

/** File metadata, upload through the pre-signed link, and the file resource. */
async function uploadFile(
  filesLink: { href: string },
  label: string,
  bytes: Buffer,
  contentType = "application/pdf",
): Promise<MerchantCall> {
  const created = await merchant.api.call("POST", expand(filesLink), {
    label,
    name: `${label}.pdf`,
    content_type: contentType,
    size: bytes.length,
  });
  expect(created.status, created.text).toBe(201);
  const upload = created.body._links["ch:data"].find((l: { name: string }) => l.name === "upload").href as string;
  const put = await fetch(upload, { method: "PUT", headers: { "content-type": contentType }, body: new Uint8Array(bytes) });
  expect(put.status).toBe(200);
  return created;
}

/** The names of the named links of a relation (`ch:stamps`). */
function names(links: Array<{ name: string }> | undefined): string[] {
  return (links ?? []).map((link) => link.name);
}

describe("Configuration and clock", () => {
  it("a token expires after the configured tokenTtlSeconds on the sandbox clock", async () => {
    const timed = await startTestSandbox({ merchant: { tokenTtlSeconds: 60 } });
    try {
      const client = new MerchantClient(timed.merchantUrl);
      expect((await client.login()).body.expires_in).toBe(60);
      // The clock also runs in real time: "still valid" is checked halfway (at 59 s a busy
      // machine's pause of a second would end the token first), "expired" a second after the end.
      timed.clock.advance(30);
      expect((await client.call("GET", "/")).status).toBe(200);
      timed.clock.advance(31);
      const expired = await client.call("GET", "/");
      expectProblem(expired, "UnauthorizedProblem");
      expect(expired.body.detail).toMatch(/expired/);
      expect(timed.violations.entries).toEqual([]);
    } finally {
      await timed.stop();
    }
  });

  it("a configured endpoint quota is used up on its own: 429, other endpoints keep working, the window resets", async () => {
    const limited = await startTestSandbox({ merchant: { rateLimits: { operations: { getRoot: 3 } } } });
    try {
      const client = new MerchantClient(limited.merchantUrl);
      await client.login();
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await client.call("GET", "/"));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
      expect(answers.map((a) => a.headers.get("RateLimit-Remaining"))).toEqual(["2", "1", "0", "0"]);
      expectProblem(answers[3]!, "RateLimitProblem");
      expect((await client.call("GET", "/transactions")).status).toBe(200);
      limited.clock.advance(defaults.rateLimits.windowSeconds + 1);
      expect((await client.call("GET", "/")).status).toBe(200);
      expect(limited.violations.entries).toEqual([]);
    } finally {
      await limited.stop();
    }
  });

  it("the upload link expires after uploadUrlTtlSeconds; GET on the file gives a fresh one", async () => {
    const filesLink = (await newApplication()).body._links["ch:files"];
    const created = await merchant.api.call("POST", expand(filesLink), { label: "bank_statement", content_type: "text/plain" });
    const stale = created.body._links["ch:data"][0].href;
    merchant.sandbox.clock.advance(defaults.uploadUrlTtlSeconds + 1);
    const expired = await fetch(stale, { method: "PUT", headers: { "content-type": "text/plain" }, body: "late" });
    expect(expired.status).toBe(403);
    expect(await expired.text()).toMatch(/RequestExpired/);
    await merchant.api.login(); // the token may not have outlived the jump
    const fresh = (await merchant.api.call("GET", created.body._links.self.href)).body._links["ch:data"][0].href;
    expect((await fetch(fresh, { method: "PUT", headers: { "content-type": "text/plain" }, body: "in time" })).status).toBe(200);
  });

  it("an upload link is bound to the content type the file had when it was issued", async () => {
    const filesLink = (await newApplication()).body._links["ch:files"];
    const created = await merchant.api.call("POST", expand(filesLink), { label: "bank_statement", content_type: "text/plain" });
    const older = created.body._links["ch:data"].find((l: { name: string }) => l.name === "upload").href as string;
    const patched = await merchant.api.call("PATCH", created.body._links.self.href, { content_type: "application/pdf" });
    expect(patched.status, patched.text).toBe(200);
    const refused = await fetch(older, { method: "PUT", headers: { "content-type": "text/plain" }, body: "sent as text" });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("content_type has changed");
    const fresh = (await merchant.api.call("GET", created.body._links.self.href)).body._links["ch:data"].find(
      (l: { name: string }) => l.name === "upload",
    ).href as string;
    expect((await fetch(fresh, { method: "PUT", headers: { "content-type": "application/pdf" }, body: "%PDF-1.7" })).status).toBe(200);
    const download = created.body._links["ch:data"].find((l: { name: string }) => l.name === "download").href as string;
    const bytes = await merchant.api.call("GET", download);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get("content-type")).toBe("application/pdf");
  });

  it("a zero-byte upload is stored, and downloads as zero bytes", async () => {
    const filesLink = (await newApplication()).body._links["ch:files"];
    const created = await merchant.api.call("POST", expand(filesLink), { label: "bank_statement", content_type: "text/plain" });
    const upload = created.body._links["ch:data"].find((l: { name: string }) => l.name === "upload").href as string;
    expect((await fetch(upload, { method: "PUT", headers: { "content-type": "text/plain" }, body: "" })).status).toBe(200);
    const download = created.body._links["ch:data"].find((l: { name: string }) => l.name === "download").href as string;
    const bytes = await merchant.api.call("GET", download);
    expect(bytes.status).toBe(200);
    expect(bytes.text).toBe("");
  });
});

describe("Applications: the sandbox's stamps and what submission needs", () => {
  it("a new application is unsubmitted and offers submitted and archived", async () => {
    const created = await newApplication();
    expect(created.body.metadata.state).toBe("unsubmitted");
    expect(names(created.body._links["ch:stamps"])).toEqual(["submitted", "archived"]);
  });

  it("a refused submission names each gap until none is left; after it the gateway selection is closed", async () => {
    const { api, sandbox } = merchant;
    const created = await newApplication({ business_model: validApplication.business_model });
    const links = created.body._links;
    const submit = links["ch:stamps"].find((s: { name: string }) => s.name === "submitted").href;

    const refused = await api.call("PUT", submit);
    expectProblem(refused, "ConflictProblem");
    expect(Object.keys(refused.body.errors).sort()).toEqual(["gateways", "people", "signer.email", "signer.name"]);

    await api.call("PATCH", links.self.href, { signer: validApplication.signer });
    const gateways = await api.call("GET", expand(links["ch:gateways"]));
    expect(gateways.body._embedded["ch:gateways"]).toEqual([]);
    expect((await api.call("PUT", gateways.body._embedded.selectable[0]._links["ch:selection"].href)).status).toBe(204);

    const person = await api.call("POST", expand(links["ch:people"]), validPerson);
    const stillMissing = await api.call("PUT", submit);
    expect(Object.keys(stillMissing.body.errors)).toEqual([`people.${person.body._links.self.href.split("/").pop()}.files`]);

    await uploadFile(person.body._links["ch:files"], "picture_legitimation", Buffer.from("passport scan"));
    await uploadFile(person.body._links["ch:files"], "address_legitimation", Buffer.from("utility bill"));
    expect((await api.call("PUT", submit)).status).toBe(204);
    const submitted = await api.call("GET", links.self.href);
    expect(names(submitted.body._links["ch:stamps"])).toEqual(["archived"]);

    const selectable = (await api.call("GET", expand(links["ch:gateways"]))).body._embedded.selectable;
    expect(selectable.every((g: { _links: Record<string, unknown> }) => g._links["ch:selection"] === undefined)).toBe(true);
    const late = await api.call("PUT", `${sandbox.merchantUrl}/applications/${links.self.href.split("/").pop()}/gateways/gw-sandbox-three`);
    expectProblem(late, "ConflictProblem");
  });

  it("the sandbox's choice: archived is removable (Allow offers DELETE); submitted is not (no DELETE in Allow, 409)", async () => {
    const { api } = merchant;
    const created = await newApplication();
    const archived = created.body._links["ch:stamps"].find((s: { name: string }) => s.name === "archived").href;
    expect((await api.call("OPTIONS", archived)).headers.get("allow")).toBe("PUT, DELETE, OPTIONS");
    const submitted = archived.replace(/archived$/, "submitted");
    expect((await api.call("OPTIONS", submitted)).headers.get("allow")).toBe("PUT, OPTIONS");
    expectProblem(await api.call("DELETE", submitted), "ConflictProblem");
  });
});

describe("Accounts and settlements: not served (outside the source, no public representation)", () => {
  it("the root offers neither ch:accounts nor ch:settlements, and a dispute's ch:account answers 404", async () => {
    const links = await root();
    expect(links).not.toHaveProperty("ch:accounts");
    expect(links).not.toHaveProperty("ch:settlements");
    const { api } = merchant;
    const disputes = await api.call("GET", expand(links["ch:disputes"]!));
    const account = disputes.body._embedded["ch:disputes"][0]._links["ch:account"];
    expect(account.href).toEqual(expect.any(String));
    expect((await api.call("GET", account.href)).status).toBe(404);
  });
});

describe("Seeded disputes and the query languages", () => {
  it("the seeded fraud dispute is found with DQL and refuted with its stamp once evidence is uploaded", async () => {
    const { api } = merchant;
    const open = await api.call("GET", expand((await root())["ch:disputes"]!, { query: "status:open reason:fraud" }));
    expect(open.body.count).toBe(1);
    const dispute = open.body._embedded["ch:disputes"][0];
    const refute = dispute._links["ch:stamps"].find((s: { name: string }) => s.name === "refuted").href;
    const early = await api.call("PUT", refute);
    expectProblem(early, "ConflictProblem");
    expect(early.body.errors).toHaveProperty("files");
    await uploadFile(dispute._links["ch:files"], "customer_invoice", Buffer.from("invoice"));
    expect((await api.call("PUT", refute)).status).toBe(204);
    const after = await api.call("GET", dispute._links.self.href);
    expect(after.body.status).toBe("refuted");
    expect(after.body._links["ch:stamps"]).toBeUndefined();
    expectProblem(await api.call("PUT", refute), "ConflictProblem");
    expect((await api.call("DELETE", refute)).status).toBe(405);
  });

  it("the 10 MB size of dispute evidence is advice, not a limit: a larger file is accepted", async () => {
    const { api } = merchant;
    const dispute = (await api.call("GET", expand((await root())["ch:disputes"]!))).body._embedded["ch:disputes"][1];
    const response = await api.call("POST", expand(dispute._links["ch:files"]), {
      label: "evidence",
      content_type: "application/pdf",
      size: 10_000_001,
    });
    expect(response.status, response.text).toBe(201);
  });

  it("a modifier the spec lists but the sandbox does not model matches everything", async () => {
    const { api } = merchant;
    const disputes = (await root())["ch:disputes"]!;
    const all = await api.call("GET", expand(disputes));
    const due = await api.call("GET", expand(disputes, { query: "due:today" }));
    expect(due.status, due.text).toBe(200);
    expect(due.body.count).toBe(all.body.count);
  });

  it("TQL filters the seeded transactions, and a cursor belongs to its query", async () => {
    const { api } = merchant;
    const transactions = (await root())["ch:transactions"]!;
    const dkk = await api.call(
      "GET",
      // TQL amounts are major units (the public reference's decimal examples): 1..50 DKK is 100..5000 øre.
      expand(transactions, { query: "currency:DKK amount:1..50", per_page: pagination.perPageMaximum }),
    );
    const items = dkk.body._embedded["ch:transactions"];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((t: { currency: string; amount: number }) => t.currency === "DKK" && t.amount >= 100 && t.amount <= 5000)).toBe(
      true,
    );
    const captures = await api.call("GET", expand(transactions, { query: "is:capture", per_page: 5 }));
    expect(captures.body._embedded["ch:transactions"].every((t: { type: string }) => t.type === "capture")).toBe(true);
    const next = new URL(captures.body._links.next.href);
    next.searchParams.set("query", "is:refund");
    expectProblem(await api.call("GET", next.toString()), "ValidationProblem");
  });
});

describe("TQL: the forms of the public reference", () => {
  type Item = { currency: string; amount: number; type: string };
  async function items(query: string): Promise<Item[]> {
    const transactions = (await root())["ch:transactions"]!;
    const answer = await merchant.api.call("GET", expand(transactions, { query, per_page: pagination.perPageMaximum }));
    expect(answer.status, `${query}: ${answer.text}`).toBe(200);
    return answer.body._embedded?.["ch:transactions"] ?? [];
  }
  const major = (t: Item) => t.amount / 100; // the seeded currencies (DKK, EUR, SEK) have two decimals

  it("takes several types, max, min, <=, *.., exact and decimal amounts, in major units, and mid", async () => {
    const both = await items("is:capture,refund");
    expect(both.length).toBeGreaterThan(0);
    expect(new Set(both.map((t) => t.type))).toEqual(new Set(["capture", "refund"]));
    for (const [query, holds] of [
      ["max:20", (t: Item) => major(t) <= 20],
      ["amount:<=20", (t: Item) => major(t) <= 20],
      ["amount:*..20", (t: Item) => major(t) <= 20],
      ["min:20.50", (t: Item) => major(t) >= 20.5],
      ["amount:>20", (t: Item) => major(t) > 20],
      ["amount:1.00", (t: Item) => t.amount === 100],
    ] as const) {
      const found = await items(query);
      expect(found.length, query).toBeGreaterThan(0);
      expect(found.every(holds), query).toBe(true);
    }
    expect((await items("amount:<=20")).length).toBe((await items("max:20")).length);
    expect((await items("mid:000000003000001")).length).toBeGreaterThan(0);
  });

  it("refuses an amount it cannot read, with a 400 naming query", async () => {
    const transactions = (await root())["ch:transactions"]!;
    for (const query of ["max:twenty", "amount:20..", "amount:=<20", "min:1.23456"]) {
      const answer = await merchant.api.call("GET", expand(transactions, { query }));
      expectProblem(answer, "ValidationProblem");
      expect(Object.keys(answer.body.errors ?? {}), query).toContain("query");
    }
  });
});

describe("Request ids", () => {
  it("every problem, routed or refused before routing, repeats its req_ request-id in the Request-Id header", async () => {
    const { api, sandbox } = merchant;
    const problemsSeen = [
      await api.raw("GET", `${sandbox.merchantUrl}/`),
      await api.call("GET", "/applications/nope"),
      await api.call("GET", "/no/such/path"),
      await api.call("POST", "/applications", { business_model: {} }),
      await api.call("PUT", "/"),
      await api.raw("POST", `${sandbox.merchantUrl}/applications`, {
        headers: { authorization: `Bearer ${api.token}`, "content-type": "text/plain" },
        body: "{}",
      }),
    ];
    for (const response of problemsSeen) {
      expect(response.headers.get("content-type")).toBe(problemMediaType);
      expect(response.body["request-id"]).toMatch(/^req_/);
      expect(response.headers.get("request-id")).toBe(response.body["request-id"]);
    }
    expect(new Set(problemsSeen.map((r) => r.body["request-id"])).size).toBe(problemsSeen.length);
  });
});
