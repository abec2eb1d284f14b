/**
 * The merchant sandbox under hostile input: the rate limiter is keyed on the authenticated
 * client (not on the raw header) and bounded in memory; spelling a credential differently buys
 * no fresh quota; names from the request never reach inherited object properties; no problem
 * echoes a card number; error bodies stay small. (That a PATCH is held to the create rules, and a
 * refused one changes nothing, is an API rule: contract-tests/behaviour/merchant-consistency.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitHeaders } from "../generated/merchant/constants";
import { SandboxClock } from "../src/testkit/sandbox/cross-api/clock";
import { defaultConfig, seeded } from "../src/testkit/sandbox/configuration/config";
import { FileStore } from "../src/testkit/sandbox/merchant/records/files";
import {
  MAX_COMMENTS,
  MAX_PEOPLE_PER_APPLICATION,
  MerchantResources,
  type Comment,
} from "../src/testkit/sandbox/merchant/records/resources";
import { maskedText } from "../src/testkit/sandbox/cross-api/masking";
import { MAX_ERROR_FIELDS, MAX_MESSAGE_LENGTH, MAX_MESSAGES_PER_FIELD, problems } from "../src/testkit/sandbox/merchant/http/problems";
import { MAX_TOKENS_PER_CLIENT } from "../src/testkit/sandbox/merchant/records/oauth";
import { MAX_RATE_WINDOWS, RateLimiter } from "../src/testkit/sandbox/merchant/records/rate-limit";
import type { RunningSandbox } from "../src/testkit/sandbox/server";
import { expectProblem, useMerchantSandbox } from "./support/merchant-sandbox";
import { expand, MerchantClient, startTestSandbox, validApplication, validPerson, type MerchantCall } from "./support/sandbox";

const [LIMIT, REMAINING] = rateLimitHeaders;
const PAN = "4111111111111111";

const merchant = useMerchantSandbox();

function expectValidationError(response: MerchantCall): void {
  expectProblem(response, "ValidationProblem");
}

function basicCredentials(clientId: string, secret: string): string {
  return Buffer.from(`${clientId}:${secret}`).toString("base64");
}

/** A token request with the Authorization header exactly as given. */
function tokenRequest(client: MerchantClient, authorization: string): Promise<MerchantCall> {
  return client.raw("POST", `${client.baseUrl}/oauth/token`, {
    headers: { authorization, "content-type": "application/x-www-form-urlencoded" },
    body: `grant_type=client_credentials&audience=${encodeURIComponent(client.baseUrl)}`,
  });
}

function withAuthorization(client: MerchantClient, method: string, path: string, authorization: string): Promise<MerchantCall> {
  return client.raw(method, client.baseUrl + path, { headers: { authorization } });
}

describe("1. The limiter's memory is bounded", () => {
  it("1,000 distinct junk bearers (8-15 KB each) add no windows: failed authentication counts against the address", async () => {
    const before = merchant.sandbox.merchant.limiter.size;
    const statuses = new Set<number>();
    for (let batch = 0; batch < 20; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => {
          const junk = `${batch}-${i}-`.padEnd(8 * 1024 + ((batch * 50 + i) % (7 * 1024)), "x");
          return fetch(`${merchant.sandbox.merchantUrl}/`, { headers: { authorization: `Bearer ${junk}` } }).then(async (r) => {
            await r.arrayBuffer();
            return r;
          });
        }),
      );
      for (const answer of answers) {
        statuses.add(answer.status);
        expect(answer.headers.get(LIMIT)).toMatch(/^\d+$/);
      }
    }
    expect([...statuses]).toEqual([401]);
    // One window for the address at getRoot, whatever the number of bearers.
    expect(merchant.sandbox.merchant.limiter.size - before).toBeLessThanOrEqual(1);
  });

  it("a 401 carries the RateLimit headers", async () => {
    const response = await withAuthorization(merchant.api, "GET", "/", "Bearer not-a-token");
    expect(response.status).toBe(401);
    for (const name of rateLimitHeaders) expect(response.headers.get(name), name).toMatch(/^\d+$/);
  });

  it("expired windows are dropped when new ones open", () => {
    const clock = new SandboxClock();
    const limiter = new RateLimiter({ windowSeconds: 60, default: 10, operations: {} }, clock);
    for (let i = 0; i < 500; i++) limiter.take("getRoot", { client: `client-${i}` });
    expect(limiter.size).toBe(500);
    clock.advance(61);
    limiter.take("getRoot", { client: "late" });
    expect(limiter.size).toBe(1);
  });

  it(`the map never holds more than ${MAX_RATE_WINDOWS} windows; the oldest is evicted first`, () => {
    const clock = new SandboxClock();
    const limiter = new RateLimiter({ windowSeconds: 60, default: 10, operations: {} }, clock);
    for (let i = 0; i < MAX_RATE_WINDOWS * 2; i++) limiter.take("getRoot", { address: `10.0.${i >> 8}.${i & 255}` });
    expect(limiter.size).toBe(MAX_RATE_WINDOWS);

    const small = new RateLimiter({ windowSeconds: 60, default: 10, operations: {} }, clock, 3);
    small.take("getRoot", { client: "a" });
    small.take("getRoot", { client: "a" });
    small.take("getRoot", { client: "b" });
    small.take("getRoot", { client: "c" });
    small.take("getRoot", { client: "d" }); // evicts a, the oldest
    expect(small.size).toBe(3);
    expect(small.take("getRoot", { client: "a" }).headers[REMAINING]).toBe("9"); // a fresh window
    expect(small.take("getRoot", { client: "c" }).headers[REMAINING]).toBe("8"); // c kept its window
  });
});

