/**
 * Deliberately broken providers. Each mutant is the sandbox with one fault: either an answer or
 * a request rewritten by the proxy in front of it, or one rule switched off inside that
 * sandbox instance (its own objects are patched; other sandboxes are untouched). The suite must
 * fail against every one of them.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- mutants reach into sandbox internals on purpose */
import { createSigner } from "../../src/clients/gateway/signing";
import { readFileSync } from "node:fs";
import { seeded, seededPrivateKeyPath } from "../../src/sandbox/config";
import type { RunningSandbox } from "../../src/sandbox/server";
import { jsonOf, setJson, type Mutation, type ProxiedRequest, type ProxiedResponse } from "./proxy";

export interface Mutant {
  name: string;
  /** What is broken, in one line (goes into the summary table). */
  fault: string;
  /** Faults inside the sandbox instance (state rules). */
  patch?(sandbox: RunningSandbox): void;
  /** Faults on the wire. */
  mutation?: Mutation;
}

type Json = Record<string, any>;

function editJson(test: (request: ProxiedRequest, response: ProxiedResponse) => boolean, edit: (body: Json, response: ProxiedResponse) => void): Mutation {
  return {
    response(request, response) {
      if (!test(request, response)) return;
      const body = jsonOf(response) as Json | undefined;
      if (body === undefined) return;
      edit(body, response);
      setJson(response, body);
    },
  };
}

const isOp = (...ids: string[]) => (request: ProxiedRequest) => ids.includes(request.operationId ?? "");

