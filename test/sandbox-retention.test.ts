/**
 * Retention: the sandbox's in-memory stores stay within their configured bounds. Past a bound
 * the oldest finished records go first, then the oldest others; an evicted record takes what
 * hangs off it along, and its id answers exactly as an id that never existed. Every response is
 * validated against the specs (strict); each sandbox ends with no violation.
 */
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { testEnvironment } from "../generated/gateway/constants";
import { seeded, type SandboxConfigFile } from "../src/testkit/sandbox/configuration/config";
import { isLuhnValid } from "../src/testkit/sandbox/cross-api/masking";
import { KeysPerAccount } from "../src/testkit/sandbox/cross-api/retention";
import type { RunningSandbox } from "../src/testkit/sandbox/server";
import {
  expand,
  GatewayClient,
  keys,
  MerchantClient,
  startTestSandbox,
  validApplication,
  validPerson,
  type GatewayCall,
  type MerchantCall,
} from "./support/sandbox";

const running: RunningSandbox[] = [];

async function sandboxWith(config: SandboxConfigFile): Promise<RunningSandbox> {
  const sandbox = await startTestSandbox(config);
  running.push(sandbox);
  return sandbox;
}

afterEach(async () => {
  for (const sandbox of running.splice(0)) {
    expect(sandbox.violations.entries, "responses that broke the spec").toEqual([]);
    await sandbox.stop();
  }
});

// The bound is shared equally by the merchant accounts (two seeded ones): 200 gives each 100.
describe("gateway: gateway.retention.maxTransactions", () => {
  async function authorized(gw: GatewayClient): Promise<string> {
    const response = await gw.authorize({ amount: 10000 });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.id!;
  }

  /** The parts of a gateway answer that do not change from call to call (ids and times do). */
  const answer = (call: GatewayCall) => ({ status: call.status, contentType: call.contentType, body: call.body });

  it("holds at most 100 per account: of 150 open authorizations the oldest 50 answer like unknown ids, the newest still capture", async () => {
    const sandbox = await sandboxWith({ gateway: { retention: { maxTransactions: 200 } } });
    const gw = new GatewayClient(sandbox.gatewayUrl);
    const ids: string[] = [];
    for (let i = 0; i < 150; i++) ids.push(await authorized(gw));
    expect(sandbox.gateway.store.size).toBe(100);

    for (const id of [ids[0]!, ids[49]!]) {
      for (const [operation, body] of [
        ["captures", { amount: 100 }],
        ["refunds", {}],
        ["voids", {}],
      ] as const) {
        const evicted = await gw.post(`/authorizations/${id}/${operation}`, body);
        const neverExisted = await gw.post(`/authorizations/${randomUUID()}/${operation}`, body);
        expect(answer(evicted), `${operation} of an evicted authorization`).toEqual(answer(neverExisted));
        expect(evicted.body).toEqual({ status: { code: 40000, message: "invalid transaction id" } });
      }
    }
    for (const id of [ids[50]!, ids[149]!]) {
      const capture = await gw.post(`/authorizations/${id}/captures`, { amount: 2500 });
      expect(capture.status, JSON.stringify(capture.body)).toBe(201);
      expect(sandbox.gateway.store.remaining(id)).toBe(7500);
    }
    expect(sandbox.gateway.store.remaining(ids[0]!)).toBeUndefined();
  });

  it("evicts a finished authorization (voided) before older open ones", async () => {
    const sandbox = await sandboxWith({ gateway: { retention: { maxTransactions: 200 } } });
    const gw = new GatewayClient(sandbox.gatewayUrl);
    const open = await authorized(gw);
    const voided = await authorized(gw);
    expect((await gw.post(`/authorizations/${voided}/voids`, {})).status).toBe(201);
    const partlyCaptured = await authorized(gw);
    expect((await gw.post(`/authorizations/${partlyCaptured}/captures`, { amount: 4000 })).status).toBe(201);
    for (let i = 0; i < 98; i++) await authorized(gw);
    expect(sandbox.gateway.store.size).toBe(100);

    expect((await gw.post(`/authorizations/${voided}/voids`, {})).body).toEqual({
      status: { code: 40000, message: "invalid transaction id" },
    });
    expect((await gw.post(`/authorizations/${open}/captures`, { amount: 10000 })).status).toBe(201);
    // The captures booked on a kept authorization stay with it: only the rest can be captured.
    const overCapture = await gw.post(`/authorizations/${partlyCaptured}/captures`, { amount: 6001 });
    expect(overCapture.body.status?.message).toContain("remaining amount of the authorization (6000)");
    expect((await gw.post(`/authorizations/${partlyCaptured}/refunds`, { amount: 4000 })).status).toBe(201);
  });

  it("one merchant's traffic never evicts another merchant's open transactions", async () => {
    const sandbox = await sandboxWith({ gateway: { retention: { maxTransactions: 200 } } });
    const gw = new GatewayClient(sandbox.gatewayUrl);
    const other = gw.withKey(keys.otherMerchantKey);
    const others = await authorized(other);
    for (let i = 0; i < 250; i++) await authorized(gw);
    expect(sandbox.gateway.store.size).toBe(101);
    const capture = await other.post(`/authorizations/${others}/captures`, { amount: 10000 });
    expect(capture.status, JSON.stringify(capture.body)).toBe(201);
  });

  it("evicts debits too, with their refund", async () => {
    const sandbox = await sandboxWith({ gateway: { retention: { maxTransactions: 200 } } });
    const gw = new GatewayClient(sandbox.gatewayUrl);
    const debit = await gw.post("/debits", {
      amount: 5000,
      currency: "EUR",
      card: { pan: "4111111111111111", expire_month: "06", expire_year: "2035", csc: "987" },
      sender: { name: "Jensen Anna M", address: "Torvegade 12", city: "Copenhagen", country: "DK" },
      recipient: { name: "Jensen Anna M", account_number: "DK5000400440116243", account_number_type: "iban" },
    });
    expect(debit.status, JSON.stringify(debit.body)).toBe(201);
    for (let i = 0; i < 100; i++) await authorized(gw);
    expect(sandbox.gateway.store.size).toBe(100);
    const refund = await gw.post(`/debits/${debit.body.id}/refunds`, {});
    expect(answer(refund)).toEqual(answer(await gw.post(`/debits/${randomUUID()}/refunds`, {})));
  });
});