describe("2. One quota per client, however the credential is spelled", () => {
  let limited: RunningSandbox;
  let client: MerchantClient;
  /** Tokens of the seeded client, one per spelling of its credentials. */
  let tokens: string[] = [];
  beforeAll(async () => {
    limited = await startTestSandbox({ merchant: { rateLimits: { operations: { createToken: 6, getRoot: 5, listDisputes: 3 } } } });
    client = new MerchantClient(limited.merchantUrl);
  });
  afterAll(async () => {
    expect(limited.violations.entries).toEqual([]);
    await limited.stop();
  });

  it("Basic client authentication: case, spaces, a tab and a percent-encoded client id share the client's token quota", async () => {
    const { clientId, clientSecret } = seeded.merchant;
    const plain = basicCredentials(clientId, clientSecret);
    const encodedId = basicCredentials(clientId.replace("-", "%2D"), clientSecret);
    const spellings = [`Basic ${plain}`, `basic ${plain}`, `BASIC ${plain}`, `Basic  ${plain}`, `Basic\t${plain}`, `Basic ${encodedId}`];
    const answers = [];
    for (const authorization of spellings) answers.push(await tokenRequest(client, authorization));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.headers.get(REMAINING))).toEqual(["5", "4", "3", "2", "1", "0"]);
    const exhausted = await tokenRequest(client, `bAsIc ${encodedId}`);
    expectProblem(exhausted, "RateLimitProblem");
    tokens = answers.map((a) => a.body.access_token as string);
    client.token = tokens[0]!;
  });

  it("bearer tokens: case, spaces, a tab and a second token of the same client share one quota; another client has its own", async () => {
    const [token, secondToken] = tokens;
    const spellings = [`Bearer ${token}`, `bearer ${token}`, `BEARER ${token}`, `Bearer  ${token}`, `Bearer\t${token}`];
    const answers = [];
    for (const authorization of spellings) answers.push(await withAuthorization(client, "GET", "/", authorization));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.headers.get(REMAINING))).toEqual(["4", "3", "2", "1", "0"]);
    expect((await withAuthorization(client, "GET", "/", `beARer ${token}`)).status).toBe(429);
    expect((await withAuthorization(client, "GET", "/", `Bearer ${secondToken}`)).status).toBe(429);

    // A client registered through the API has its own quota.
    const registered = await client.call("POST", "/oauth/clients", { client_name: "second" });
    expect(registered.status, registered.text).toBe(201);
    const other = new MerchantClient(limited.merchantUrl);
    other.token = (
      await tokenRequest(other, `Basic ${basicCredentials(registered.body.client_id, registered.body.client_secret)}`)
    ).body.access_token;
    const otherRoot = await other.call("GET", "/");
    expect(otherRoot.status).toBe(200);
    expect(otherRoot.headers.get(REMAINING)).toBe("4");
  });

  it("failed authentication counts against the address, never against the client it names", async () => {
    const junk = [
      `Bearer ${seeded.merchant.clientId}`,
      "Bearer client:sandbox-client",
      "Basic " + basicCredentials(seeded.merchant.clientId, "wrong"),
    ];
    const answers = [];
    for (const authorization of junk) answers.push(await withAuthorization(client, "GET", "/disputes", authorization));
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401]);
    expect(answers.map((a) => a.headers.get(REMAINING))).toEqual(["2", "1", "0"]);
    expect((await withAuthorization(client, "GET", "/disputes", "Bearer other-junk")).status).toBe(429);
    const real = await client.call("GET", "/disputes");
    expect(real.status).toBe(200);
    expect(real.headers.get(REMAINING)).toBe("2");
  });
});

