/**
 * Object-level authorization in the merchant sandbox (OWASP API1): every operation of the merchant
 * spec, called by a client of another merchant on the first merchant's resources, answers the
 * spec's 404 exactly as for an id that never existed, and changes nothing; listings, counts and
 * registered clients stay within their merchant. The operations are read from the bundled spec,
 * so a new operation fails this file until it is given a place here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import merchantSpec from "../generated/merchant/openapi.json";
import { seeded } from "../src/testkit/sandbox/configuration/config";
import type { RunningSandbox } from "../src/testkit/sandbox/server";
import { expand, MerchantClient, startTestSandbox, validApplication, validPerson, type MerchantCall } from "./support/sandbox";

interface SpecOperation {
  method: string;
  template: string;
  operationId: string;
  ownServers: boolean;
}

const operations: SpecOperation[] = Object.entries(merchantSpec.paths as Record<string, Record<string, unknown>>).flatMap(
  ([template, item]) =>
    Object.entries(item).flatMap(([method, op]) => {
      const operation = op as { operationId?: string; servers?: unknown[] };
      return operation.operationId
        ? [
            {
              method: method.toUpperCase(),
              template,
              operationId: operation.operationId,
              ownServers: (operation.servers ?? (item as { servers?: unknown[] }).servers ?? []).length > 0,
            },
          ]
        : [];
    }),
);

let sandbox: RunningSandbox;
/** The seeded merchant's client, and a client of the second seeded merchant. */
let owner: MerchantClient;
let intruder: MerchantClient;

/** The owner's resources, by the path parameter that names them. */
const ids: Record<string, string> = {};
let stamps: Record<"application" | "dispute" | "contract", string>;

/** The last path segment of a link: the id of the resource it names. */
const idOf = (href: string) => href.split("/").pop()!;

async function created(call: Promise<MerchantCall>): Promise<MerchantCall> {
  const answer = await call;
  expect(answer.status, answer.text).toBe(201);
  return answer;
}

async function upload(file: MerchantCall, bytes: string): Promise<void> {
  const link = file.body._links["ch:data"].find((l: { name: string }) => l.name === "upload").href as string;
  const put = await fetch(link, { method: "PUT", headers: { "content-type": "application/pdf" }, body: bytes });
  expect(put.status).toBe(200);
}

/** A problem without its request id, which differs on every call. */
function problemOf(call: MerchantCall): unknown {
  const { "request-id": requestId, ...problem } = call.body as Record<string, unknown>;
  expect(requestId).toEqual(expect.any(String));
  return { status: call.status, contentType: call.headers.get("content-type"), problem };
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
  owner = new MerchantClient(sandbox.merchantUrl);
  intruder = new MerchantClient(sandbox.merchantUrl);
  expect((await owner.login()).status).toBe(200);
  expect((await intruder.login(seeded.merchant.otherClientId, seeded.merchant.otherClientSecret)).status).toBe(200);

  // The owner's whole graph: a submitted application with a person, files, comments and a contract.
  const app = (await created(owner.call("POST", "/applications", validApplication))).body;
  const person = (await created(owner.call("POST", expand(app._links["ch:people"]), validPerson))).body;
  for (const label of ["picture_legitimation", "address_legitimation"]) {
    await upload(await created(owner.call("POST", expand(person._links["ch:files"]), { label, content_type: "application/pdf" })), label);
  }
  const appFile = await created(
    owner.call("POST", expand(app._links["ch:files"]), { label: "bank_statement", content_type: "application/pdf" }),
  );
  await upload(appFile, "statement");
  const gateways = await owner.call("GET", expand(app._links["ch:gateways"]));
  expect((await owner.call("PUT", gateways.body._embedded.selectable[0]._links["ch:selection"].href)).status).toBe(204);
  const submit = app._links["ch:stamps"].find((s: { name: string }) => s.name === "submitted").href as string;
  expect((await owner.call("PUT", submit)).status).toBe(204);
  const contracts = await owner.call("GET", `/applications/${idOf(app._links.self.href)}/contracts`);
  const contract = contracts.body._embedded["ch:contracts"][0];
  const comment = (await created(owner.call("POST", expand(app._links["ch:comments"]), { body: "Owner's note" }))).body;
  const dispute = (await owner.call("GET", "/disputes/dp-0001")).body;
  await created(owner.call("POST", expand(dispute._links["ch:comments"]), { body: "Owner's dispute note" }));
  await created(owner.call("POST", "/gateways/gw-sandbox-one/comments", { body: "Owner's gateway note" }));

  Object.assign(ids, {
    application_id: idOf(app._links.self.href),
    person_id: idOf(person._links.self.href),
    file_id: idOf(appFile.body._links.self.href),
    contract_id: idOf(contract._links.self.href),
    dispute_id: "dp-0001",
    comment_id: idOf(comment._links.self.href),
    gateway_id: "gw-sandbox-one",
  });
  stamps = { application: "archived", dispute: dispute._links["ch:stamps"][0].name, contract: contract._links["ch:stamps"][0].name };
});