describe("merchant: merchant.retention", () => {
  async function client(sandbox: RunningSandbox): Promise<MerchantClient> {
    const api = new MerchantClient(sandbox.merchantUrl);
    expect((await api.login()).status).toBe(200);
    return api;
  }

  async function newApplication(api: MerchantClient): Promise<MerchantCall> {
    const created = await api.call("POST", "/applications", validApplication);
    expect(created.status, created.text).toBe(201);
    return created;
  }

  async function newFile(api: MerchantClient, filesLink: { href: string }, label = "evidence"): Promise<MerchantCall> {
    const created = await api.call("POST", expand(filesLink), { label, content_type: "application/pdf" });
    expect(created.status, created.text).toBe(201);
    return created;
  }

  /** A 404 problem without its request id, which differs on every call. */
  const notFound = (call: MerchantCall) => {
    const { "request-id": requestId, ...problem } = call.body as Record<string, unknown>;
    expect(requestId).toEqual(expect.any(String));
    return { status: call.status, contentType: call.headers.get("content-type"), problem };
  };

  it("a merchant holds at most its share (100 of 200, two merchants): its oldest go with their people, files, comments, and answer 404 like unknown ids", async () => {
    const sandbox = await sandboxWith({ merchant: { retention: { maxApplications: 200 } } });
    const api = await client(sandbox);
    const first = (await newApplication(api)).body;
    const person = await api.call("POST", expand(first._links["ch:people"]), validPerson);
    expect(person.status, person.text).toBe(201);
    const personFile = await newFile(api, person.body._links["ch:files"], "picture_legitimation");
    const applicationFile = await newFile(api, first._links["ch:files"], "bank_statement");
    const comment = await api.call("POST", expand(first._links["ch:comments"]), { body: "Please add the trading name." });
    expect(comment.status, comment.text).toBe(201);
    const fileComment = await api.call("POST", expand(applicationFile.body._links["ch:comments"]), { body: "Unreadable scan." });
    expect(fileComment.status, fileComment.text).toBe(201);

    const selves: string[] = [first._links.self.href];
    for (let i = 1; i < 150; i++) selves.push((await newApplication(api)).body._links.self.href);
    const resources = sandbox.merchant.resources;
    expect(resources.applications.size).toBe(100);

    const neverExisted = notFound(await api.call("GET", `/applications/${randomUUID()}`));
    expect(neverExisted.status).toBe(404);
    for (const self of [selves[0]!, selves[49]!]) expect(notFound(await api.call("GET", self))).toEqual(neverExisted);
    for (const gone of [
      person.body._links.self.href,
      personFile.body._links.self.href,
      applicationFile.body._links.self.href,
      comment.body._links.self.href,
      fileComment.body._links.self.href,
    ]) {
      expect((await api.call("GET", gone)).status, gone).toBe(404);
    }
    expect([resources.people.size, resources.comments.size, resources.files.size]).toEqual([0, 0, 0]);
    for (const self of [selves[50]!, selves[149]!]) expect((await api.call("GET", self)).status).toBe(200);
    expect((await api.call("POST", expand({ href: `${selves[149]}/people` }), validPerson)).status).toBe(201);
  });

  it("evicts a finished (archived) application before an older open one", async () => {
    const sandbox = await sandboxWith({ merchant: { retention: { maxApplications: 200 } } });
    const api = await client(sandbox);
    const open = (await newApplication(api)).body._links.self.href;
    const archived = (await newApplication(api)).body;
    const archive = archived._links["ch:stamps"].find((s: { name: string }) => s.name === "archived").href;
    expect((await api.call("PUT", archive)).status).toBe(204);
    for (let i = 0; i < 99; i++) await newApplication(api);
    expect(sandbox.merchant.resources.applications.size).toBe(100);
    expect((await api.call("GET", archived._links.self.href)).status).toBe(404);
    expect((await api.call("GET", open)).status).toBe(200);
  });

  it("a merchant holds at most its share of files (100 of 200): the oldest go with their comments, their ids answer 404 and their upload links 403", async () => {
    const sandbox = await sandboxWith({ merchant: { retention: { maxFiles: 200 } } });
    const api = await client(sandbox);
    const dispute = (await api.call("GET", "/disputes/dp-0001")).body;
    expect(dispute.status).toBe("open");
    const created: MerchantCall[] = [];
    for (let i = 0; i < 150; i++) created.push(await newFile(api, dispute._links["ch:files"]));
    const comment = await api.call("POST", expand(created[149]!.body._links["ch:comments"]), { body: "The signed receipt." });
    expect(comment.status, comment.text).toBe(201);
    expect(sandbox.merchant.resources.files.size).toBe(100);

    const neverExisted = notFound(await api.call("GET", `/files/${randomUUID()}`));
    for (const file of [created[0]!, created[49]!])
      expect(notFound(await api.call("GET", file.body._links.self.href))).toEqual(neverExisted);
    const staleUpload = created[0]!.body._links["ch:data"].find((l: { name: string }) => l.name === "upload").href as string;
    const put = await fetch(staleUpload, { method: "PUT", headers: { "content-type": "application/pdf" }, body: "late evidence" });
    expect(put.status).toBe(403);
    expect(await put.text()).toContain("<Code>AccessDenied</Code>");
    for (const file of [created[50]!, created[149]!]) expect((await api.call("GET", file.body._links.self.href)).status).toBe(200);

    // One more file evicts the oldest kept one (created[50]); the comment on created[149] stays.
    await newFile(api, dispute._links["ch:files"]);
    expect((await api.call("GET", created[50]!.body._links.self.href)).status).toBe(404);
    expect((await api.call("GET", comment.body._links.self.href)).status).toBe(200);
  });

  it("evicts a finished file (of a dispute that takes no more evidence) before an older open one, with its comments", async () => {
    const sandbox = await sandboxWith({ merchant: { retention: { maxFiles: 200 } } });
    const api = await client(sandbox);
    const open = (await api.call("GET", "/disputes/dp-0001")).body;
    const underReview = (await api.call("GET", "/disputes/dp-0003")).body;
    expect(underReview.status).toBe("under_review");
    const evidence = await newFile(api, open._links["ch:files"]);
    const late = await newFile(api, underReview._links["ch:files"]);
    const comment = await api.call("POST", expand(late.body._links["ch:comments"]), { body: "Too late for review." });
    expect(comment.status, comment.text).toBe(201);
    for (let i = 0; i < 99; i++) await newFile(api, open._links["ch:files"]);
    expect(sandbox.merchant.resources.files.size).toBe(100);
    expect((await api.call("GET", late.body._links.self.href)).status).toBe(404);
    expect((await api.call("GET", comment.body._links.self.href)).status).toBe(404);
    expect(sandbox.merchant.resources.comments.size).toBe(0);
    expect((await api.call("GET", evidence.body._links.self.href)).status).toBe(200);
  });
});

