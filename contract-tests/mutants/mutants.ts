/**
 * Deliberately broken providers. Each mutant is the sandbox with one fault: either an answer or
 * a request rewritten by the proxy in front of it, or one rule switched off inside that sandbox
 * instance through its fault-injection seam. Each names the spec rule it breaks (an id of
 * contract-tests/rules/inventory.ts) and the scenario that must catch it: a test that declares
 * that rule and whose name matches `scenario`. The mutation run (./run.ts) runs only the pinned
 * scenario against the mutant; it must fail, with a message matching `catcher` (a failure for
 * another reason, a crash answered 500 included, is a wrong catch).
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { windows } from "../../generated/gateway/constants";
import { createSigner } from "../../src/toolkit/clients/gateway/signing";
import { seeded, seededPrivateKeyPath } from "../../src/testkit/sandbox/configuration/config";
import { sandboxFaults, type SandboxFault } from "../../src/testkit/sandbox/cross-api/faults";
import { isJsonObject, objectOf, stringOf } from "../../src/testkit/common/json-values";
import { listOperationExamples } from "../../src/testkit/openapi-model/examples";
import { suiteFetch } from "../support/connections";
import { apiSpec } from "../support/spec";
import { jsonOf, setJson, type Mutation, type ProxiedRequest, type ProxiedResponse } from "./proxy";

/** The classes of faults, as the issue that asked for them names them. */
export const MUTANT_CLASSES = {
  form: "answers of the wrong form (schema, status, media type)",
  echo: "answers that do not match the request",
  rule: "stated rules (a scenario per rule)",
  invariant: "invariants across answers and pages",
  header: "header semantics beyond format",
  link: "facts that must agree across answers (links, ids)",
  default: "documented defaults of omitted parameters",
  readback: "read-back after writes (and echoes that lose a member)",
  time: "time-valued fields and lifetimes against the clock",
  listing: "listings against their query",
  model: "members and headers no scenario read, caught by the model beside the target",
} as const;
export type MutantClass = keyof typeof MUTANT_CLASSES;

export interface Mutant {
  name: string;
  class: MutantClass;
  /** What is broken, in one line (goes into the summary table). */
  fault: string;
  /** The id of the spec rule the fault breaks (contract-tests/rules/inventory.ts). */
  rule: string;
  /** The scenario that must catch it: matched against the test's own name; the test must declare `rule`. */
  scenario: RegExp;
  /**
   * Why the scenario must fail: matched against its failure message. A failure for another
   * reason (a crash answered 500, a plumbing error) is a wrong catch, and fails the mutation run.
   */
  catcher: RegExp;
  /** A rule switched off inside the sandbox, through its fault-injection seam (src/testkit/sandbox/cross-api/faults.ts). */
  sandboxFault?: SandboxFault;
  /** Faults on the wire. */
  mutation?: Mutation;
}

type Json = Record<string, any>;

function editJson(
  test: (request: ProxiedRequest, response: ProxiedResponse) => boolean,
  edit: (body: Json, response: ProxiedResponse, request: ProxiedRequest) => void,
): Mutation {
  return {
    response(request, response) {
      if (!test(request, response)) return;
      const body = jsonOf(response);
      if (!isJsonObject(body)) return;
      edit(body, response, request);
      setJson(response, body);
    },
  };
}

const isOp =
  (...ids: string[]) =>
  (request: ProxiedRequest) =>
    ids.includes(request.operationId ?? "");
const created =
  (...ids: string[]) =>
  (q: ProxiedRequest, r: ProxiedResponse) =>
    isOp(...ids)(q) && r.status === 201;
const conformance = (operationId: string) => new RegExp(`^${operationId} \\(.*\\): every response is documented`);
const formField = (request: ProxiedRequest, name: string) => new URLSearchParams(request.body.toString("utf8")).get(name) ?? undefined;
const basicUser = (request: ProxiedRequest) => {
  const header = request.headers.authorization;
  if (!header?.startsWith("Basic ")) return undefined;
  return Buffer.from(header.slice(6), "base64").toString("utf8").split(":")[0];
};
const basic = (user: string, password = "") => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

/** A valid signature header over the request's bytes, with the seeded signing key. */
const signed = (() => {
  let signer: ReturnType<typeof createSigner> | undefined;
  return (body: Buffer) => {
    signer ??= createSigner({ apiKey: seeded.gateway.signingKeyId, privateKey: readFileSync(seededPrivateKeyPath, "utf8") });
    return signer.headerFor(new Uint8Array(body));
  };
})();