export const mutants: Mutant[] = [
  // --- gateway: answers -------------------------------------------------------------------------
  {
    name: "authorization-drops-processed_at",
    fault: "approved authorizations lack the required `processed_at`",
    mutation: editJson((q, r) => isOp("createAuthorization")(q) && r.status === 201, (b) => delete b.processed_at),
  },
  {
    name: "capture-amount-as-string",
    fault: "a capture's `amount` is a string (`\"1000\"`)",
    mutation: editJson((q) => isOp("createCapture")(q), (b) => b.amount !== undefined && (b.amount = String(b.amount))),
  },
  {
    name: "capture-answered-200",
    fault: "approved captures are answered 200 instead of 201",
    mutation: { response: (q, r) => void (isOp("createCapture")(q) && r.status === 201 && (r.status = 200)) },
  },
  {
    name: "gateway-plain-json-media-type",
    fault: "the gateway answers `application/json` instead of its vendor media type",
    mutation: { response: (q, r) => void (r.headers["content-type"] && (r.headers["content-type"] = "application/json; charset=utf-8")) },
  },
  {
    name: "capture-decline-code-not-for-captures",
    fault: "declined captures carry status 40110, which the spec does not list for captures",
    mutation: editJson((q, r) => isOp("createCapture")(q) && r.status === 400, (b) => b.status?.code === 40200 && (b.status.code = 40110)),
  },
  {
    name: "input-errors-do-not-name-the-parameter",
    fault: "input errors (40000) say `invalid request` without naming the parameter",
    mutation: editJson((q, r) => q.listener === "gateway" && r.status === 400, (b) => b.status?.code === 40000 && (b.status.message = "invalid request")),
  },
  {
    name: "server-error-on-large-amounts",
    fault: "authorizations of 100 000 000 or more crash with HTTP 500",
    mutation: {
      request(q) {
        if (q.operationId !== "createAuthorization") return;
        const amount = Number(/(?:^|&)amount=(\d+)/.exec(q.body.toString("utf8"))?.[1] ?? 0);
        if (amount >= 100_000_000) return { status: 500, headers: {}, body: Buffer.alloc(0) };
      },
    },
  },
  {
    name: "pan-echoed-in-a-header",
    fault: "authorization answers carry the request's card number in an `X-Card` header",
    mutation: {
      response(q, r) {
        const pan = /card\[pan\]=(\d+)/.exec(decodeURIComponent(q.body.toString("utf8")))?.[1];
        if (q.operationId === "createAuthorization" && pan) r.headers["x-card"] = pan;
      },
    },
  },
  {
    name: "card-data-echoed-in-the-message",
    fault: "declined answers repeat the request's card number and CSC in `status.message`",
    mutation: {
      response(q, r) {
        const sent = decodeURIComponent(q.body.toString("utf8"));
        const pan = /card\[pan\]=(\d+)/.exec(sent)?.[1];
        const csc = /card\[csc\]=(\d+)/.exec(sent)?.[1];
        const body = jsonOf(r) as Json | undefined;
        if (q.listener !== "gateway" || r.status !== 400 || !pan || !body?.status) return;
        body.status.message = `${body.status.message ?? "declined"} (card ${pan}, csc ${csc ?? "none"})`;
        setJson(r, body);
      },
    },
  },
  // --- gateway: rules ---------------------------------------------------------------------------
  {
    name: "over-capture-allowed",
    fault: "captures above the remaining amount are approved",
    patch(sandbox) {
      const store = sandbox.gateway.store as any;
      const original = store.capture.bind(store);
      store.capture = (account: any, id: string, body: any) => {
        const record = store.primary.get(String(id).toLowerCase());
        const requested = body?.amount;
        if (!record || requested === undefined) return original(account, id, body);
        const saved = record.amount;
        record.amount = Math.max(saved, record.captured + requested);
        try {
          return original(account, id, body);
        } finally {
          record.amount = saved;
        }
      };
    },
  },
  {
    name: "debit-refunded-twice",
    fault: "a debit can be refunded again and again",
    patch(sandbox) {
      const store = sandbox.gateway.store as any;
      const original = store.debitRefund.bind(store);
      store.debitRefund = (account: any, id: string) => {
        const record = store.primary.get(String(id).toLowerCase());
        if (record) record.refunded = false;
        return original(account, id);
      };
    },
  },
  {
    name: "refund-frees-captured-amount",
    fault: "a refund lowers the captured amount, so it can be captured again",
    patch(sandbox) {
      const store = sandbox.gateway.store as any;
      const original = store.refund.bind(store);
      store.refund = (account: any, id: string, body: any) => {
        const outcome = original(account, id, body);
        const record = store.primary.get(String(id).toLowerCase());
        if (outcome.approved && record) record.captured -= Number(outcome.body.amount ?? 0);
        return outcome;
      };
    },
  },
  {
    name: "void-window-ignored",
    fault: "authorizations can be voided at any age",
    patch(sandbox) {
      const store = sandbox.gateway.store as any;
      store.facts = { ...store.facts, voidWindowDays: 100_000 };
    },
  },
  {
    name: "signatures-not-checked",
    fault: "missing and wrong signatures are accepted (the proxy signs every POST validly)",
    mutation: (() => {
      let signer: ReturnType<typeof createSigner> | undefined;
      return {
        request(q: ProxiedRequest) {
          if (q.listener !== "gateway" || q.method !== "POST") return;
          signer ??= createSigner({ apiKey: seeded.gateway.signingKeyId, privateKey: readFileSync(seededPrivateKeyPath, "utf8") });
          q.headers.signature = signer.headerFor(new Uint8Array(q.body));
        },
      };
    })(),
  },
  {
    name: "csc-always-matches",
    fault: "every CSC is reported as matching",
    patch(sandbox) {
      const cards = (sandbox.gateway.store as any).cards;
      cards.cscResult = (card: { csc?: string }) => ({ present: card.csc !== undefined, matches: card.csc !== undefined });
    },
  },
  {
    name: "test-pans-do-not-force-status",
    fault: "status-forcing test PANs ignore the amount",
    patch(sandbox) {
      const cards = (sandbox.gateway.store as any).cards;
      cards.cardStatus = () => undefined;
    },
  },
  {
    name: "other-merchants-transactions-visible",
    fault: "a key of another merchant account can capture this account's authorizations",
    patch(sandbox) {
      const store = sandbox.gateway.store as any;
      store.find = (_account: any, id: string, kind: string) => {
        const record = store.primary.get(String(id).toLowerCase());
        return record && record.kind === kind ? record : undefined;
      };
    },
  },
  {
    name: "merchant-block-forgotten",
    fault: "after a 40420 merchant-initiated transactions on the card are approved again",
    patch(sandbox) {
      (sandbox.gateway.store as any).blocks = { has: () => false, add: () => undefined };
    },
  },
  // --- merchant: answers ------------------------------------------------------------------------
  {
    name: "problem-without-request-id",
    fault: "problems lack the `request-id` member",
    mutation: editJson((_q, r) => /problem\+json/.test(r.headers["content-type"] ?? ""), (b) => delete b["request-id"]),
  },
  {
    name: "problem-as-plain-json",
    fault: "problems are sent as `application/json`",
    mutation: { response: (_q, r) => void (/problem\+json/.test(r.headers["content-type"] ?? "") && (r.headers["content-type"] = "application/json")) },
  },
  {
    name: "application-created-200",
    fault: "a created application is answered 200 instead of 201",
    mutation: { response: (q, r) => void (isOp("createApplication")(q) && r.status === 201 && (r.status = 200)) },
  },
  {
    name: "rate-limit-headers-missing",
    fault: "successful answers carry no RateLimit headers",
    mutation: { response: (_q, r) => void (r.status < 300 && Object.keys(r.headers).filter((h) => h.startsWith("ratelimit-")).forEach((h) => delete r.headers[h])) },
  },
  {
    name: "application-self-link-broken",
    fault: "an application's `self` link leads elsewhere",
    mutation: editJson(
      (q) => isOp("createApplication", "getApplication")(q),
      (b) => b._links?.self?.href && (b._links.self.href = b._links.self.href.replace(/\/applications\//, "/applications/x")),
    ),
  },
  {
    name: "download-returns-other-bytes",
    fault: "a file download returns bytes other than those uploaded",
    mutation: { response: (q, r) => void (isOp("downloadFileContent")(q) && r.status === 200 && (r.body = Buffer.concat([r.body, Buffer.from("!")]))) },
  },
  {
    name: "transactions-next-link-missing",
    fault: "pages of the transactions collection have no `next` link",
    mutation: editJson((q) => isOp("listTransactions")(q), (b) => delete b._links?.next),
  },
  // --- merchant: rules --------------------------------------------------------------------------
  {
    name: "per_page-not-bounded",
    fault: "`per_page` outside 1 to 50 is accepted (served with the default)",
    mutation: {
      request(q) {
        const value = q.url.searchParams.get("per_page");
        if (value !== null && !(Number(value) >= 1 && Number(value) <= 50)) q.url.searchParams.delete("per_page");
      },
    },
  },
  {
    name: "incomplete-application-submitted",
    fault: "an application lacking data is answered 204 on `submitted`",
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
    fault: "comment tags are not checked (and dropped)",
    mutation: {
      request(q) {
        if (q.operationId !== "createComment" || q.body.length === 0) return;
        try {
          const body = JSON.parse(q.body.toString("utf8")) as Json;
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
    fault: "the storage host accepts an upload whatever its Content-Type",
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
    fault: "an exhausted quota is never answered 429",
    patch(sandbox) {
      const limiter = sandbox.merchant.limiter as any;
      const original = limiter.take.bind(limiter);
      limiter.take = (operationId: string, client: string) => ({ ...original(operationId, client), allowed: true });
    },
  },
  {
    name: "token-for-wrong-secret",
    fault: "the token endpoint issues tokens for a wrong client secret",
    patch(sandbox) {
      const oauth = sandbox.merchant.oauth as any;
      const original = oauth.authenticateClient.bind(oauth);
      const valid = "Basic " + Buffer.from(`${seeded.merchant.clientId}:${seeded.merchant.clientSecret}`).toString("base64");
      oauth.authenticateClient = (header: string | undefined) => original(header) ?? (header ? original(valid) : undefined);
    },
  },
];