describe("merchant: retention per merchant", () => {
  async function login(sandbox: RunningSandbox, clientId: string, secret: string): Promise<MerchantClient> {
    const api = new MerchantClient(sandbox.merchantUrl);
    expect((await api.login(clientId, secret)).status).toBe(200);
    return api;
  }

  it("one merchant's applications never evict another merchant's open ones", async () => {
    const sandbox = await sandboxWith({ merchant: { retention: { maxApplications: 200 } } });
    const first = await login(sandbox, seeded.merchant.clientId, seeded.merchant.clientSecret);
    const other = await login(sandbox, seeded.merchant.otherClientId, seeded.merchant.otherClientSecret);
    const kept = await first.call("POST", "/applications", validApplication);
    expect(kept.status, kept.text).toBe(201);
    for (let i = 0; i < 150; i++) expect((await other.call("POST", "/applications", validApplication)).status).toBe(201);
    expect((await first.call("GET", kept.body._links.self.href)).status).toBe(200);
    expect(sandbox.merchant.resources.applicationsOf(seeded.merchant.otherMerchantId)).toHaveLength(100);
  });

  it("file content is bounded per merchant: an upload past the share evicts finished files, or is refused and changes nothing", async () => {
    const maxFileBytes = 64 * 1024 * 1024; // the least allowed: 32 MiB for each of the two merchants
    const sandbox = await sandboxWith({ merchant: { retention: { maxFileBytes } } });
    const api = await login(sandbox, seeded.merchant.clientId, seeded.merchant.clientSecret);
    const upload = async (dispute: string, bytes: number) => {
      const file = await api.call("POST", `/disputes/${dispute}/files`, { label: "evidence", content_type: "application/pdf" });
      expect(file.status, file.text).toBe(201);
      const link = file.body._links["ch:data"].find((l: { name: string }) => l.name === "upload").href as string;
      const put = await fetch(link, { method: "PUT", headers: { "content-type": "application/pdf" }, body: new Uint8Array(bytes) });
      return { self: file.body._links.self.href as string, status: put.status, text: await put.text() };
    };
    const share = maxFileBytes / 2;
    const finished = await upload("dp-0003", 12 * 1024 * 1024); // under review: takes no more evidence, so finished
    const open = await upload("dp-0001", 12 * 1024 * 1024);
    expect([finished.status, open.status]).toEqual([200, 200]);
    // 24 MiB held; 12 more do not fit in 32: the finished file goes, the open one stays.
    const next = await upload("dp-0001", 12 * 1024 * 1024);
    expect(next.status, next.text).toBe(200);
    expect((await api.call("GET", finished.self)).status).toBe(404);
    expect((await api.call("GET", open.self)).status).toBe(200);
    expect(sandbox.merchant.resources.files.bytesHeldBy(seeded.merchant.merchantId)).toBe(24 * 1024 * 1024);
    // Only open files are left: an upload that does not fit is refused, and nothing is evicted.
    const refused = await upload("dp-0001", 12 * 1024 * 1024);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain("<Code>EntityTooLarge</Code>");
    expect(refused.text).toContain("merchant.retention.maxFileBytes");
    expect((await api.call("GET", `${refused.self}/content`)).status).toBe(404);
    expect((await api.call("GET", open.self)).status).toBe(200);
    expect(sandbox.merchant.resources.files.bytesHeldBy(seeded.merchant.merchantId)).toBeLessThanOrEqual(share);
  });

  it("comment text is bounded per merchant in bytes: past the share the merchant's oldest comments go, one larger than the share is refused", async () => {
    const maxCommentBytes = 1024 * 1024; // the least allowed: 512 KiB for each of the two merchants
    const sandbox = await sandboxWith({ merchant: { maxBodyBytes: 1024 * 1024, retention: { maxCommentBytes } } });
    const api = await login(sandbox, seeded.merchant.clientId, seeded.merchant.clientSecret);
    const other = await login(sandbox, seeded.merchant.otherClientId, seeded.merchant.otherClientSecret);
    const application = await other.call("POST", "/applications", validApplication);
    const theirs = await other.call("POST", expand(application.body._links["ch:comments"]), { body: "Another merchant's comment." });
    expect(theirs.status, theirs.text).toBe(201);
    const comments: MerchantCall[] = [];
    for (let i = 0; i < 6; i++) {
      const comment = await api.call("POST", "/disputes/dp-0001/comments", { body: `${i}`.padEnd(200 * 1024, "x") });
      expect(comment.status, comment.text).toBe(201);
      comments.push(comment);
    }
    const held = sandbox.merchant.resources.commentBytesHeldBy(seeded.merchant.merchantId);
    expect(held).toBeLessThanOrEqual(maxCommentBytes / 2);
    expect(held).toBe(2 * 200 * 1024);
    expect((await api.call("GET", comments[0]!.body._links.self.href)).status).toBe(404);
    expect((await api.call("GET", comments[5]!.body._links.self.href)).status).toBe(200);
    expect((await other.call("GET", theirs.body._links.self.href)).status, "another merchant's comment stays").toBe(200);
    // Larger than the whole share: refused, and nothing is forgotten for it.
    const refused = await api.call("POST", "/disputes/dp-0001/comments", { body: "y".repeat(600 * 1024) });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("merchant.retention.maxCommentBytes");
    expect((await api.call("GET", comments[4]!.body._links.self.href)).status).toBe(200);
  });
});