afterAll(async () => {
  expect(sandbox.violations.entries, "responses that broke the spec").toEqual([]);
  await sandbox.stop();
});

/** A body that the operation would accept from its owner, so that only visibility can refuse it. */
const validBodies: Record<string, unknown> = {
  updateApplication: { signer: { name: "Mallory", email: "mallory@example.com" } },
  createPerson: validPerson,
  updatePerson: { city: "Elsewhere" },
  createApplicationFile: { label: "bank_statement", content_type: "application/pdf" },
  createPersonFile: { label: "picture_legitimation", content_type: "application/pdf" },
  createDisputeFile: { label: "evidence", content_type: "application/pdf" },
  updateFile: { name: "stolen.pdf" },
  createComment: { body: "Intruder's note" },
};

/** The owner's resource path of an operation: its template with the owner's ids (and a stamp the resource offers). */
function ownerPath(op: SpecOperation, context = "applications"): string {
  const stamp = op.template.startsWith("/disputes")
    ? stamps.dispute
    : op.template.startsWith("/contracts")
      ? stamps.contract
      : stamps.application;
  const contextIds: Record<string, string> = {
    applications: ids.application_id!,
    people: ids.person_id!,
    files: ids.file_id!,
    disputes: ids.dispute_id!,
    gateways: ids.gateway_id!,
  };
  return op.template.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
    if (name === "stamp_name") return stamp;
    if (name === "context") return context;
    if (name === "context_id") return contextIds[context]!;
    return ids[name]!;
  });
}

/** The comment contexts the sandbox serves, each with a resource of the owner (gateways are everyone's). */
const ownedContexts = ["applications", "people", "files", "disputes"];