/** A submitted application (gateway, person and both identity files), which has a contract. */
async function submittedApplication(): Promise<MerchantCall> {
  const links = (await merchant.api.call("POST", "/applications", validApplication)).body._links;
  const gateways = await merchant.api.call("GET", expand(links["ch:gateways"]));
  await merchant.api.call("PUT", gateways.body._embedded.selectable[0]._links["ch:selection"].href);
  const person = await merchant.api.call("POST", expand(links["ch:people"]), validPerson);
  for (const label of ["picture_legitimation", "address_legitimation"]) {
    const file = await merchant.api.call("POST", expand(person.body._links["ch:files"]), {
      label,
      name: `${label}.pdf`,
      content_type: "application/pdf",
      size: 1,
    });
    const upload = file.body._links["ch:data"].find((l: { name: string }) => l.name === "upload").href as string;
    expect((await fetch(upload, { method: "PUT", headers: { "content-type": "application/pdf" }, body: "x" })).status).toBe(200);
  }
  expect((await merchant.api.call("PUT", `${links.self.href}/stamps/submitted`)).status).toBe(204);
  return merchant.api.call("GET", links.self.href);
}

describe("3. Names from the request never index inherited properties", () => {
  const inherited = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"];
  let collections: Record<string, string>;
  beforeAll(async () => {
    const app = await submittedApplication();
    collections = {
      transactions: "/transactions",
      applications: "/applications",
      disputes: "/disputes",
      contracts: expand(app.body._links["ch:contracts"]),
    };
  });

  it("an inherited name as a query modifier is an unknown modifier (400) on every queried collection", async () => {
    for (const [collection, path] of Object.entries(collections)) {
      for (const name of inherited) {
        const url = new URL(path, merchant.sandbox.merchantUrl);
        url.searchParams.set("query", `${name}:x`);
        const response = await merchant.api.call("GET", url.href);
        expectValidationError(response);
        expect(response.body.errors.query, `${collection} ${name}`).toEqual([expect.stringMatching(/^unknown modifier/)]);
      }
    }
  });

  it("known modifiers still filter", async () => {
    const open = await merchant.api.call("GET", "/disputes?query=status:open");
    expect(open.status).toBe(200);
    expect(open.body._embedded["ch:disputes"].every((d: { status: string }) => d.status === "open")).toBe(true);
  });

  it("an inherited name as a comment context is not found, and as a stamp name is a stamp not offered: never a crash", async () => {
    for (const name of inherited) {
      expect((await merchant.api.call("GET", `/${name}/x/comments`)).status).toBe(404);
      // Stamp names are open in the spec: an inherited name is one more stamp the dispute does not offer.
      const stamp = await merchant.api.call("PUT", `/disputes/dp-0001/stamps/${name}`);
      expectProblem(stamp, "ConflictProblem");
    }
  });

  it("a __proto__ member of a PATCH body is ignored and pollutes nothing", async () => {
    const created = await merchant.api.call("POST", "/applications", validApplication);
    const body = `{"__proto__": {"polluted": true}, "signer": {"name": "Mia", "email": "mia@example.com", "__proto__": {"polluted": true}}}`;
    const patched = await merchant.api.raw("PATCH", created.body._links.self.href, {
      headers: { authorization: `Bearer ${merchant.api.token}`, "content-type": "application/json" },
      body,
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.signer).toEqual({ name: "Mia", email: "mia@example.com" });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("4. No problem echoes a card number", () => {
  it("the masking covers grouped numbers and leaves short digit runs alone", () => {
    expect(maskedText(`pan ${PAN}`)).toBe("pan ************1111");
    expect(maskedText("4111 1111 1111 1111 and 4111-1111-1111-1111")).toBe("************1111 and ************1111");
    expect(maskedText("order 0123456789, 3 items")).toBe("order 0123456789, 3 items");
  });

  it("a PAN as a query modifier, plain or grouped with dashes, is masked", async () => {
    for (const modifier of [PAN, "4111-1111-1111-1111"]) {
      const response = await merchant.api.call("GET", `/transactions?query=${encodeURIComponent(`${modifier}:x`)}`);
      expectValidationError(response);
      expect(response.body.errors.query[0]).toContain("'************1111'");
      expect(response.text).not.toMatch(/4111-?1111-?1111-?1111/);
    }
  });

  it("a PAN in a field-comment tag and in a contract stamp name is masked", async () => {
    const app = await submittedApplication();
    const tagged = await merchant.api.call("POST", expand(app.body._links["ch:comments"]), { body: "x", tags: [`ch-field:${PAN}`] });
    expectValidationError(tagged);
    expect(tagged.body.errors.tags[0]).toContain("'************1111' is not a commentable property");
    expect(tagged.text).not.toContain(PAN);

    const contracts = await merchant.api.call("GET", expand(app.body._links["ch:contracts"]));
    const contract = contracts.body._embedded["ch:contracts"][0]._links.self.href;
    const stamp = await merchant.api.call("PUT", `${contract}/stamps/x${PAN}`);
    expect(stamp.status).toBe(409);
    expect(stamp.body.detail).toContain("x************1111");
    expect(stamp.text).not.toContain(PAN);
  });
});

describe("5. Error bodies are bounded", () => {
  it("a 180 KB body with 60,000 invalid array items gets a small 400, quickly", async () => {
    const body = { grant_types: Array(60_000).fill("") };
    expect(JSON.stringify(body).length).toBeGreaterThan(175_000);
    // Quickly in CPU time, which a busy machine does not stretch: the sandbox runs in this process.
    const before = process.cpuUsage();
    const response = await merchant.api.call("POST", "/oauth/clients", body);
    const spent = process.cpuUsage(before);
    expectValidationError(response);
    expect(Buffer.byteLength(response.text)).toBeLessThan(1024);
    expect((spent.user + spent.system) / 1000, "ms of CPU time").toBeLessThan(1000);
  });

  it(`the errors of an array at the size limit list at most ${MAX_ERROR_FIELDS} fields and say that more were found`, async () => {
    const response = await merchant.api.call("POST", "/oauth/clients", {
      contacts: Array(1000).fill("not an email"),
      grant_types: Array(1000).fill(1),
    });
    expectValidationError(response);
    expect(Object.keys(response.body.errors)).toHaveLength(MAX_ERROR_FIELDS);
    expect(response.body.detail).toMatch(/\d+ more error\(s\) were found and not listed/);
    expect(Buffer.byteLength(response.text)).toBeLessThan(4 * 1024);
  });

  it(`echoed input is cut: a 100 KB tag gives a message of at most ${MAX_MESSAGE_LENGTH} characters`, async () => {
    const app = await merchant.api.call("POST", "/applications", validApplication);
    const response = await merchant.api.call("POST", expand(app.body._links["ch:comments"]), {
      body: "x",
      tags: [`ch-field:${"a".repeat(100_000)}`],
    });
    expectValidationError(response);
    expect(response.body.errors.tags[0].length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH);
    expect(Buffer.byteLength(response.text)).toBeLessThan(2 * 1024);
  });

  it(`at most ${MAX_MESSAGES_PER_FIELD} messages per field`, () => {
    const errors = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`field${i}`, Array.from({ length: 8 }, (_, j) => `rule ${j}`)]),
    );
    const body = problems.validation({ requestId: "req_test", headers: {} }, errors).body as {
      detail: string;
      errors: Record<string, string[]>;
    };
    expect(Object.keys(body.errors)).toHaveLength(MAX_ERROR_FIELDS);
    for (const messages of Object.values(body.errors)) expect(messages).toHaveLength(MAX_MESSAGES_PER_FIELD);
    const omitted = 30 * 8 - MAX_ERROR_FIELDS * MAX_MESSAGES_PER_FIELD;
    expect(body.detail).toContain(`${omitted} more error(s) were found`);
  });
});

describe("6. What an authenticated client can make the sandbox keep is bounded", () => {
  it(`a client holds at most ${MAX_TOKENS_PER_CLIENT} live tokens: asking for more revokes its oldest`, async () => {
    const own = await startTestSandbox();
    try {
      const client = new MerchantClient(own.merchantUrl);
      expect((await client.login()).status).toBe(200);
      const first = client.token;
      for (let i = 0; i < MAX_TOKENS_PER_CLIENT + 20; i++) expect((await client.login()).status).toBe(200);
      expect(own.merchant.oauth.tokenCount).toBe(MAX_TOKENS_PER_CLIENT);
      expect((await client.call("GET", "/")).status).toBe(200); // the newest works
      client.token = first;
      const revoked = await client.call("GET", "/");
      expect(revoked.status).toBe(401);
      expect(revoked.body).toMatchObject({ detail: "The access token is invalid." });
    } finally {
      await own.stop();
    }
  });

  it("an expired token keeps saying so (it is not forgotten on first use)", async () => {
    const own = await startTestSandbox();
    try {
      const client = new MerchantClient(own.merchantUrl);
      await client.login();
      await fetch(`${own.merchantUrl}/_sandbox/clock`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ advance_seconds: 3601 }),
      });
      for (let i = 0; i < 2; i++) expect((await client.call("GET", "/")).body).toMatchObject({ detail: "The access token has expired." });
    } finally {
      await own.stop();
    }
  });
});