describe("gateway: stored credentials and cardholder blocks (one key per card and account)", () => {
  it("keep at most an account's share each, forgetting that account's oldest, never another's", () => {
    const keys = new KeysPerAccount(() => 3);
    keys.add("other", "card-x");
    for (const card of ["a", "b", "c", "d", "e"]) keys.add("merchant", card);
    expect(["a", "b", "c", "d", "e"].filter((card) => keys.has("merchant", card))).toEqual(["c", "d", "e"]);
    expect(keys.count("merchant")).toBe(3);
    expect(keys.has("other", "card-x")).toBe(true);
    // Added again, a key is the most recent: the next one pushes out the oldest other.
    keys.add("merchant", "c");
    keys.add("merchant", "f");
    expect(["c", "d", "e", "f"].filter((card) => keys.has("merchant", card))).toEqual(["c", "e", "f"]);
  });

  it("the sandbox's stored credentials stay within the account's share however many cards are stored", async () => {
    const sandbox = await sandboxWith({ gateway: { retention: { maxTransactions: 200 } } });
    const gw = new GatewayClient(sandbox.gatewayUrl);
    const { prefix, suffix } = testEnvironment["status-forcing-pans"][0];
    // Distinct status-forcing PANs (amount 20000: approved), each Luhn-valid: the last middle digit chosen to make it so.
    const pans = Array.from({ length: 120 }, (_, i) => {
      const head = prefix + String(10000 + i).padStart(16 - prefix.length - suffix.length - 1, "0");
      return [..."0123456789"].map((digit) => head + digit + suffix).find(isLuhnValid)!;
    });
    for (const pan of pans) {
      const response = await gw.authorize({ amount: 20000, credential_on_file: "store" }, { pan });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
    }
    expect(sandbox.gateway.store.storedCredentials.count(keys.merchantAccountId)).toBe(100);
  });
});
