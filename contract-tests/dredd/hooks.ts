/**
 * Dredd hooks (Node.js, loaded by Dredd with ts-node). Dredd sends every operation × documented
 * status it compiles from the spec; these hooks make each of those requests real:
 *
 *  - authentication: HTTP Basic with the API key (gateway), client credentials at the token
 *    endpoint and a bearer token elsewhere (merchant);
 *  - form bodies: Dredd sends none for `application/x-www-form-urlencoded`, so the body is the
 *    spec's first request example, encoded with brackets;
 *  - signatures: `Signature: <signing api key> RS256-hex <hex>` over exactly those bytes, by
 *    the toolkit's signer;
 *  - addresses: on the sandbox, path parameters are real resources created before the run
 *    with the toolkit's clients (fresh ones per gateway transaction, disposable ones for DELETEs);
 *  - the status Dredd expects: 2xx as above; 400 with a broken body, an unknown transaction id
 *    or `per_page=0`; 401 without credentials; 404 (merchant) with an unknown id. 409, 429,
 *    5xx and the storage host's upload are skipped: the vitest suite covers them.
 *
 * The target comes from DREDD_CONTRACT (JSON), written by contract-tests/dredd/run.ts.
 */
import { randomUUID } from "node:crypto";
import { createGatewayClient, createSigner, encodeForm, type Signer } from "../../src/toolkit/gateway";
import { createMerchantClient, type HalResource } from "../../src/toolkit/merchant";
import { listOperationExamples } from "../../src/testkit/openapi-model/examples";
import { schemaMapOf, stringsOf } from "../../src/testkit/common/json-values";
import { apiModel } from "../../src/testkit/openapi-model/operation-model";
import { FORM_MEDIA_TYPE, mediaTypeOf } from "../../src/testkit/openapi-model/media-types";
import { flatten } from "../support/arbitraries";
import { suiteFetch } from "../support/connections";
import type { Schema } from "../support/spec";

interface DreddTransaction {
  name: string;
  fullPath: string;
  skip: boolean;
  origin: { resourceName: string; actionName: string };
  request: { method: string; uri: string; headers: Record<string, string>; body: string };
  expected: { statusCode: string | number; headers?: Record<string, string>; body?: string };
  fail?: string;
}

interface DreddHooks {
  beforeAll(fn: (transactions: DreddTransaction[], done: () => void) => void): void;
  beforeEach(fn: (transaction: DreddTransaction, done: () => void) => void): void;
  beforeEachValidation(fn: (transaction: DreddTransaction & { real?: { headers: Record<string, string> } }) => void): void;
  log(message: string): void;
}