describe("6b. Every collection a client fills is bounded, per parent or per merchant", () => {
  it(`an application holds at most ${MAX_PEOPLE_PER_APPLICATION} people: one more is a 400 naming people, and stores nothing`, async () => {
    const { api, sandbox } = merchant;
    const app = await api.call("POST", "/applications", validApplication);
    const people = expand(app.body._links["ch:people"]);
    for (let i = 0; i < MAX_PEOPLE_PER_APPLICATION; i++) expect((await api.call("POST", people, validPerson)).status).toBe(201);
    const before = sandbox.merchant.resources.people.size;
    const refused = await api.call("POST", people, validPerson);
    expectValidationError(refused);
    expect(Object.keys(refused.body.errors)).toEqual(["people"]);
    expect(sandbox.merchant.resources.people.size).toBe(before);
    // Deleting one makes room again.
    const listed = await api.call("GET", people);
    expect((await api.call("DELETE", listed.body._embedded["ch:people"][0]._links.self.href)).status).toBe(204);
    expect((await api.call("POST", people, validPerson)).status).toBe(201);
  });

  it(`comments: each merchant keeps at most its share of ${MAX_COMMENTS}, forgetting its own oldest, never another merchant's`, () => {
    const clock = new SandboxClock();
    const files = new FileStore(clock, 900);
    const resources = new MerchantResources(clock, 0, defaultConfig().merchant.retention, files, new Set(["other", "noisy"]));
    const comment = (merchant: string, i: number): Comment => ({
      id: `${merchant}-${i}`,
      merchant,
      context: "getDispute",
      contextId: "dp-0001",
      body: "b",
      createdAt: 0,
      author: {},
    });
    resources.addComment(comment("other", 0));
    const share = MAX_COMMENTS / 2;
    for (let i = 0; i < share + 10; i++) resources.addComment(comment("noisy", i));
    expect(resources.comments.size).toBe(share + 1);
    const listed = resources.commentsOn("noisy", "getDispute", "dp-0001");
    expect(listed).toHaveLength(share);
    expect(listed[0]!.id).toBe("noisy-10");
    expect(resources.commentsOn("other", "getDispute", "dp-0001").map((c) => c.id)).toEqual(["other-0"]);
  });

  it("deleting a person or a file deletes the comments on them (nothing is left pointing at a record that is gone)", async () => {
    const { api, sandbox } = merchant;
    const app = await api.call("POST", "/applications", validApplication);
    const person = await api.call("POST", expand(app.body._links["ch:people"]), validPerson);
    const file = await api.call("POST", expand(person.body._links["ch:files"]), {
      label: "picture_legitimation",
      content_type: "application/pdf",
    });
    const before = sandbox.merchant.resources.comments.size;
    for (const target of [person, file])
      expect((await api.call("POST", expand(target.body._links["ch:comments"]), { body: "note" })).status).toBe(201);
    expect(sandbox.merchant.resources.comments.size).toBe(before + 2);
    expect((await api.call("DELETE", person.body._links.self.href)).status).toBe(204);
    expect(sandbox.merchant.resources.comments.size).toBe(before);
    expect((await api.call("GET", file.body._links.self.href)).status).toBe(404);
  });
});

describe("7. No request makes the sandbox do super-linear work", () => {
  // With a backtracking expression for trailing slashes this request held every listener of the
  // process for minutes (about (256 Ki)² / 2 steps); it is answered like any wrong audience.
  it("a token request whose audience is a body-sized run of slashes gets its 400 at once", async () => {
    const { clientId, clientSecret } = seeded.merchant;
    const audience = "/".repeat(200_000) + "x";
    const response = await fetch(`${merchant.sandbox.merchantUrl}/oauth/token`, {
      method: "POST",
      headers: { authorization: `Basic ${basicCredentials(clientId, clientSecret)}`, "content-type": "application/x-www-form-urlencoded" },
      body: `grant_type=client_credentials&audience=${audience}`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_request" });
  });
});