/** The spec's example of an approved answer of an operation, with a fresh id (and the amount sent). */
function approvedExample(operationId: string, request: ProxiedRequest): ProxiedResponse {
  const example = listOperationExamples(apiSpec("gateway").doc).find(
    (e) => e.kind === "response" && e.operationId === operationId && e.status === "201",
  );
  if (!example) throw new Error(`the gateway spec has no 201 example of ${operationId}`);
  const body = structuredClone(objectOf(example.value));
  body.id = randomUUID();
  const amount = formField(request, "amount");
  if (amount !== undefined && "amount" in body) body.amount = Number(amount);
  // Its links name the authorization it answers, as a real answer's would (the link invariant holds them to it).
  const authorization = /\/authorizations\/([^/]+)/.exec(request.url.pathname)?.[1];
  if (authorization && body._links)
    body._links = JSON.parse(JSON.stringify(body._links).replace(/\/authorizations\/[^/"]+/g, `/authorizations/${authorization}`));
  return {
    status: 201,
    headers: { "content-type": "application/vnd.clearhaus-gateway.hal+json; version=0.10.0; charset=utf-8" },
    body: Buffer.from(JSON.stringify(body)),
  };
}

/**
 * Approves follow-ups the sandbox declines, for authorizations the proxy saw declined (with
 * their status code) or, for refunds, never captured.
 */
function approveFollowUps(
  operationId: "createCapture" | "createRefund" | "createVoid",
  approve: (state: { declined?: number; captured: boolean }) => boolean,
): Mutation {
  const declined = new Map<string, number | undefined>();
  const captured = new Set<string>();
  return {
    response(q, r) {
      const body = objectOf(jsonOf(r));
      const code = objectOf(body.status).code;
      if (q.operationId === "createAuthorization" && r.status === 400 && typeof body.id === "string")
        declined.set(body.id, typeof code === "number" ? code : undefined);
      const id = /\/authorizations\/([^/]+)\//.exec(q.url.pathname)?.[1];
      if (q.operationId === "createCapture" && r.status === 201 && id) captured.add(id);
      if (q.operationId !== operationId || r.status !== 400 || !id) return;
      if (code === 40000 && !declined.has(id)) return;
      if (!approve({ declined: declined.get(id), captured: captured.has(id) })) return;
      Object.assign(r, approvedExample(operationId, q));
    },
  };
}

/** Swaps the Basic API key of gateway requests sent with one key for the seeded merchant key. */
function acceptKey(key: string | undefined): Mutation {
  return {
    request(q) {
      if (q.listener !== "gateway") return;
      const user = basicUser(q);
      if (key === undefined ? q.headers.authorization === undefined : user === key)
        q.headers.authorization = basic(seeded.gateway.merchantKey);
    },
  };
}

/** Scales a RateLimit header of merchant answers. */
function rateHeader(
  name: string,
  edit: (value: number, response: ProxiedResponse, count: number) => number,
  when: (r: ProxiedResponse) => boolean = () => true,
): Mutation {
  let count = 0;
  return {
    response(q, r) {
      if (q.listener !== "merchant" || r.headers[name] === undefined || !when(r)) return;
      count += 1;
      r.headers[name] = String(edit(Number(r.headers[name]), r, count));
    },
  };
}

/** Keeps a PATCH from being applied: the sandbox gets a GET of the resource instead; optionally the answer pretends the change was made. */
function patchIgnored(operationId: string, pretend: boolean): Mutation {
  const sent = new WeakMap<ProxiedRequest, Json>();
  const merge = (target: Json, patch: Json) => {
    for (const [key, value] of Object.entries(patch)) {
      if (isJsonObject(value) && target[key] && typeof target[key] === "object") merge(target[key], value);
      else target[key] = value;
    }
  };
  return {
    request(q) {
      if (q.operationId !== operationId) return;
      let patch: unknown;
      try {
        patch = JSON.parse(q.body.toString("utf8"));
      } catch {
        return;
      }
      if (!isJsonObject(patch)) return;
      sent.set(q, patch);
      q.method = "GET";
      q.body = Buffer.alloc(0);
      delete q.headers["content-type"];
    },
    response(q, r) {
      const patch = sent.get(q);
      const body = jsonOf(r);
      if (!pretend || !patch || r.status !== 200 || !isJsonObject(body)) return;
      merge(body, patch);
      setJson(r, body);
    },
  };
}

/** Merchant requests with this bearer token get a valid one instead (fetched from the sandbox behind the proxy). */
function acceptBearer(token: string): Mutation {
  const valid = new Map<string, Promise<string>>();
  return {
    async request(q) {
      if (q.listener !== "merchant" || q.headers.authorization !== `Bearer ${token}`) return;
      if (!valid.has(q.upstream)) valid.set(q.upstream, fetchToken(q.upstream, q.self));
      q.headers.authorization = `Bearer ${await valid.get(q.upstream)!}`;
    },
  };
}

async function fetchToken(upstream: string, audience: string): Promise<string> {
  const response = await suiteFetch(`${upstream}/oauth/token`, {
    method: "POST",
    headers: {
      authorization: basic(seeded.merchant.clientId, seeded.merchant.clientSecret),
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ grant_type: "client_credentials", audience }).toString(),
  });
  const token = stringOf(objectOf(await response.json()).access_token);
  if (token === undefined)
    throw new Error(`${upstream}/oauth/token answered ${response.status} without an access_token for the seeded client`);
  return token;
}

/** The listing gets its request without the `query` filter. */
const filterIgnored = (operationId: string): Mutation => ({
  request: (q) => void (isOp(operationId)(q) && q.url.searchParams.delete("query")),
});

/** An OPTIONS answer whose `Allow` leaves one method out. */
const allowWithout = (method: string): Mutation => ({
  response: (q, r) =>
    void (
      q.method === "OPTIONS" &&
      r.headers.allow &&
      (r.headers.allow = r.headers.allow
        .split(/,\s*/)
        .filter((m) => m !== method)
        .join(", "))
    ),
});

const VOIDABLE: readonly number[] = windows["voidable-status-codes"];

export const mutants: Mutant[] = [
  // --- answers of the wrong form ------------------------------------------------------------------
  {
    name: "authorization-drops-processed_at",
    class: "form",
    fault: "approved authorizations lack the required `processed_at`",
    rule: "gateway:status:AuthorizationApproved",
    scenario: conformance("createAuthorization"),
    catcher: /processed_at/,
    mutation: editJson(
      (q, r) => isOp("createAuthorization")(q) && r.status === 201,
      (b) => delete b.processed_at,
    ),
  },
  {
    name: "capture-amount-as-string",
    class: "form",
    fault: 'a capture\'s `amount` is a string (`"1000"`)',
    rule: "gateway:status:CaptureApproved",
    scenario: conformance("createCapture"),
    catcher: /amount/,
    mutation: editJson(
      (q) => isOp("createCapture")(q),
      (b) => b.amount !== undefined && (b.amount = String(b.amount)),
    ),
  },
  {
    name: "capture-answered-202",
    class: "form",
    fault: "approved captures are answered 202 (accepted, not yet made), which the spec does not document, instead of 201",
    rule: "gateway:status:CaptureApproved",
    scenario: conformance("createCapture"),
    catcher: /\b202\b/,
    mutation: { response: (q, r) => void (isOp("createCapture")(q) && r.status === 201 && (r.status = 202)) },
  },
  {
    name: "capture-decline-code-not-for-captures",
    class: "form",
    fault: "declined captures carry status 40110, which the spec does not list for captures",
    rule: "gateway:x-returned-for",
    scenario: conformance("createCapture"),
    catcher: /40110/,
    mutation: editJson(
      (q, r) => isOp("createCapture")(q) && r.status === 400,
      (b) => b.status?.code === 40200 && (b.status.code = 40110),
    ),
  },
  {
    name: "server-error-on-large-amounts",
    class: "form",
    fault: "authorizations of 100 000 000 or more crash with HTTP 500",
    rule: "gateway:status:AuthorizationApproved",
    scenario: /^createAuthorization \(POST \/authorizations\): valid requests drawn from the schema/,
    catcher: /-> 500/,
    mutation: {
      request(q) {
        if (q.operationId !== "createAuthorization") return;
        if (Number(formField(q, "amount") ?? 0) >= 100_000_000) return { status: 500, headers: {}, body: Buffer.alloc(0) };
      },
    },
  },
  {
    name: "pan-echoed-in-a-header",
    class: "form",
    fault: "authorization answers carry the request's card number in an `X-Card` header",
    rule: "gateway:status:AuthorizationApproved",
    scenario: conformance("createAuthorization"),
    catcher: /x-card header carries the request's card number/,
    mutation: {
      response(q, r) {
        const pan = formField(q, "card[pan]");
        if (q.operationId === "createAuthorization" && pan) r.headers["x-card"] = pan;
      },
    },
  },
  {
    name: "card-data-echoed-in-the-message",
    class: "form",
    fault: "declined answers repeat the request's card number and CSC in `status.message`",
    rule: "gateway:status:AuthorizationDeclined",
    scenario: /returns the status code sent as amount/,
    catcher: /body carries the request's (card number|card security code)/,
    mutation: {
      response(q, r) {
        const pan = formField(q, "card[pan]");
        const csc = formField(q, "card[csc]");
        const body = jsonOf(r);
        const status = objectOf(body).status;
        if (q.listener !== "gateway" || r.status !== 400 || !pan || !isJsonObject(status)) return;
        status.message = `${stringOf(status.message) ?? "declined"} (card ${pan}, csc ${csc ?? "none"})`;
        setJson(r, body);
      },
    },
  },
  {
    name: "problem-without-request-id",
    class: "form",
    fault: "problems lack the `request-id` member",
    rule: "merchant:status:NotFound",
    scenario: /401, 404 and 409 are problems too/,
    catcher: /request-id/,
    mutation: editJson(
      (_q, r) => /problem\+json/.test(r.headers["content-type"] ?? ""),
      (b) => delete b["request-id"],
    ),
  },
  {
    name: "problem-as-plain-json",
    class: "form",
    fault: "problems are sent as `application/json`",
    rule: "merchant:status:Conflict",
    scenario: /401, 404 and 409 are problems too/,
    catcher: /problem\+json|application\/json/,
    mutation: {
      response: (_q, r) => void (/problem\+json/.test(r.headers["content-type"] ?? "") && (r.headers["content-type"] = "application/json")),
    },
  },
  {
    name: "application-created-202",
    class: "form",
    fault: "a created application is answered 202 (accepted, not yet created), which the spec does not document, instead of 201",
    rule: "merchant:status:ApplicationCreated",
    scenario: conformance("createApplication"),
    catcher: /\b202\b/,
    mutation: { response: (q, r) => void (isOp("createApplication")(q) && r.status === 201 && (r.status = 202)) },
  },
  {
    name: "download-returns-other-bytes",
    class: "form",
    fault: "a file download returns bytes other than those uploaded",
    rule: "merchant:status:downloadFileContent:200",
    scenario: /the same bytes downloaded/,
    catcher: /downloaded bytes are the uploaded ones/,
    mutation: {
      response: (q, r) => void (isOp("downloadFileContent")(q) && r.status === 200 && (r.body = Buffer.concat([r.body, Buffer.from("!")]))),
    },
  },

  // --- answers that do not match the request --------------------------------------------------------
  {
    name: "authorization-amount-changed",
    class: "echo",
    fault: "approved authorizations answer an amount one more than was sent",
    rule: "gateway:echo:createAuthorization",
    scenario: /every transaction answer carries the amount, currency/,
    catcher: /amount: the answer's value is not the one sent/,
    mutation: editJson(created("createAuthorization"), (b) => typeof b.amount === "number" && (b.amount += 1)),
  },
  {
    name: "authorization-currency-changed",
    class: "echo",
    fault: "approved authorizations answer another currency than was sent",
    rule: "gateway:echo:createAuthorization",
    scenario: /every transaction answer carries the amount, currency/,
    catcher: /currency: the answer's value is not the one sent/,
    mutation: editJson(created("createAuthorization"), (b) => b.currency && (b.currency = b.currency === "DKK" ? "EUR" : "DKK")),
  },
  {
    name: "authorization-reference-changed",
    class: "echo",
    fault: "approved authorizations answer a reference other than the one sent",
    rule: "gateway:echo:createAuthorization",
    scenario: /every transaction answer carries the amount, currency/,
    catcher: /reference: the answer's value is not the one sent/,
    mutation: editJson(created("createAuthorization"), (b) => typeof b.reference === "string" && (b.reference = `${b.reference}0`)),
  },
  {
    name: "csc-present-inverted",
    class: "echo",
    fault: "`csc.present` says the opposite of whether a CSC was sent",
    rule: "gateway:echo:createAuthorization",
    scenario: /every transaction answer carries the amount, currency/,
    catcher: /csc\.present is (true|false), but a CSC was/,
    mutation: editJson(created("createAuthorization"), (b) => b.csc && (b.csc = { present: !b.csc.present, matches: false })),
  },
  {
    name: "capture-amount-changed",
    class: "echo",
    fault: "approved captures answer an amount other than the one sent",
    rule: "gateway:echo:createCapture",
    scenario: /every transaction answer carries the amount, currency/,
    catcher: /amount: the answer's value is not the one sent/,
    mutation: editJson(created("createCapture"), (b) => typeof b.amount === "number" && (b.amount -= 1)),
  },
  {
    name: "capture-text-on-statement-changed",
    class: "echo",
    fault: "approved captures answer a text_on_statement other than the one sent",
    rule: "gateway:echo:createCapture",
    scenario: /every transaction answer carries the amount, currency/,
    catcher: /text_on_statement: the answer's value is not the one sent/,
    mutation: editJson(created("createCapture"), (b) => typeof b.text_on_statement === "string" && (b.text_on_statement = "Other text")),
  },
  {
    name: "refund-amount-changed",
    class: "echo",
    fault: "approved refunds answer an amount other than the one sent",
    rule: "gateway:echo:createRefund",
    scenario: /every transaction answer carries the amount, currency/,
    catcher: /amount: the answer's value is not the one sent/,
    mutation: editJson(created("createRefund"), (b) => typeof b.amount === "number" && (b.amount += 10)),
  },
  {
    name: "debit-amount-changed",
    class: "echo",
    fault: "approved debits answer an amount other than the one sent",
    rule: "gateway:echo:createDebit",
    scenario: /every transaction answer carries the amount, currency/,
    catcher: /amount: the answer's value is not the one sent/,
    mutation: editJson(created("createDebit"), (b) => typeof b.amount === "number" && (b.amount *= 2)),
  },
  {
    name: "credit-currency-changed",
    class: "echo",
    fault: "approved credits answer another currency than was sent",
    rule: "gateway:echo:createCredit",
    scenario: /every transaction answer carries the amount, currency/,
    catcher: /currency: the answer's value is not the one sent/,
    mutation: editJson(created("createCredit"), (b) => b.currency && (b.currency = b.currency === "SEK" ? "NOK" : "SEK")),
  },
  {
    name: "application-patch-ignored",
    class: "echo",
    fault: "a PATCH of an application is answered 200 without the change",
    rule: "merchant:echo:updateApplication",
    scenario: /updating an application, a person and a file/,
    catcher: /answers must echo what was sent|the PATCH answer/,
    mutation: patchIgnored("updateApplication", false),
  },
  {
    name: "application-patch-not-persisted",
    class: "echo",
    fault: "a PATCH of an application answers the change but does not keep it",
    rule: "merchant:status:updateApplication:200",
    scenario: /updating an application, a person and a file/,
    // Or the read-back invariant (support/invariants.ts), which compares the GET with the PATCH's answer as it arrives.
    catcher: /read after the PATCH|\[merchant:readback:updateApplication\] the resource read after updateApplication/,
    mutation: patchIgnored("updateApplication", true),
  },
  {
    name: "person-patch-not-persisted",
    class: "echo",
    fault: "a PATCH of a person answers the change but does not keep it",
    rule: "merchant:status:updatePerson:200",
    scenario: /updating an application, a person and a file/,
    catcher: /person read after the PATCH|\[merchant:readback:updatePerson\] the resource read after updatePerson/,
    mutation: patchIgnored("updatePerson", true),
  },
  {
    name: "file-patch-ignored",
    class: "echo",
    fault: "a PATCH of a file's metadata is answered 200 without the change",
    rule: "merchant:echo:updateFile",
    scenario: /updating an application, a person and a file/,
    catcher: /answers must echo what was sent|file PATCH answer/,
    mutation: patchIgnored("updateFile", false),
  },
  {
    name: "location-is-the-collection",
    class: "echo",
    fault: "a created person's `Location` is the people collection, not the person",
    rule: "merchant:header:Location",
    scenario: /the Location of a created application, person, file and comment/,
    catcher: /Location header is not the created resource's _links\.self\.href/,
    mutation: {
      response: (q, r) => void (created("createPerson")(q, r) && r.headers.location && (r.headers.location = q.self + q.url.pathname)),
    },
  },
  {
    name: "person-created-with-other-city",
    class: "echo",
    fault: "a created person is answered with another city than was sent",
    rule: "merchant:echo:createPerson",
    scenario: conformance("createPerson"),
    catcher: /city: the answer's value is not the one sent/,
    mutation: editJson(created("createPerson"), (b) => typeof b.city === "string" && (b.city = `${b.city} Syd`)),
  },
  {
    name: "comment-body-changed",
    class: "echo",
    fault: "a created comment is answered with another text than was sent",
    rule: "merchant:echo:createComment",
    scenario: conformance("createComment"),
    catcher: /body: the answer's value is not the one sent/,
    mutation: editJson(created("createComment"), (b) => typeof b.body === "string" && (b.body = b.body.toUpperCase() + "!")),
  },
  {
    name: "registered-client-renamed",
    class: "echo",
    fault: "a registered OAuth client is answered with another client_name than was sent",
    rule: "merchant:echo:registerClient",
    scenario: conformance("registerClient"),
    catcher: /client_name: the answer's value is not the one sent/,
    mutation: editJson(
      created("registerClient"),
      (b) => typeof b.client_name === "string" && (b.client_name = `${b.client_name} (renamed)`),
    ),
  },

  // --- stated rules -----------------------------------------------------------------------------------
  {
    name: "over-capture-allowed",
    class: "rule",
    fault: sandboxFaults["over-capture"],
    rule: "gateway:rule:CaptureRequest.amount",
    scenario: /a capture above the remaining amount is declined/,
    catcher: /must be declined/,
    sandboxFault: "over-capture",
  },
  {
    name: "debit-refunded-twice",
    class: "rule",
    fault: sandboxFaults["debit-refunded-twice"],
    rule: "gateway:rule:createDebitRefund",
    scenario: /a debit is refunded \d+ time/,
    catcher: /second refund of the same debit must be declined/,
    sandboxFault: "debit-refunded-twice",
  },
  {
    name: "refund-frees-captured-amount",
    class: "rule",
    fault: sandboxFaults["refund-frees-captured-amount"],
    rule: "gateway:rule:CaptureRequest.amount",
    scenario: /a refund does not free captured amount/,
    catcher: /capture beyond the authorized amount after a refund must be declined/,
    sandboxFault: "refund-frees-captured-amount",
  },
  {
    name: "void-window-ignored",
    class: "rule",
    fault: sandboxFaults["void-window-ignored"],
    rule: "gateway:x-windows:void-before-days",
    scenario: /^void window:/,
    catcher: /void at \d+ days must be declined/,
    sandboxFault: "void-window-ignored",
  },
  {
    name: "signatures-not-checked",
    class: "rule",
    fault: "missing and wrong signatures are accepted (the proxy signs every POST validly)",
    rule: "gateway:x-scheme-token:securityScheme.signature",
    scenario: /a POST without a Signature header is refused/,
    catcher: /unsigned authorization must be declined/,
    mutation: { request: (q) => void (q.listener === "gateway" && q.method === "POST" && (q.headers.signature = signed(q.body))) },
  },
  {
    name: "wrong-signature-accepted-when-percent-encoded",
    class: "rule",
    fault: "a POST whose brackets are percent-encoded is accepted whatever its signature (the proxy re-signs it)",
    rule: "gateway:x-scheme-token:securityScheme.signature",
    scenario: /a wrong signature fails the transaction whether the brackets/,
    catcher: /encoded brackets, signature of the literal bytes must be declined/,
    mutation: {
      request: (q) =>
        void (
          q.listener === "gateway" &&
          q.method === "POST" &&
          /%5B/i.test(q.body.toString("utf8")) &&
          (q.headers.signature = signed(q.body))
        ),
    },
  },
  {
    name: "unsigned-card-without-csc-accepted",
    class: "rule",
    fault: "an unsigned card authorization without a CSC is accepted (the proxy signs it)",
    rule: "gateway:x-requires-signing-when-omitted:CardMethod",
    scenario: /an unsigned card authorization without a CSC is refused/,
    catcher: /unsigned card authorization without a CSC must be declined/,
    mutation: {
      request(q) {
        if (
          q.operationId !== "createAuthorization" ||
          q.headers.signature ||
          formField(q, "card[csc]") !== undefined ||
          formField(q, "card[pan]") === undefined
        )
          return;
        q.headers.signature = signed(q.body);
      },
    },
  },
  {
    name: "csc-always-matches",
    class: "rule",
    fault: sandboxFaults["csc-always-matches"],
    rule: "gateway:x-test-environment:matching-csc",
    scenario: /is the only matching CSC/,
    catcher: /does not match/,
    sandboxFault: "csc-always-matches",
  },
  {
    name: "test-pans-do-not-force-status",
    class: "rule",
    fault: sandboxFaults["test-pans-ignored"],
    rule: "gateway:x-test-environment:status-forcing-pans",
    scenario: /returns the status code sent as amount/,
    catcher: /forces status/,
    sandboxFault: "test-pans-ignored",
  },
  {
    name: "debit-test-pans-do-not-force-status",
    class: "rule",
    fault: `${sandboxFaults["test-pans-ignored"]} (seen on a debit)`,
    rule: "gateway:status:DebitDeclined",
    scenario: /a debit with a status-forcing test card is declined/,
    catcher: /debit forced to \d+/,
    sandboxFault: "test-pans-ignored",
  },
  {
    name: "other-merchants-transactions-visible",
    class: "rule",
    fault: sandboxFaults["other-merchants-transactions-visible"],
    rule: "gateway:status:CaptureDeclined",
    scenario: /a key of another merchant account cannot capture/,
    catcher: /capture with another merchant's key must be declined/,
    sandboxFault: "other-merchants-transactions-visible",
  },
  {
    name: "merchant-block-forgotten",
    class: "rule",
    fault: sandboxFaults["merchant-block-forgotten"],
    rule: "gateway:rule:AuthorizationParameters.initiator",
    scenario: /after a 40420 every merchant-initiated transaction/,
    catcher: /after the block must be declined/,
    sandboxFault: "merchant-block-forgotten",
  },
  {
    name: "declined-authorization-captured",
    class: "rule",
    fault: "captures of a declined authorization are approved",
    rule: "gateway:rule:createCapture",
    scenario: /a declined authorization cannot be captured, refunded or voided/,
    catcher: /capture of a declined authorization must be declined/,
    mutation: approveFollowUps("createCapture", (s) => s.declined !== undefined),
  },
  {
    name: "non-voidable-authorization-voided",
    class: "rule",
    fault: `voids of an authorization that ended with a status outside ${VOIDABLE.join(", ")} are approved`,
    rule: "gateway:x-windows:voidable-status-codes",
    scenario: /a declined authorization cannot be captured, refunded or voided/,
    catcher: /void of an authorization that ended with \d+, not a voidable status must be declined/,
    mutation: approveFollowUps("createVoid", (s) => s.declined !== undefined && !VOIDABLE.includes(s.declined)),
  },
  {
    name: "refund-before-capture-approved",
    class: "rule",
    fault: "refunds of an authorization with nothing captured are approved",
    rule: "gateway:rule:RefundRequest.amount",
    scenario: /a declined authorization cannot be captured, refunded or voided/,
    catcher: /refund (of a declined authorization|before any capture) must be declined/,
    mutation: approveFollowUps("createRefund", (s) => !s.captured),
  },
  {
    name: "store-with-merchant-initiator-not-an-input-error",
    class: "rule",
    fault: "credential_on_file=store with initiator=merchant is treated as `use` (declined as a rule violation, not refused as input)",
    rule: "gateway:rule:AuthorizationParameters.credential_on_file",
    scenario: /credential_on_file=store with initiator=merchant is an input error/,
    catcher: /store with a merchant initiator: status\.code/,
    mutation: {
      request(q) {
        if (
          q.operationId !== "createAuthorization" ||
          formField(q, "initiator") !== "merchant" ||
          formField(q, "credential_on_file") !== "store"
        )
          return;
        q.body = Buffer.from(q.body.toString("utf8").replace(/credential_on_file=store/, "credential_on_file=use"));
        q.headers.signature = signed(q.body);
      },
    },
  },
  {
    name: "invalid-currency-a-general-input-error",
    class: "rule",
    fault: "an invalid currency gives the general input error 40000 instead of the currency's own code",
    rule: "gateway:x-invalid-status-code:Currency",
    scenario: /an invalid currency and an invalid text_on_statement/,
    catcher: /a currency that is not an upper-case ISO 4217 code: status\.code/,
    mutation: editJson(
      (q, r) => isOp("createAuthorization")(q) && r.status === 400,
      (b) => b.status?.code === 40140 && (b.status.code = 40000),
    ),
  },
  {
    name: "unknown-parameters-refused",
    class: "rule",
    fault: "a request with a parameter the spec does not name is refused as an input error",
    rule: "gateway:guide:unknown-parameters-ignored",
    scenario: /unknown parameters are accepted and ignored/,
    catcher: /authorization with unknown parameters/,
    mutation: {
      request(q) {
        if (q.operationId !== "createAuthorization" || !/(?:^|&)contract_test_unknown=/.test(q.body.toString("utf8"))) return;
        q.body = Buffer.from(q.body.toString("utf8").replace(/(^|&)amount=\d+/, "$1amount=x"));
        q.headers.signature = signed(q.body);
      },
    },
  },
  {
    name: "disabled-key-accepted",
    class: "rule",
    fault: "a disabled API key is accepted",
    rule: "gateway:401:Unauthorized:disabled",
    scenario: /a disabled API key gets HTTP 401/,
    catcher: /with a disabled key/,
    mutation: acceptKey(seeded.gateway.disabledKey),
  },
  {
    name: "expired-key-accepted",
    class: "rule",
    fault: "an expired API key is accepted",
    rule: "gateway:401:Unauthorized:expired",
    scenario: /an expired API key gets HTTP 401/,
    catcher: /with an expired key/,
    mutation: acceptKey(seeded.gateway.expiredKey),
  },
  {
    name: "missing-api-key-accepted",
    class: "rule",
    fault: "a gateway request without an API key is served as the merchant's",
    rule: "gateway:401:Unauthorized:missing",
    scenario: /^getAccount \(GET \/account\): refuses a request without credentials/,
    catcher: /without credentials/,
    mutation: acceptKey(undefined),
  },
  {
    name: "unknown-path-answered",
    class: "rule",
    fault: "an unknown gateway path is answered 200 with the root resource",
    rule: "gateway:status:NotFound",
    scenario: /an unknown path gets HTTP 404/,
    catcher: /an unknown path/,
    mutation: {
      request: (q) => void (q.listener === "gateway" && q.operationId === undefined && q.method === "GET" && (q.url = new URL("/", q.url))),
    },
  },
  {
    name: "per_page-not-bounded",
    class: "rule",
    fault: "`per_page` outside 1 to 50 is accepted (served with the default)",
    rule: "merchant:status:BadRequest",
    scenario: /per_page outside \d+ to \d+ is refused/,
    catcher: /-> 200/,
    mutation: {
      request(q) {
        const value = q.url.searchParams.get("per_page");
        if (value !== null && !(Number(value) >= 1 && Number(value) <= 50)) q.url.searchParams.delete("per_page");
      },
    },
  },
  {
    name: "incomplete-application-submitted",
    class: "rule",
    fault: "an application lacking data is answered 204 on `submitted`",
    rule: "merchant:status:Conflict",
    scenario: /an application that lacks necessary data cannot be submitted/,
    catcher: /expected a problem answer, got a success/,
    mutation: {
      response(q, r) {
        if (!isOp("addApplicationStamp")(q) || r.status !== 409) return;
        r.status = 204;
        r.body = Buffer.alloc(0);
        delete r.headers["content-type"];
      },
    },
  },
  {
    name: "field-comment-tags-unchecked",
    class: "rule",
    fault: "comment tags are not checked (and dropped)",
    rule: "merchant:x-names-commentable-property:CommentCreate.tags[]",
    scenario: /a comment with exactly one ch-field tag/,
    // The dropped tags fail the echo of the valid comment (support/echo.ts) before the invalid one is sent.
    catcher: /ch-field|tags: sent, but missing from the answer/,
    mutation: {
      request(q) {
        if (q.operationId !== "createComment" || q.body.length === 0) return;
        try {
          const body: unknown = JSON.parse(q.body.toString("utf8"));
          if (!isJsonObject(body)) return;
          delete body.tags;
          q.body = Buffer.from(JSON.stringify(body));
        } catch {
          /* not JSON: leave it */
        }
      },
    },
  },
  {
    name: "upload-content-type-unchecked",
    class: "rule",
    fault: "the storage host accepts an upload whatever its Content-Type",
    rule: "merchant:rule:FileProperties.content_type",
    scenario: /the storage host refuses an upload whose Content-Type differs/,
    catcher: /upload with another Content-Type/,
    mutation: {
      response(q, r) {
        if (q.listener === "storage" && r.status === 403 && /SignatureDoesNotMatch/.test(r.body.toString("utf8"))) {
          r.status = 200;
          r.body = Buffer.alloc(0);
          r.headers = { etag: '"0"' };
        }
      },
    },
  },
  {
    name: "rate-limit-not-enforced",
    class: "rule",
    fault: sandboxFaults["rate-limit-not-enforced"],
    rule: "merchant:status:TooManyRequests",
    scenario: /an exhausted quota gives a 429 problem/,
    catcher: /\b429\b/,
    sandboxFault: "rate-limit-not-enforced",
  },
  {
    name: "token-for-wrong-secret",
    class: "rule",
    fault: sandboxFaults["token-for-wrong-secret"],
    rule: "merchant:401:OAuthInvalidClient:wrong-secret",
    scenario: /wrong client credentials get 401 invalid_client/,
    catcher: /expected 200 to be 401/,
    sandboxFault: "token-for-wrong-secret",
  },
  {
    name: "token-for-unknown-client",
    class: "rule",
    fault: "the token endpoint issues tokens to an unknown client (the proxy swaps in known credentials)",
    rule: "merchant:401:OAuthInvalidClient:unknown",
    scenario: /an unknown client and a request without client credentials get 401/,
    catcher: /an unknown client/,
    mutation: {
      request(q) {
        if (q.operationId !== "createToken") return;
        const user = basicUser(q);
        if (user !== undefined && user !== seeded.merchant.clientId)
          q.headers.authorization = basic(seeded.merchant.clientId, seeded.merchant.clientSecret);
      },
    },
  },
  {
    name: "token-without-client-credentials",
    class: "rule",
    fault: "the token endpoint issues tokens to a request without client credentials",
    rule: "merchant:401:OAuthInvalidClient:missing",
    scenario: /an unknown client and a request without client credentials get 401/,
    catcher: /no client credentials/,
    mutation: {
      request: (q) =>
        void (
          q.operationId === "createToken" &&
          !q.headers.authorization &&
          (q.headers.authorization = basic(seeded.merchant.clientId, seeded.merchant.clientSecret))
        ),
    },
  },
  {
    name: "invalid-bearer-token-accepted",
    class: "rule",
    fault: "a request with a bearer token the service never issued is served",
    rule: "merchant:401:Unauthorized:invalid",
    scenario: /a call without a valid bearer token gets a 401 problem/,
    catcher: /expected 200 to be 401/,
    mutation: acceptBearer("not-a-token"),
  },
  {
    name: "merged-application-not-checked",
    class: "rule",
    fault: "a PATCH that leaves the application breaking the create rules is accepted (answered with the unchanged application)",
    rule: "merchant:x-merged-must-satisfy:ApplicationUpdate",
    scenario: /a PATCH whose merged application breaks the create rules/,
    catcher: /expected 200 to be 400|updateApplication answers must echo what was sent/,
    mutation: {
      async response(q, r) {
        if (q.operationId !== "updateApplication" || r.status !== 400) return;
        const current = await suiteFetch(q.upstream + q.url.pathname, { headers: { authorization: q.headers.authorization ?? "" } });
        r.status = 200;
        r.headers["content-type"] = current.headers.get("content-type") ?? "application/hal+json";
        r.body = Buffer.from((await current.text()).split(q.upstream).join(q.self));
      },
    },
  },

  // --- invariants across answers and pages ------------------------------------------------------------
  {
    name: "collection-count-off-by-one",
    class: "invariant",
    fault: "page-based collections report one item more in `count` than they hold",
    rule: "merchant:status:listApplications:200",
    scenario: /read page by page to the end/,
    catcher: /count/,
    mutation: editJson(
      (q, r) => isOp("listApplications")(q) && r.status === 200,
      (b) => typeof b.count === "number" && (b.count += 1),
    ),
  },
  {
    name: "people-pages-end-early",
    class: "invariant",
    fault: "pages of an application's people have no `next` link, so a walk ends on the first page",
    rule: "merchant:status:listPeople:200",
    scenario: /read page by page to the end/,
    catcher: /count \(\d+\) equals the items seen/,
    mutation: editJson(
      (q, r) => isOp("listPeople")(q) && r.status === 200,
      (b) => delete b._links?.next,
    ),
  },
  {
    name: "transactions-item-repeated",
    class: "invariant",
    fault: "each page of transactions repeats its first transaction in place of its last",
    rule: "merchant:status:listTransactions:200",
    scenario: /following next reaches every transaction once/,
    catcher: /no transaction twice/,
    mutation: editJson(
      (q, r) => isOp("listTransactions")(q) && r.status === 200,
      (b) => {
        const items = Object.values(objectOf(b._embedded))[0];
        if (Array.isArray(items) && items.length > 1) items[items.length - 1] = items[0];
      },
    ),
  },
  {
    name: "transactions-next-link-missing",
    class: "invariant",
    fault: "pages of the transactions collection have no `next` link",
    rule: "merchant:x-from-link:parameter.TransactionCursor",
    scenario: /following next reaches every transaction once/,
    catcher: /reach the same transactions/,
    mutation: editJson(
      (q) => isOp("listTransactions")(q),
      (b) => delete b._links?.next,
    ),
  },
  {
    name: "per_page-default-not-applied",
    class: "invariant",
    fault: "a collection read without `per_page` is served 10 items a page instead of the default",
    rule: "merchant:status:listTransactions:200",
    scenario: /following next reaches every transaction once/,
    // The listing invariant (support/invariants.ts) sees the default's size on the first page, before the scenario's own check.
    catcher: /the page size in effect|per_page \d+ answered for a per_page of \d+ \(the default\)/,
    mutation: {
      request: (q) => void (isOp("listTransactions")(q) && !q.url.searchParams.has("per_page") && q.url.searchParams.set("per_page", "10")),
    },
  },
  {
    name: "rate-limit-remaining-rises",
    class: "invariant",
    fault: "`RateLimit-Remaining` goes up again within a window",
    rule: "merchant:header:RateLimitRemaining",
    scenario: /within a window RateLimit-Remaining only falls/,
    catcher: /after one more request/,
    mutation: rateHeader("ratelimit-remaining", (v, r, n) =>
      n % 3 === 0 ? Math.min(v + 2, Number(r.headers["ratelimit-limit"] ?? v + 2)) : v,
    ),
  },
  {
    name: "rate-limit-limit-wavers",
    class: "invariant",
    fault: "`RateLimit-Limit` changes from one answer to the next within a window",
    rule: "merchant:header:RateLimitLimit",
    scenario: /within a window RateLimit-Remaining only falls/,
    catcher: /RateLimit-Limit within a window/,
    mutation: rateHeader("ratelimit-limit", (v, _r, n) => v + (n % 2)),
  },
  {
    name: "quota-restored-before-announced-reset",
    class: "invariant",
    fault: "a 429 announces three times the real wait, so the quota is back before the announced reset",
    rule: "merchant:header:RateLimitReset",
    scenario: /an exhausted quota stays exhausted until/,
    catcher: /s after a 429 that announced/,
    mutation: rateHeader(
      "ratelimit-reset",
      (v) => v * 3,
      (r) => r.status === 429,
    ),
  },
  {
    name: "quota-exhausted-after-announced-reset",
    class: "invariant",
    fault: "a 429 announces a third of the real wait, so the quota is still exhausted after the announced reset",
    rule: "merchant:header:RateLimitReset",
    scenario: /an exhausted quota stays exhausted until/,
    catcher: /once the announced \d+ s have passed|counts down in seconds/,
    mutation: rateHeader(
      "ratelimit-reset",
      (v) => Math.max(2, Math.floor(v / 3)),
      (r) => r.status === 429,
    ),
  },
  {
    name: "after-the-reset-still-refused",
    class: "invariant",
    fault: "after a 429 the endpoint keeps refusing once the reset time has passed",
    rule: "merchant:header:RateLimitReset",
    scenario: /after the reset time the endpoint answers again/,
    catcher: /after the reset/,
    mutation: (() => {
      const refused = new Set<string>();
      return {
        request(q: ProxiedRequest) {
          const key = `${q.upstream} ${q.operationId}`;
          if (q.listener === "merchant" && refused.has(key))
            return {
              status: 429,
              headers: {
                "content-type": "application/problem+json",
                "ratelimit-limit": "5",
                "ratelimit-remaining": "0",
                "ratelimit-reset": "30",
                "retry-after": "30",
              },
              body: Buffer.from(JSON.stringify({ title: "Too Many Requests", status: 429, "request-id": randomUUID() })),
            };
        },
        response(q: ProxiedRequest, r: ProxiedResponse) {
          if (q.listener === "merchant" && r.status === 429) refused.add(`${q.upstream} ${q.operationId}`);
        },
      };
    })(),
  },

  // --- header semantics ---------------------------------------------------------------------------------
  {
    name: "gateway-plain-json-media-type",
    class: "header",
    fault: "the gateway answers `application/json` instead of its vendor media type",
    rule: "gateway:guide:media-type-version",
    scenario: /every answer's media type carries the version the spec states/,
    catcher: /application\/json/,
    mutation: {
      response: (q, r) =>
        void (q.listener === "gateway" && r.headers["content-type"] && (r.headers["content-type"] = "application/json; charset=utf-8")),
    },
  },
  {
    name: "gateway-media-type-version-wrong",
    class: "header",
    fault: "the gateway's media type names version 0.9.0 (a semantic version, not the spec's)",
    rule: "gateway:guide:media-type-version",
    scenario: /every answer's media type carries the version the spec states/,
    catcher: /version parameter/,
    mutation: {
      response: (q, r) =>
        void (
          q.listener === "gateway" &&
          r.headers["content-type"] &&
          (r.headers["content-type"] = r.headers["content-type"].replace(/version=[^;]+/, "version=0.9.0"))
        ),
    },
  },
  {
    name: "gateway-media-type-version-missing",
    class: "header",
    fault: "the gateway's media type has no version parameter",
    rule: "gateway:guide:media-type-version",
    scenario: /every answer's media type carries the version the spec states/,
    catcher: /version parameter/,
    mutation: {
      response: (q, r) =>
        void (
          q.listener === "gateway" &&
          r.headers["content-type"] &&
          (r.headers["content-type"] = r.headers["content-type"].replace(/;\s*version=[^;]+/, ""))
        ),
    },
  },
  {
    name: "gateway-401-challenge-not-basic",
    class: "header",
    fault: "the gateway's 401 names the Bearer scheme in WWW-Authenticate",
    rule: "gateway:header:WwwAuthenticate",
    scenario: /a request without an API key, or with an unknown one, gets HTTP 401/,
    catcher: /www-authenticate|Basic/i,
    mutation: { response: (q, r) => void (q.listener === "gateway" && r.status === 401 && (r.headers["www-authenticate"] = "Bearer")) },
  },
  {
    name: "rate-limit-headers-missing",
    class: "header",
    fault: "successful answers carry no RateLimit headers",
    rule: "merchant:header:RateLimitRemaining",
    scenario: /every answer reports RateLimit-Limit/,
    catcher: /ratelimit/i,
    mutation: {
      response: (_q, r) =>
        void (
          r.status < 300 &&
          Object.keys(r.headers)
            .filter((h) => h.startsWith("ratelimit-"))
            .forEach((h) => delete r.headers[h])
        ),
    },
  },
  {
    name: "rate-limit-reset-in-milliseconds",
    class: "header",
    fault: "`RateLimit-Reset` is sent in milliseconds",
    rule: "merchant:header:RateLimitReset",
    scenario: /an exhausted quota stays exhausted until/,
    catcher: /s after a 429 that announced/,
    mutation: rateHeader("ratelimit-reset", (v) => v * 1000),
  },
  {
    name: "allow-lists-an-extra-method",
    class: "header",
    fault: "`Allow` lists DELETE on paths the spec gives no DELETE",
    rule: "merchant:header:Allow",
    scenario: /OPTIONS answers Allow with exactly the methods/,
    catcher: /Allow of/,
    mutation: {
      response: (q, r) =>
        void (q.method === "OPTIONS" && r.headers.allow && !/DELETE/.test(r.headers.allow) && (r.headers.allow += ", DELETE")),
    },
  },
  {
    name: "allow-omits-post",
    class: "header",
    fault: "`Allow` of a collection omits POST",
    rule: "merchant:header:Allow",
    scenario: /OPTIONS answers Allow with exactly the methods/,
    catcher: /Allow of/,
    mutation: allowWithout("POST"),
  },
  {
    name: "allow-omits-patch",
    class: "header",
    fault: "`Allow` of an application omits PATCH",
    rule: "merchant:header:Allow",
    scenario: /OPTIONS answers Allow with exactly the methods/,
    catcher: /Allow of/,
    mutation: allowWithout("PATCH"),
  },
  {
    name: "bearer-challenge-not-bearer",
    class: "header",
    fault: "the merchant API's 401 names the Basic scheme in WWW-Authenticate",
    rule: "merchant:header:WWWAuthenticate",
    scenario: /a call without a valid bearer token gets a 401 problem/,
    catcher: /www-authenticate|Bearer/i,
    mutation: {
      response: (q, r) =>
        void (
          q.listener === "merchant" &&
          r.status === 401 &&
          q.operationId !== "createToken" &&
          (r.headers["www-authenticate"] = 'Basic realm="api"')
        ),
    },
  },
  {
    name: "token-cacheable",
    class: "header",
    fault: "issued tokens are answered without `Cache-Control: no-store`",
    rule: "merchant:status:createToken:200",
    scenario: /the token endpoint issues a Bearer token/,
    catcher: /no-store|cache-control/i,
    mutation: { response: (q, r) => void (isOp("createToken")(q) && r.status === 200 && (r.headers["cache-control"] = "max-age=60")) },
  },
  {
    name: "application-self-link-broken",
    class: "echo",
    fault: "a created application's `self` link leads elsewhere than its Location",
    rule: "merchant:header:Location",
    scenario: /the Location of a created application, person, file and comment/,
    catcher: /Location header is not the created resource's _links\.self\.href/,
    mutation: editJson(
      (q) => isOp("createApplication", "getApplication")(q),
      (b) => b._links?.self?.href && (b._links.self.href = b._links.self.href.replace(/\/applications\//, "/applications/x")),
    ),
  },
  // --- facts that must agree across answers (issue 23) -------------------------------------------------
  {
    name: "capture-links-another-authorization",
    class: "link",
    fault: "a capture's `authorization` link names another authorization than the one it was posted to",
    rule: "gateway:link:CaptureLinks.authorization",
    scenario: /every link of every transaction names the transaction it stands for/,
    catcher: /its authorization link names authorization_id/,
    mutation: editJson(
      created("createCapture"),
      (b) => b._links?.authorization?.href && (b._links.authorization.href = b._links.authorization.href.replace(/[^/]+$/, randomUUID())),
    ),
  },
  {
    name: "person-links-another-application",
    class: "link",
    fault: "a person's `ch:application` link names another application than the one whose people it was created in",
    rule: "merchant:link:Person.ch:application",
    scenario: /every link names what it stands for/,
    catcher: /its ch:application link names application_id/,
    mutation: editJson(
      (q, r) => isOp("createPerson", "getPerson")(q) && r.status < 300,
      (b) =>
        b._links?.["ch:application"]?.href &&
        (b._links["ch:application"].href = b._links["ch:application"].href.replace(/applications\/[^/]+/, `applications/${randomUUID()}`)),
    ),
  },
  {
    name: "followed-link-leads-elsewhere",
    class: "link",
    fault:
      "an application's people listing names another listing as its `self`: the `ch:people` link leads to a resource that is not its address",
    rule: "merchant:link:Application.ch:people",
    scenario: /every link names what it stands for/,
    catcher: /a link to \/applications\/[^ ]+\/people leads to a resource whose self is/,
    mutation: editJson(
      (q, r) => isOp("listPeople")(q) && r.status === 200,
      (b) => b._links?.self?.href && (b._links.self.href = b._links.self.href.replace(/\/people/, "/files")),
    ),
  },

  // --- documented defaults (issue 23) -------------------------------------------------------------------
  {
    name: "text-on-statement-not-defaulted",
    class: "default",
    fault: sandboxFaults["text-on-statement-not-defaulted"],
    rule: "gateway:default:TextOnStatement",
    scenario: /an omitted text_on_statement is the account's descriptor/,
    catcher: /an authorization without text_on_statement/,
    sandboxFault: "text-on-statement-not-defaulted",
  },
  {
    name: "capture-default-amount-halved",
    class: "default",
    fault: sandboxFaults["capture-default-amount-halved"],
    rule: "gateway:default:CaptureRequest.amount",
    scenario: /an omitted amount captures the remainder/,
    catcher: /the remainder is 1000 - 300 - 300/,
    sandboxFault: "capture-default-amount-halved",
  },
  {
    name: "file-name-not-defaulted",
    class: "default",
    fault: "a file created without a `name` is named `file`, not by its label",
    rule: "merchant:default:FileProperties.name",
    scenario: /a file created without a name is named by its label/,
    catcher: /the name of a file created without one/,
    mutation: editJson(
      (q, r) => isOp("createApplicationFile", "createPersonFile")(q) && r.status === 201 && !q.body.toString("utf8").includes('"name"'),
      (b) => (b.name = "file"),
    ),
  },
  {
    name: "page-default-not-applied",
    class: "default",
    fault: "a listing asked without `page` answers page 2",
    rule: "merchant:default:parameter.Page",
    scenario: /a file created without a name is named by its label/,
    catcher: /page 2 answered for page 1 \(the default\)/,
    mutation: editJson(
      (q, r) => isOp("listApplications")(q) && r.status === 200 && !q.url.searchParams.has("page"),
      (b) => (b.page = 2),
    ),
  },

  // --- read-back after writes (issue 23) ------------------------------------------------------------------
  {
    name: "authorization-reference-dropped",
    class: "readback",
    fault: "approved authorizations leave out the `reference` that was sent (an optional member: the schema cannot tell)",
    rule: "gateway:echo:createAuthorization",
    scenario: /every transaction answer carries the amount, currency/,
    catcher: /reference: sent, but missing from the answer/,
    mutation: editJson(created("createAuthorization"), (b) => delete b.reference),
  },
  {
    name: "person-read-back-changed",
    class: "readback",
    fault: "a person read back differs from what its creation answered (the first member of `address` changed)",
    rule: "merchant:readback:createPerson",
    scenario: /what every create, PATCH and DELETE answered is what the next read shows/,
    catcher: /\[merchant:readback:createPerson\] the resource read after createPerson is not what createPerson answered/,
    mutation: editJson(
      (q, r) => isOp("getPerson")(q) && r.status === 200,
      (b) => {
        const key = Object.keys(b).find((k) => typeof b[k] === "string");
        if (key) b[key] = `${b[key]}~`;
      },
    ),
  },
  {
    name: "patch-changes-an-unnamed-member",
    class: "readback",
    fault: "a PATCH of an application also changes its `business_model.trading_name`, which it did not name",
    rule: "merchant:readback:updateApplication",
    scenario: /what every create, PATCH and DELETE answered is what the next read shows/,
    catcher: /updateApplication changed what it did not name: \.business_model\.trading_name/,
    mutation: editJson(
      (q, r) => isOp("updateApplication")(q) && r.status === 200 && !q.body.toString("utf8").includes("trading_name"),
      (b) => b.business_model && (b.business_model.trading_name = `${b.business_model.trading_name ?? ""} Ltd`),
    ),
  },
  {
    name: "deleted-person-still-there",
    class: "readback",
    fault: "a DELETE of a person removes nothing (the sandbox gets an OPTIONS of the person instead, and answers its 204)",
    rule: "merchant:readback:deletePerson",
    scenario: /what every create, PATCH and DELETE answered is what the next read shows/,
    catcher: /a read of what deletePerson deleted answers 200, not 404/,
    mutation: { request: (q) => void (isOp("deletePerson")(q) && (q.method = "OPTIONS")) },
  },

  // --- time (issue 23) --------------------------------------------------------------------------------------
  {
    name: "processed-at-an-hour-ahead",
    class: "time",
    fault: "transactions are stamped an hour after the time they were processed (still a valid RFC 3339 time)",
    rule: "gateway:time:Timestamp",
    scenario: /every transaction's processed_at is the target's time/,
    catcher: /processed_at .* is not after the answer/,
    mutation: editJson(
      (q, r) => q.listener === "gateway" && r.status === 201,
      (b) =>
        typeof b.processed_at === "string" &&
        (b.processed_at = new Date(Date.parse(b.processed_at) + 3_600_000).toISOString().replace(/\.\d{3}Z$/, "+00:00")),
    ),
  },
  {
    name: "processed-at-goes-back",
    class: "time",
    fault: "every other transaction is stamped a day before the one answered before it",
    rule: "gateway:time:Timestamp",
    scenario: /every transaction's processed_at is the target's time/,
    catcher: /processed_at .* is earlier than a creation time the target answered before/,
    mutation: (() => {
      let n = 0;
      return editJson(
        (q, r) => q.listener === "gateway" && r.status === 201,
        (b) =>
          typeof b.processed_at === "string" &&
          ++n % 2 === 0 &&
          (b.processed_at = new Date(Date.parse(b.processed_at) - 86_400_000).toISOString().replace(/\.\d{3}Z$/, "+00:00")),
      );
    })(),
  },
  {
    name: "token-lifetime-overstated",
    class: "time",
    fault: "tokens announce twice the lifetime they are honoured for (`expires_in` doubled)",
    rule: "merchant:time:OAuthToken.expires_in",
    scenario: /a token is honoured until expires_in seconds have passed/,
    catcher: /the token \d+ s after it was issued/,
    mutation: editJson(
      (q, r) => isOp("createToken")(q) && r.status === 200,
      (b) => typeof b.expires_in === "number" && (b.expires_in *= 2),
    ),
  },
  {
    name: "comment-created-a-day-early",
    class: "time",
    fault: "comments are answered with a `created_at` a day before they were made",
    rule: "merchant:time:Comment.created_at",
    scenario: /created_at \(and client_id_issued_at, where sent\) is the target's time/,
    catcher: /created_at .* (is not before the request|is earlier than a creation time)/,
    mutation: editJson(
      created("createComment"),
      (b) => typeof b.created_at === "string" && (b.created_at = new Date(Date.parse(b.created_at) - 86_400_000).toISOString()),
    ),
  },

  // --- listings against their query (issue 23) -------------------------------------------------------------
  {
    name: "prev-link-names-the-same-page",
    class: "listing",
    fault: "a page's `prev` link names the page itself",
    rule: "merchant:query:CollectionLinks.prev",
    scenario: /every listing holds what its query asks/,
    catcher: /its prev link names page (\d+), not page/,
    mutation: editJson(
      (q, r) => isOp("listApplications", "listPeople", "listComments")(q) && r.status === 200,
      (b) =>
        b._links?.prev?.href &&
        typeof b.page === "number" &&
        (b._links.prev.href = b._links.prev.href.replace(/([?&]page=)\d+/, `$1${b.page}`)),
    ),
  },
  {
    name: "dispute-filter-ignored",
    class: "listing",
    fault: "the disputes listing ignores its `query` filter and lists every dispute",
    rule: "merchant:query:DisputeQuery",
    scenario: /every listing holds what its query asks/,
    catcher: /an item with status \w+ is listed for the filter status:open/,
    mutation: filterIgnored("listDisputes"),
  },
  {
    name: "application-filter-ignored",
    class: "listing",
    fault: "the applications listing ignores its `query` filter and lists every application",
    rule: "merchant:query:ApplicationQuery",
    scenario: /every listing holds what its query asks/,
    // An ignored filter shows in the items, or first in the page links, which then no longer carry it.
    catcher: /an item with state \w+ is listed for the filter state:submitted|link drops or changes the filter state:/,
    mutation: filterIgnored("listApplications"),
  },
  {
    name: "next-link-drops-per_page",
    class: "listing",
    fault: "a page's `next` link asks another page size than the page has",
    rule: "merchant:query:PerPage",
    scenario: /every listing holds what its query asks/,
    catcher: /its next link asks per_page \d+, this page has/,
    mutation: editJson(
      (q, r) => isOp("listPeople")(q) && r.status === 200,
      (b) => b._links?.next?.href && (b._links.next.href = b._links.next.href.replace(/([?&]per_page=)\d+/, "$150")),
    ),
  },
  {
    name: "page-short-of-its-count",
    class: "listing",
    fault: "a full page of people holds one item less than `count` and `per_page` leave for it",
    rule: "merchant:query:Page",
    scenario: /every listing holds what its query asks/,
    catcher: /items on page \d+ of \d+, where count \d+ leaves/,
    mutation: editJson(
      (q, r) => isOp("listPeople")(q) && r.status === 200,
      (b) => {
        const items = Object.values(b._embedded ?? {})[0];
        if (Array.isArray(items) && items.length > 1) items.pop();
      },
    ),
  },
  // Walking down the determination inventory (contract-tests/model/determinations.ts): places of
  // the answers that no scenario read before the model, each caught by the model's sequences.
  ...modelMutants(),
];

/** Counts per key, for faults that strike the second and later time. */
function counter(): (key: string) => number {
  const seen = new Map<string, number>();
  return (key) => {
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return n;
  };
}

/** An approved gateway answer turned into a decline with `code`, as the spec's declined examples look (no links). */
function declineAnswer(response: ProxiedResponse, code: number): void {
  const body = objectOf(jsonOf(response));
  response.status = 400;
  setJson(response, { id: body.id, status: { code }, processed_at: body.processed_at, amount: body.amount });
}

/** Each gateway API key's account descriptor, learnt from the account answers. */
function accountDescriptors() {
  const byKey = new Map<string, string>();
  return {
    response(q: ProxiedRequest, r: ProxiedResponse) {
      const descriptor = stringOf(objectOf(jsonOf(r)).descriptor);
      const key = basicUser(q);
      if (isOp("getAccount")(q) && r.status === 200 && descriptor !== undefined && key !== undefined) byKey.set(key, descriptor);
    },
    of: (key: string | undefined) => (key === undefined ? undefined : byKey.get(key)),
  };
}

/**
 * The model's mutants. Their faults keep state (counts, what was created or patched), so each call
 * builds them afresh: the mutation run calls it again for their run against the rest of the suite.
 */
export function modelMutants(): Mutant[] {
  const GATEWAY_MODEL = /^Gateway API: every answer of random sequences/;
  const MERCHANT_MODEL = /^Merchant Management API: every answer of random sequences/;
  const panOf = (request: ProxiedRequest) => formField(request, "card[pan]") ?? "";
  const forcingPan = (request: ProxiedRequest) => /^(420000|555555)/.test(panOf(request));
  const captures = counter();
  const limits = counter();
  const resets = counter();
  const patched = new Set<string>();
  const files = new Map<string, Buffer>();
  const deletedFiles = new Set<string>();
  const authorizationOf = (request: ProxiedRequest) => /\/authorizations\/([^/]+)/.exec(request.url.pathname)?.[1] ?? "";
  const laterCaptures = counter();
  const readsOf = counter();
  const tokens = counter();
  const newest = new Map<string, string>();
  const descriptors = accountDescriptors();
  const gateway = (m: Omit<Mutant, "class" | "scenario">): Mutant => ({ ...m, class: "model", scenario: GATEWAY_MODEL });
  const merchant = (m: Omit<Mutant, "class" | "scenario">): Mutant => ({ ...m, class: "model", scenario: MERCHANT_MODEL });
  return [
    gateway({
      name: "model-second-capture-amount",
      fault: "the second and later approved captures of an authorization answer one more than they captured",
      rule: "gateway:echo:createCapture",
      catcher: /amount/,
      mutation: editJson(
        (q, r) => isOp("createCapture")(q) && r.status === 201,
        (b, _r, q) => void (captures(q.url.pathname) > 1 && typeof b.amount === "number" && (b.amount += 1)),
      ),
    }),
    gateway({
      name: "model-forced-status-in-dkk",
      fault: "a status-forcing PAN in DKK answers the fallback 40110 whatever status the amount forces",
      rule: "gateway:x-test-environment:status-forcing-pans",
      catcher: /status\.code \(gateway:x-test-environment:status-forcing-pans\)/,
      mutation: editJson(
        (q, r) => isOp("createAuthorization")(q) && r.status === 400 && forcingPan(q) && formField(q, "currency") === "DKK",
        (b) => void (b.status = { ...objectOf(b.status), code: 40110 }),
      ),
    }),
    gateway({
      name: "model-csc-matches-in-usd",
      fault: "an authorization in USD answers csc.matches true for any CSC",
      rule: "gateway:x-test-environment:matching-csc",
      catcher: /csc\.matches \(gateway:x-test-environment:matching-csc\)/,
      mutation: editJson(
        (q, r) => isOp("createAuthorization")(q) && r.status === 201 && formField(q, "currency") === "USD",
        (b) => void (b.csc = { ...objectOf(b.csc), matches: true }),
      ),
    }),
    gateway({
      name: "model-debit-refund-amount",
      fault: "an approved debit refund answers one less than the debit's amount",
      rule: "gateway:rule:createDebitRefund",
      catcher: /amount \(gateway:rule:createDebitRefund\)/,
      mutation: editJson(
        (q, r) => isOp("createDebitRefund")(q) && r.status === 201,
        (b) => void (typeof b.amount === "number" && b.amount > 1 && (b.amount -= 1)),
      ),
    }),
    gateway({
      name: "model-omitted-capture-amount",
      fault: "a capture without an amount answers seven more than the rest it captured",
      rule: "gateway:default:CaptureRequest.amount",
      catcher: /amount \(gateway:default:CaptureRequest\.amount\)/,
      mutation: editJson(
        (q, r) => isOp("createCapture")(q) && r.status === 201 && formField(q, "amount") === undefined,
        (b) => void (typeof b.amount === "number" && (b.amount += 7)),
      ),
    }),
    gateway({
      name: "model-credit-currency",
      fault: "a credit answers DKK whatever currency it was made in",
      rule: "gateway:echo:createCredit",
      catcher: /currency/,
      mutation: editJson(
        (q, r) => isOp("createCredit")(q) && r.status === 201,
        (b) => void (b.currency = "DKK"),
      ),
    }),
    gateway({
      name: "model-void-answers-declined-code-approved",
      fault: "a refused void (an authorization that cannot be voided) answers HTTP 201",
      rule: "gateway:status:VoidDeclined",
      catcher: /VoidDeclined|voidable|createVoid|status/,
      mutation: {
        response(q, r) {
          if (isOp("createVoid")(q) && r.status === 400) r.status = 201;
        },
      },
    }),
    gateway({
      name: "model-capture-refunds-link-to-voids",
      fault: "an approved capture's `refunds` link leads to its authorization's voids",
      rule: "gateway:link:CaptureLinks.refunds",
      catcher: /_links\.refunds\.href \(gateway:link:CaptureLinks\.refunds\)/,
      mutation: editJson(
        (q, r) => isOp("createCapture")(q) && r.status === 201,
        (b) => b._links?.refunds?.href && (b._links.refunds.href = b._links.refunds.href.replace(/\/refunds$/, "/voids")),
      ),
    }),
    gateway({
      name: "model-capture-authorization-link-to-captures",
      fault: "an approved capture's `authorization` link leads to the authorization's captures, not to the authorization",
      rule: "gateway:link:CaptureLinks.authorization",
      catcher: /_links\.authorization\.href \(gateway:link:CaptureLinks\.authorization\)/,
      mutation: editJson(
        (q, r) => isOp("createCapture")(q) && r.status === 201,
        (b) => b._links?.authorization?.href && (b._links.authorization.href += "/captures"),
      ),
    }),
    gateway({
      name: "model-authorization-voids-link-to-captures",
      fault: "an approved authorization in EUR links its `voids` to its captures",
      rule: "gateway:link:AuthorizationLinks.voids",
      catcher: /_links\.voids\.href \(gateway:link:AuthorizationLinks\.voids\)/,
      mutation: editJson(
        (q, r) => isOp("createAuthorization")(q) && r.status === 201 && formField(q, "currency") === "EUR",
        (b) => b._links?.voids?.href && (b._links.voids.href = b._links.voids.href.replace(/\/voids$/, "/captures")),
      ),
    }),
    gateway({
      name: "model-debit-refund-media-type-version",
      fault: "debit refunds are answered in the media type of an older version (0.9.0)",
      rule: "gateway:guide:media-type-version",
      catcher: /header content-type \(gateway:guide:media-type-version\)/,
      mutation: {
        response(q, r) {
          if (isOp("createDebitRefund")(q) && r.headers["content-type"])
            r.headers["content-type"] = r.headers["content-type"].replace(/version=[^;]+/, "version=0.9.0");
        },
      },
    }),
    gateway({
      name: "model-capture-text-falls-back-to-descriptor",
      fault: "a capture without a `text_on_statement` carries the account's descriptor, not its authorization's text",
      rule: "gateway:default:TextOnStatement",
      catcher: /text_on_statement \(gateway:default:TextOnStatement\)/,
      mutation: {
        response(q, r) {
          descriptors.response(q, r);
          if (!isOp("createCapture")(q) || r.status !== 201 || formField(q, "text_on_statement") !== undefined) return;
          const body = objectOf(jsonOf(r));
          const descriptor = descriptors.of(basicUser(q));
          if (descriptor === undefined) return;
          body.text_on_statement = descriptor;
          setJson(r, body);
        },
      },
    }),
    gateway({
      name: "model-second-capture-declined",
      fault: "the second and later captures of an authorization are declined (40200) though amount is left to capture",
      rule: "gateway:rule:CaptureRequest.amount",
      catcher: /status\.code \(gateway:(rule|default):CaptureRequest\.amount\)/,
      mutation: {
        response(q, r) {
          if (isOp("createCapture")(q) && r.status === 201 && laterCaptures(authorizationOf(q)) >= 2) declineAnswer(r, 40200);
        },
      },
    }),
    gateway({
      name: "model-second-key-capture-declined",
      fault: "captures made with the account's second API key are declined (40200)",
      rule: "gateway:status:CaptureApproved",
      catcher: /status \(gateway:status:CaptureApproved\)/,
      mutation: {
        response(q, r) {
          if (isOp("createCapture")(q) && r.status === 201 && basicUser(q) === seeded.gateway.secondMerchantKey) declineAnswer(r, 40200);
        },
      },
    }),
    gateway({
      name: "model-debit-text-on-statement",
      fault: "a debit without a `text_on_statement` carries a text of its own, not the account's descriptor",
      rule: "gateway:default:TextOnStatement",
      catcher: /text_on_statement \(gateway:default:TextOnStatement\)/,
      mutation: editJson(
        (q, r) => isOp("createDebit")(q) && r.status === 201 && formField(q, "text_on_statement") === undefined,
        (b) => void (b.text_on_statement = "Debit"),
      ),
    }),
    gateway({
      name: "model-debit-csc-never-matches",
      fault: "a debit answers `csc.matches` false even for the matching CSC",
      rule: "gateway:x-test-environment:matching-csc",
      catcher: /csc\.matches \(gateway:x-test-environment:matching-csc\)/,
      mutation: editJson(
        (q, r) => isOp("createDebit")(q) && r.status === 201,
        (b) => void (b.csc = { ...objectOf(b.csc), matches: false }),
      ),
    }),
    merchant({
      name: "model-listing-leaves-out-newest",
      fault: "a listing leaves out (and does not count) the resource created last, when it shares the last page with others",
      rule: "merchant:query:Page",
      catcher: /count \(merchant:query:Page\)|_embedded\.ch:\w+ \(merchant:query:Page\)/,
      mutation: editJson(
        (q, r) => {
          const self = stringOf(objectOf(objectOf(objectOf(jsonOf(r))._links).self).href);
          if (isOp("createPerson", "createComment", "createApplicationFile")(q) && r.status === 201 && self)
            newest.set(q.url.pathname, new URL(self).pathname);
          return isOp("listPeople", "listComments", "listApplicationFiles")(q) && r.status === 200;
        },
        (b, _r, q) => {
          const items = Object.values(b._embedded ?? {})[0];
          const last = newest.get(q.url.pathname);
          if (b._links?.next || !Array.isArray(items) || items.length < 2 || typeof b.count !== "number") return;
          const at = items.findIndex((item: Json) => new URL(String(item?._links?.self?.href), "http://x").pathname === last);
          if (at < 0) return;
          items.splice(at, 1);
          b.count -= 1;
        },
      ),
    }),
    merchant({
      name: "model-token-expires-in-short",
      fault: "the second and later tokens of a client announce a lifetime (`expires_in`) of 2 seconds",
      rule: "merchant:time:OAuthToken.expires_in",
      catcher: /expires_in \(merchant:time:OAuthToken\.expires_in\)/,
      mutation: editJson(
        (q, r) => isOp("createToken")(q) && r.status === 200 && tokens("token") > 1,
        (b) => void (b.expires_in = 2),
      ),
    }),
    merchant({
      name: "model-file-application-link-to-people",
      fault: "a created file's `ch:application` link leads to the application's people",
      rule: "merchant:link:File.ch:application",
      catcher: /ch:application\.href \(merchant:link:File\.ch:application\)/,
      mutation: editJson(
        created("createApplicationFile"),
        (b) => b._links?.["ch:application"]?.href && (b._links["ch:application"].href += "/people"),
      ),
    }),
    merchant({
      name: "model-rate-limit-remaining-reads-fall-faster",
      fault: "`RateLimit-Remaining` of the reads of one resource falls by more than one per request",
      rule: "merchant:header:RateLimitRemaining",
      catcher: /ratelimit-remaining \(merchant:header:RateLimitRemaining\)/,
      mutation: {
        response(q, r) {
          if (!isOp("getPerson", "getFile", "getComment")(q) || r.headers["ratelimit-remaining"] === undefined) return;
          const n = readsOf(q.operationId ?? "");
          r.headers["ratelimit-remaining"] = String(Math.max(0, Number(r.headers["ratelimit-remaining"]) - n));
        },
      },
    }),
    merchant({
      name: "model-rate-limit-remaining-stuck-on-listings",
      fault: "`RateLimit-Remaining` of an application's listings never falls",
      rule: "merchant:header:RateLimitRemaining",
      catcher: /ratelimit-remaining \(merchant:header:RateLimitRemaining\)/,
      mutation: {
        response(q, r) {
          if (!isOp("listPeople", "listComments", "listApplicationFiles")(q) || r.headers["ratelimit-limit"] === undefined) return;
          r.headers["ratelimit-remaining"] = String(Number(r.headers["ratelimit-limit"]) - 1);
        },
      },
    }),
    merchant({
      name: "model-rate-limit-limit-wavers-on-creations",
      fault: "`RateLimit-Limit` of the creations changes from one answer to the next",
      rule: "merchant:header:RateLimitLimit",
      catcher: /ratelimit-limit \(merchant:header:RateLimitLimit\)/,
      mutation: {
        response(q, r) {
          if (!isOp("createPerson", "createComment", "createApplicationFile")(q) || r.headers["ratelimit-limit"] === undefined) return;
          r.headers["ratelimit-limit"] = String(Number(r.headers["ratelimit-limit"]) + (limits(q.operationId ?? "") % 2));
        },
      },
    }),
    merchant({
      name: "model-rate-limit-reset-grows",
      fault: "`RateLimit-Reset` of the reads grows within a window",
      rule: "merchant:header:RateLimitReset",
      catcher: /ratelimit-reset \(merchant:header:RateLimitReset\)/,
      mutation: {
        response(q, r) {
          if (!isOp("getPerson", "getFile", "getComment", "listPeople", "listComments", "listApplicationFiles")(q)) return;
          if (r.headers["ratelimit-reset"] === undefined) return;
          r.headers["ratelimit-reset"] = String(Number(r.headers["ratelimit-reset"]) + 5 * resets(q.operationId ?? ""));
        },
      },
    }),
    merchant({
      name: "model-person-read-stale-after-patch",
      fault: "a person read after a PATCH shows the city it had before",
      rule: "merchant:readback:updatePerson",
      catcher: /merchant:readback:updatePerson/,
      mutation: editJson(
        (q, r) => {
          if (isOp("updatePerson")(q) && r.status === 200) patched.add(q.url.pathname);
          return isOp("getPerson")(q) && r.status === 200 && patched.has(q.url.pathname);
        },
        (b) => void (b.city = "Stale City"),
      ),
    }),
    merchant({
      name: "model-deleted-file-still-readable",
      fault: "a deleted file is still answered, as it was, to a read",
      rule: "merchant:status:NotFound",
      catcher: /status \(merchant:status:NotFound\)|deleted/,
      mutation: {
        response(q, r) {
          if (isOp("getFile", "createApplicationFile", "updateFile")(q) && r.status < 300) {
            const self = stringOf(objectOf(objectOf(objectOf(jsonOf(r))._links).self).href);
            if (self) files.set(new URL(self).pathname, r.body);
          }
          if (isOp("deleteFile")(q) && r.status === 204) deletedFiles.add(q.url.pathname);
          const kept = files.get(q.url.pathname);
          if (isOp("getFile")(q) && r.status === 404 && deletedFiles.has(q.url.pathname) && kept) {
            r.status = 200;
            r.headers["content-type"] = "application/hal+json";
            r.body = kept;
          }
        },
      },
    }),
    merchant({
      name: "model-prev-link-on-first-page",
      fault: "the first page of a listing links a `prev` page",
      rule: "merchant:query:CollectionLinks.prev",
      catcher: /merchant:query:CollectionLinks\.prev/,
      mutation: editJson(
        (q, r) => isOp("listPeople", "listComments", "listApplicationFiles")(q) && r.status === 200,
        (b) => {
          if ((b.page ?? 1) === 1 && b._links?.self?.href) b._links.prev = { href: b._links.self.href };
        },
      ),
    }),
    merchant({
      name: "model-last-page-links-next",
      fault: "the last page of the application's files links a `next` page",
      rule: "merchant:query:CollectionLinks.next",
      catcher: /merchant:query:CollectionLinks\.next/,
      mutation: editJson(
        (q, r) => isOp("listApplicationFiles", "listComments")(q) && r.status === 200,
        (b) => {
          if (!b._links?.next && b._links?.self?.href) b._links.next = { href: b._links.self.href };
        },
      ),
    }),
    merchant({
      name: "model-token-type-lowercase",
      fault: "a token answers `token_type` in lower case on the second and later token of a client",
      rule: "merchant:status:createToken:200",
      catcher: /token_type|createToken/,
      mutation: editJson(
        (q, r) => isOp("createToken")(q) && r.status === 200 && limits("token") > 1,
        (b) => void (b.token_type = "bearer"),
      ),
    }),
  ];
}