export interface DreddContract {
  kind: "sandbox" | "mock";
  api: "gateway" | "merchant";
  baseUrl: string;
  gateway: { apiKey: string; signingKeyId: string; signingKeyPem: string };
  merchant: { clientId: string; clientSecret: string; audience: string };
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- Dredd injects this module
const hooks = require("hooks") as DreddHooks;
const contract = JSON.parse(process.env.DREDD_CONTRACT ?? "{}") as DreddContract;
const model = apiModel(contract.api);
const doc = model.document;
const { router } = model;

type Json = Record<string, any>;

function firstExample(operationId: string): { mediaType: string; value: unknown } | undefined {
  const found = listOperationExamples(doc).find((e) => e.kind === "request" && e.operationId === operationId);
  return found ? { mediaType: found.mediaType!, value: structuredClone(found.value) } : undefined;
}

function encode(mediaType: string, value: unknown): string {
  return mediaType === FORM_MEDIA_TYPE ? encodeForm(value) : JSON.stringify(value);
}

let signer: Signer | undefined;
function sign(body: string): string {
  signer ??= createSigner({ apiKey: contract.gateway.signingKeyId, privateKey: contract.gateway.signingKeyPem });
  return signer.headerFor(Buffer.from(body));
}

const basic = (user: string, password = "") => "Basic " + Buffer.from(`${user}:${password}`).toString("base64");

// --- the target's resources (fixtures), made with the toolkit's clients ------------------------

/** A fixture request is sent once and waited for: suiteFetch bounds it by its progress, not a clock. */
const once = { fetch: suiteFetch, retry: { attempts: 1 }, timeoutMs: 0 };

/** The merchant client's token, for the requests Dredd sends itself. */
let bearer = "";

const idOf = (href: string) => decodeURIComponent(new URL(href).pathname.split("/").pop()!);

function first<T>(items: readonly T[] | undefined, what: string): T {
  if (!items?.[0]) throw new Error(`the sandbox listed no ${what.replace(/^an? /, "")}: a fixture needs ${what}`);
  return items[0];
}

/** Path parameter values for the merchant operations, by operation (fixtures built once). */
const merchantParams = new Map<string, Record<string, string>>();

async function merchantFixtures(): Promise<void> {
  const client = createMerchantClient({
    ...contract.merchant,
    baseUrl: contract.baseUrl,
    tokenUrl: `${contract.baseUrl}/oauth/token`,
    ...once,
    rateLimit: { maxRetries: 0 },
    // The client keeps its token to itself: it is read off the requests it sends.
    fetch: (url, init) => {
      const sent = new Headers(init.headers).get("authorization");
      if (sent?.startsWith("Bearer ")) bearer = sent.slice("Bearer ".length);
      return suiteFetch(url, init);
    },
  });
  const root = await client.root();
  if (contract.kind !== "sandbox") return;

  const example = (id: string) => firstExample(id)!.value as never;
  const pdf = "%PDF-1.7 dredd";
  // The examples' sizes are those of their own documents: the metadata says the size of these bytes.
  const upload = (owner: HalResource, metadata: unknown) =>
    client.uploadFile(owner, { ...(metadata as object), size: pdf.length } as never, pdf);
  // Application A: complete and submitted, so it has a contract.
  const a = await client.create(root, "ch:applications", example("createApplication"));
  const personA = await client.create(a, "ch:people", example("createPerson"));
  for (const e of listOperationExamples(doc).filter((x) => x.kind === "request" && x.operationId === "createPersonFile"))
    await upload(personA, e.value);
  const gatewaysA = await client.follow(a, "ch:gateways");
  await client.request("PUT", first(gatewaysA._embedded?.selectable, "a selectable gateway"), "ch:selection");
  await client.addStamp(a, "submitted");
  const contracts = await client.follow(await client.follow(a, "self"), "ch:contracts");
  const contractId = idOf(first(contracts._embedded?.["ch:contracts"], "a contract")._links.self.href);

  // Application B: the one most operations act on.
  const b = await client.create(root, "ch:applications", example("createApplication"));
  const person = await client.create(b, "ch:people", example("createPerson"));
  const disposablePerson = await client.create(b, "ch:people", example("createPerson"));
  const file = await upload(b, example("createApplicationFile"));
  const disposableFile = await client.create(b, "ch:files", example("createApplicationFile"));
  const gateways = await client.follow(b, "ch:gateways");
  const gatewayId = String(first(gateways._embedded?.selectable, "a selectable gateway").id);
  const disputes = await client.follow(root, "ch:disputes", { variables: { query: "status:open" } });
  const dispute = first(disputes._embedded?.["ch:disputes"], "an open dispute");
  const comment = await client.create(b, "ch:comments", example("createComment"));

  const common = {
    application_id: idOf(b._links.self.href),
    person_id: idOf(person._links.self.href),
    file_id: idOf(file._links.self.href),
    gateway_id: gatewayId,
    dispute_id: idOf(dispute._links.self.href),
    contract_id: contractId,
    comment_id: idOf(comment._links.self.href),
    context: "applications",
    context_id: idOf(b._links.self.href),
  };
  for (const route of router.operations.values()) {
    const params: Record<string, string> = { ...common };
    if (/Contracts$/.test(route.operationId)) params.application_id = idOf(a._links.self.href);
    if (route.operationId === "deletePerson") params.person_id = idOf(disposablePerson._links.self.href);
    if (route.operationId === "deleteFile") params.file_id = idOf(disposableFile._links.self.href);
    params.stamp_name = route.template.startsWith("/disputes")
      ? "accepted"
      : route.template.startsWith("/contracts")
        ? "signed"
        : "archived";
    merchantParams.set(route.operationId, params);
  }
}

/** A fresh gateway resource for one transaction: the path of the operation on it. */
async function gatewayPath(operationId: string): Promise<string | undefined> {
  const gateway = createGatewayClient({
    baseUrl: contract.baseUrl,
    apiKey: contract.gateway.apiKey,
    signing: { apiKey: contract.gateway.signingKeyId, privateKey: contract.gateway.signingKeyPem },
    ...once,
  });
  const authorize = async () => approved(await gateway.authorize(firstExample("createAuthorization")!.value as never));
  switch (operationId) {
    case "createCapture":
    case "createVoid":
      return `/authorizations/${(await authorize()).id}/${operationId === "createCapture" ? "captures" : "voids"}`;
    case "createRefund": {
      const authorization = await authorize();
      approved(await gateway.capture(authorization.id));
      return authorization._links.refunds!.href;
    }
    case "createDebitRefund":
      return approved(await gateway.debit(firstExample("createDebit")!.value as never))._links!.refunds!.href;
    default:
      return undefined;
  }
}

/** The transaction of an approved outcome; a decline ends the fixture with its meaning. */
function approved<T>(outcome: { approved: true; transaction: T } | { approved: false; code: number; meaning: string }): T {
  if (!outcome.approved) throw new Error(`a fixture transaction was declined: ${outcome.code} ${outcome.meaning}`);
  return outcome.transaction;
}

function fill(template: string, params: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? "x"));
}