describe("another merchant's client", () => {
  const covered = new Set<string>();

  it("gets the spec's 404, as for an id that never existed, from every operation on the owner's resources", async () => {
    const neverExisted = problemOf(await intruder.call("GET", "/applications/00000000-0000-4000-8000-000000000000"));
    const checked: string[] = [];
    // Deletions last, so that every other operation still finds the owner's resources there.
    const ordered = [...operations].sort((a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"));
    for (const op of ordered) {
      if (op.ownServers || !op.template.includes("{")) continue;
      const onGateway = op.template === "/gateways/{gateway_id}";
      if (onGateway) continue; // the catalogue: below
      const paths = op.template.startsWith("/{context}") ? ownedContexts.map((context) => ownerPath(op, context)) : [ownerPath(op)];
      for (const path of paths) {
        const answer = await intruder.call(op.method, path, validBodies[op.operationId]);
        expect(answer.status, `${op.operationId} ${path}: ${answer.text}`).toBe(404);
        expect(problemOf(answer), `${op.operationId} ${path}`).toEqual(neverExisted);
        checked.push(`${op.method} ${path}`);
      }
      covered.add(op.operationId);
    }
    expect(checked.length).toBeGreaterThan(40);
  });

  it("changed nothing of the owner's: the owner still reads every resource as it was", async () => {
    const app = await owner.call("GET", `/applications/${ids.application_id}`);
    expect(app.body.signer).toEqual(validApplication.signer);
    const person = await owner.call("GET", `/people/${ids.person_id}`);
    expect(person.body.city).toBe(validPerson.city);
    const file = await owner.call("GET", `/files/${ids.file_id}`);
    expect(file.body.name).toBe("bank_statement");
    expect((await owner.call("GET", `/files/${ids.file_id}/content`)).text).toBe("statement");
    for (const [path, relation, count] of [
      [`/applications/${ids.application_id}/people`, "ch:people", 1],
      [`/applications/${ids.application_id}/files`, "ch:files", 1],
      [`/people/${ids.person_id}/files`, "ch:files", 2],
      [`/applications/${ids.application_id}/comments`, "ch:comments", 1],
      [`/disputes/dp-0001/files`, "ch:files", 0],
      [`/disputes/dp-0001/comments`, "ch:comments", 1],
    ] as const) {
      const listing = await owner.call("GET", path);
      expect(listing.status, path).toBe(200);
      expect(listing.body._embedded[relation], path).toHaveLength(count);
    }
    expect((await owner.call("GET", `/disputes/dp-0001`)).body.status).toBe("open");
    expect((await owner.call("GET", `/contracts/${ids.contract_id}`)).body.state).toBe("needs_signature");
  });

  it("lists none of the owner's applications, disputes or transactions, and counts none", async () => {
    for (const op of operations.filter((o) => o.method === "GET" && ["/applications", "/disputes", "/transactions"].includes(o.template))) {
      const own = await owner.call("GET", op.template);
      const theirs = await intruder.call("GET", op.template);
      expect(theirs.status, op.operationId).toBe(200);
      const [relation] = Object.keys(own.body._embedded);
      expect(own.body._embedded[relation!].length, `${op.operationId}: the owner has some`).toBeGreaterThan(0);
      expect(theirs.body._embedded[relation!] ?? [], op.operationId).toEqual([]);
      if ("count" in own.body) expect(theirs.body.count, op.operationId).toBe(0);
      covered.add(op.operationId);
    }
    // Its own application is listed for it, and not for the owner.
    const mine = await created(intruder.call("POST", "/applications", validApplication));
    covered.add("createApplication");
    const listed = await intruder.call("GET", "/applications");
    expect(listed.body._embedded["ch:applications"].map((a: { _links: { self: { href: string } } }) => a._links.self.href)).toEqual([
      mine.body._links.self.href,
    ]);
    expect((await owner.call("GET", mine.body._links.self.href)).status).toBe(404);
  });

  it("shares the gateway catalogue, but not the owner's comments on a gateway", async () => {
    expect((await intruder.call("GET", `/gateways/${ids.gateway_id}`)).status).toBe(200);
    expect((await intruder.call("OPTIONS", `/gateways/${ids.gateway_id}`)).status).toBe(204);
    covered.add("getGateway").add("optionsGateway");
    const theirs = await intruder.call("GET", `/gateways/${ids.gateway_id}/comments`);
    expect(theirs.status).toBe(200);
    expect(theirs.body._embedded["ch:comments"]).toEqual([]);
    await created(intruder.call("POST", `/gateways/${ids.gateway_id}/comments`, { body: "Intruder's gateway note" }));
    const owners = await owner.call("GET", `/gateways/${ids.gateway_id}/comments`);
    expect(owners.body._embedded["ch:comments"].map((c: { body: string }) => c.body)).toEqual(["Owner's gateway note"]);
  });

  it("registers clients that act for its own merchant: they see its resources, never the owner's", async () => {
    const registered = await created(intruder.call("POST", "/oauth/clients", { client_name: "Intruder's CI" }));
    expect(registered.body).not.toHaveProperty("merchant");
    covered.add("registerClient");
    const sibling = new MerchantClient(sandbox.merchantUrl);
    expect((await sibling.login(registered.body.client_id, registered.body.client_secret)).status).toBe(200);
    covered.add("createToken");
    expect((await sibling.call("GET", `/applications/${ids.application_id}`)).status).toBe(404);
    expect((await sibling.call("GET", "/applications")).body._embedded["ch:applications"]).toHaveLength(1);
  });

  it("the operations without a resource in their path answer it as anyone (root, options of collections)", async () => {
    const basic = "Basic " + Buffer.from(`${seeded.merchant.otherClientId}:${seeded.merchant.otherClientSecret}`).toString("base64");
    for (const op of operations.filter((o) => !o.template.includes("{") && !covered.has(o.operationId))) {
      // The token endpoint authenticates the client itself (HTTP Basic), not a bearer token.
      const answer =
        op.template === "/oauth/token"
          ? await intruder.raw(op.method, sandbox.merchantUrl + op.template, { headers: { authorization: basic } })
          : await intruder.call(op.method, op.template);
      expect(answer.status, `${op.operationId}: ${answer.text}`).toBeLessThan(300);
      covered.add(op.operationId);
    }
  });

  it("every operation of the spec is covered above (the storage host's upload link is only ever handed to the file's merchant)", () => {
    const all = operations.filter((o) => !o.ownServers).map((o) => o.operationId);
    expect(all.filter((id) => !covered.has(id))).toEqual([]);
  });
});
