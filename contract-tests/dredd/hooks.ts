/**
 * Dredd hooks (Node.js, loaded by Dredd with ts-node). Dredd sends every operation × documented
 * status it compiles from the spec; these hooks make each of those requests real:
 *
 *  - authentication: HTTP Basic with the API key (gateway), client credentials at the token
 *    endpoint and a bearer token elsewhere (merchant);
 *  - form bodies: Dredd sends none for `application/x-www-form-urlencoded`, so the body is the
 *    spec's first request example, encoded with brackets;
 *  - signatures: `Signature: <signing api key> RS256-hex <hex>` over exactly those bytes
 *    (node:crypto, RSASSA-PKCS1-v1_5 SHA-256);
 *  - addresses: on the sandbox, path parameters are real resources created before the run
 *    (fresh ones per gateway transaction, disposable ones for DELETEs);
 *  - the status Dredd expects: 2xx as above; 400 with a broken body, an unknown transaction id
 *    or `per_page=0`; 401 without credentials; 404 (merchant) with an unknown id. 409, 429,
 *    5xx and the storage host's upload are skipped: the vitest suite covers them.
 *
 * The target comes from DREDD_CONTRACT (JSON), written by contract-tests/dredd/run.ts.
 */
import { randomUUID } from "node:crypto";
import { stringify } from "qs";
import { createSigner } from "../../src/toolkit/gateway";
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
  return mediaType === FORM_MEDIA_TYPE ? stringify(value, { encodeValuesOnly: true }) : JSON.stringify(value);
}

function sign(body: string): string {
  return createSigner({ apiKey: contract.gateway.signingKeyId, privateKey: contract.gateway.signingKeyPem }).headerFor(Buffer.from(body));
}

const basic = (user: string, password = "") => "Basic " + Buffer.from(`${user}:${password}`).toString("base64");

// --- talking to the target directly (fixtures) -------------------------------------------------

let bearer = "";

async function gatewayPost(path: string, body: Json | undefined): Promise<Json> {
  const raw = body ? stringify(body, { encodeValuesOnly: true }) : "";
  const response = await suiteFetch(contract.baseUrl + path, {
    method: "POST",
    headers: { authorization: basic(contract.gateway.apiKey), signature: sign(raw), "content-type": FORM_MEDIA_TYPE },
    body: raw,
  });
  return (await response.json()) as Json;
}

async function merchant(
  method: string,
  url: string,
  body?: unknown,
  contentType = "application/json",
): Promise<{ status: number; json: Json }> {
  const response = await suiteFetch(url.startsWith("http") ? url : contract.baseUrl + url, {
    method,
    headers: { authorization: `Bearer ${bearer}`, ...(body !== undefined ? { "content-type": contentType } : {}) },
    body: body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    json: text && /json/.test(response.headers.get("content-type") ?? "") ? (JSON.parse(text) as Json) : {},
  };
}

const strip = (href: string) => href.replace(/\{[^}]*\}$/, "");
const idOf = (href: string) => decodeURIComponent(new URL(href).pathname.split("/").pop()!);

/** Path parameter values for the merchant operations, by operation (fixtures built once). */
const merchantParams = new Map<string, Record<string, string>>();

async function merchantFixtures(): Promise<void> {
  const token = await suiteFetch(contract.baseUrl + "/oauth/token", {
    method: "POST",
    headers: { authorization: basic(contract.merchant.clientId, contract.merchant.clientSecret), "content-type": FORM_MEDIA_TYPE },
    body: `grant_type=client_credentials&audience=${encodeURIComponent(contract.merchant.audience)}`,
  });
  bearer = ((await token.json()) as Json).access_token as string;
  if (contract.kind !== "sandbox") return;

  const root = (await merchant("GET", "/")).json._links;
  const example = (id: string) => firstExample(id)!.value as Json;
  const createApp = async () => (await merchant("POST", strip(root["ch:applications"].href), example("createApplication"))).json;
  const upload = async (file: Json, bytes: Buffer) => {
    const link = (file._links["ch:data"] as Json[]).find((l) => l.name === "upload")!.href as string;
    await suiteFetch(link, { method: "PUT", headers: { "content-type": file.content_type }, body: new Uint8Array(bytes) });
  };

  // Application A: complete and submitted, so it has a contract.
  const a = await createApp();
  const personA = (await merchant("POST", strip(a._links["ch:people"].href), example("createPerson"))).json;
  for (const e of listOperationExamples(doc).filter((x) => x.kind === "request" && x.operationId === "createPersonFile")) {
    const file = (await merchant("POST", strip(personA._links["ch:files"].href), e.value)).json;
    await upload(file, Buffer.from("%PDF-1.7 dredd"));
  }
  const gatewaysA = (await merchant("GET", strip(a._links["ch:gateways"].href))).json;
  await merchant("PUT", gatewaysA._embedded.selectable[0]._links["ch:selection"].href);
  await merchant("PUT", (a._links["ch:stamps"] as Json[]).find((l) => l.name === "submitted")!.href);
  const submitted = (await merchant("GET", a._links.self.href)).json;
  const contracts = (await merchant("GET", strip(submitted._links["ch:contracts"].href))).json;
  const contractId = idOf(Object.values(contracts._embedded as Record<string, Json[]>)[0]![0]!._links.self.href);

  // Application B: the one most operations act on.
  const b = await createApp();
  const people = strip(b._links["ch:people"].href);
  const person = (await merchant("POST", people, example("createPerson"))).json;
  const disposablePerson = (await merchant("POST", people, example("createPerson"))).json;
  const files = strip(b._links["ch:files"].href);
  const file = (await merchant("POST", files, { ...example("createApplicationFile"), size: 14 })).json;
  await upload(file, Buffer.from("%PDF-1.7 dredd"));
  const disposableFile = (await merchant("POST", files, example("createApplicationFile"))).json;
  const gateways = (await merchant("GET", strip(b._links["ch:gateways"].href))).json;
  const gatewayId = String(gateways._embedded.selectable[0].id);
  const disputes = (await merchant("GET", strip(root["ch:disputes"].href) + "?query=status:open")).json;
  const dispute = Object.values(disputes._embedded as Record<string, Json[]>)[0]![0]!;
  const comment = (await merchant("POST", strip(b._links["ch:comments"].href), example("createComment"))).json;

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
  const card = firstExample("createAuthorization")!.value as Json;
  switch (operationId) {
    case "createCapture":
    case "createVoid":
      return `/authorizations/${(await gatewayPost("/authorizations", card)).id}/${operationId === "createCapture" ? "captures" : "voids"}`;
    case "createRefund": {
      const authorization = await gatewayPost("/authorizations", card);
      await gatewayPost(authorization._links.captures.href, {});
      return authorization._links.refunds.href;
    }
    case "createDebitRefund":
      return (await gatewayPost("/debits", firstExample("createDebit")!.value as Json))._links.refunds.href;
    default:
      return undefined;
  }
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