// --- the hooks ---------------------------------------------------------------------------------

hooks.beforeAll((_transactions, done) => {
  (contract.api === "merchant" ? merchantFixtures() : Promise.resolve())
    .catch((error: unknown) => hooks.log(`fixtures failed: ${error instanceof Error ? error.message : String(error)}`))
    .finally(done);
});

hooks.beforeEach((transaction, done) => {
  prepare(transaction)
    .catch((error: unknown) => {
      transaction.fail = `hook error: ${error instanceof Error ? error.message : String(error)}`;
    })
    .finally(done);
});

/**
 * Dredd checks that every key of the spec's example is present in the answer, optional members
 * included, and compares Content-Type as a whole string. Before it validates, the expected body
 * is cut down to the members the response schema requires (recursively), and a Content-Type
 * whose media type is the documented one is accepted with its parameters (the gateway's
 * `version` and `charset`). Presence of required members is what Dredd then checks.
 */
hooks.beforeEachValidation((transaction) => {
  const expectedType = Object.entries(transaction.expected.headers ?? {}).find(([name]) => name.toLowerCase() === "content-type");
  const realType = Object.entries(transaction.real?.headers ?? {}).find(([name]) => name.toLowerCase() === "content-type")?.[1];
  if (expectedType && realType && mediaTypeOf(realType) === mediaTypeOf(expectedType[1])) {
    transaction.expected.headers![expectedType[0]] = realType;
  }
  const matched = router.match(transaction.request.method.toUpperCase(), transaction.origin.resourceName);
  if (matched.kind !== "match" || !transaction.expected.body) return;
  const schema = model.responseFor(matched.route, Number(transaction.expected.statusCode))?.media[0]?.schema?.schema;
  if (schema === undefined) return;
  try {
    transaction.expected.body = JSON.stringify(requiredSkeleton(schema, JSON.parse(transaction.expected.body)));
  } catch {
    /* not JSON: Dredd compares text */
  }
});

function requiredSkeleton(schema: Schema, example: unknown, depth = 0): unknown {
  if (Array.isArray(example)) return [];
  if (!example || typeof example !== "object" || depth > 12) return example;
  const node = flatten(doc, schema);
  if (typeof node === "boolean") return {};
  const required = new Set(stringsOf(node.required));
  const properties = schemaMapOf(node.properties);
  const out: Json = {};
  for (const [key, value] of Object.entries(example)) {
    if (required.has(key)) out[key] = requiredSkeleton(properties[key] ?? true, value, depth + 1);
  }
  return out;
}

function skip(transaction: DreddTransaction, why: string): void {
  transaction.skip = true;
  hooks.log(`skip ${transaction.name}: ${why}`);
}

async function prepare(transaction: DreddTransaction): Promise<void> {
  const method = transaction.request.method.toUpperCase();
  const matched = router.match(method, transaction.origin.resourceName);
  if (matched.kind !== "match") {
    const external = model.externalRouter.match(method, transaction.origin.resourceName).kind === "match";
    return skip(
      transaction,
      external
        ? "the operation lives on its own host (a pre-signed storage link); the vitest suite's file flow covers it"
        : "not an operation of this host",
    );
  }
  const { route } = matched;
  const status = Number(transaction.expected.statusCode);
  // Dredd expects one media type per answer; an answer the spec documents in two forms (the
  // merchant token endpoint, client registration) is checked by the vitest suite instead.
  const documented = route.responses.get(String(status))?.media ?? [];
  if (documented.length > 1)
    return skip(transaction, `status ${status} is documented in ${documented.length} media types; Dredd checks one`);
  const headers = transaction.request.headers;
  const example = firstExample(route.operationId);
  const setPath = (path: string) => {
    transaction.fullPath = path;
    transaction.request.uri = path;
  };
  const setBody = (mediaType: string, value: unknown) => {
    transaction.request.body = encode(mediaType, value);
    headers["Content-Type"] = mediaType;
  };

  // The address: real resources on the sandbox; Dredd's example values on the mock.
  if (contract.kind === "sandbox" && route.template.includes("{")) {
    if (contract.api === "gateway") setPath((await gatewayPath(route.operationId)) ?? transaction.request.uri);
    else setPath(fill(route.template, merchantParams.get(route.operationId) ?? {}));
  } else {
    setPath(transaction.request.uri.split("?")[0]!);
  }
  if (example) setBody(example.mediaType, example.value);

  // Credentials.
  if (contract.api === "gateway") headers.Authorization = basic(contract.gateway.apiKey);
  else if (route.operationId === "createToken" || route.template === "/oauth/token") {
    headers.Authorization = basic(contract.merchant.clientId, contract.merchant.clientSecret);
    if (example) setBody(FORM_MEDIA_TYPE, { ...(example.value as Json), audience: contract.merchant.audience });
  } else headers.Authorization = `Bearer ${bearer}`;

  if (status >= 200 && status < 300) {
    // Prism answers the lowest documented 2xx unless asked: a create documents 200 and 201, and
    // Dredd expects one of them.
    if (contract.kind === "mock") headers.Prefer = `code=${status}`;
  } else if (status === 401) {
    delete headers.Authorization;
  } else if (status === 400) {
    const isForm = example?.mediaType === FORM_MEDIA_TYPE;
    if (contract.api === "gateway") {
      if (example) setBody(FORM_MEDIA_TYPE, { ...(example.value as Json), amount: "not-a-number" });
      else if (contract.kind === "sandbox") setPath(route.template.replace(/\{[^}]+\}/, randomUUID()));
      else return skip(transaction, "no body to break, and the mock knows no transaction ids");
    } else if (route.operationId === "createToken") {
      setBody(FORM_MEDIA_TYPE, { grant_type: "password", audience: contract.merchant.audience });
    } else if (example && !isForm) {
      setBody("application/json", []);
    } else if (route.parameters.some((p) => p.name === "per_page")) {
      setPath(`${transaction.fullPath}?per_page=0`);
    } else {
      return skip(transaction, "no request parameter to break");
    }
  } else if (status === 404 && contract.api === "merchant" && contract.kind === "sandbox" && route.template.includes("{")) {
    setPath(
      route.template.replace(/\{([^}]+)\}/g, (_, name: string) =>
        name === "context" ? "applications" : name === "stamp_name" ? "archived" : `unknown-${randomUUID()}`,
      ),
    );
  } else {
    return skip(transaction, `status ${status} is not provoked by Dredd (the vitest suite covers it)`);
  }

  if (contract.api === "gateway" && method === "POST" && status !== 401) headers.Signature = sign(transaction.request.body ?? "");
}
