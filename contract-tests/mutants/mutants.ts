/**
 * Deliberately broken providers. Each mutant is the sandbox with one fault: either an answer or
 * a request rewritten by the proxy in front of it, or one rule switched off inside that sandbox
 * instance through its fault-injection seam. The suite must fail against every one of them, for
 * the reason the mutant names (`catcher`).
 */
import { createSigner } from "../../src/toolkit/clients/gateway/signing";
import { readFileSync } from "node:fs";
import { seeded, seededPrivateKeyPath } from "../../src/testkit/sandbox/config";
import { sandboxFaults, type SandboxFault } from "../../src/testkit/sandbox/faults";
import { jsonOf, setJson, type Mutation, type ProxiedRequest, type ProxiedResponse } from "./proxy";

export interface Mutant {
  name: string;
  /** What is broken, in one line (goes into the summary table). */
  fault: string;
  /**
   * Why the suite must fail: matched against the first failing test's name and failure message.
   * A run that fails for another reason (an unrelated test, a crash answered 500) is a wrong
   * catch, and fails the mutation run.
   */
  catcher: RegExp;
  /** A rule switched off inside the sandbox, through its fault-injection seam (src/testkit/sandbox/faults.ts). */
  sandboxFault?: SandboxFault;
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
    catcher: /processed_at/,
    mutation: editJson((q, r) => isOp("createAuthorization")(q) && r.status === 201, (b) => delete b.processed_at),
  },
  {
    name: "capture-amount-as-string",
    fault: "a capture's `amount` is a string (`\"1000\"`)",
    catcher: /createCapture[\s\S]*amount/,
    mutation: editJson((q) => isOp("createCapture")(q), (b) => b.amount !== undefined && (b.amount = String(b.amount))),
  },
  {
    name: "capture-answered-200",
    fault: "approved captures are answered 200 instead of 201",
    catcher: /createCapture[\s\S]*\b200\b/,
    mutation: { response: (q, r) => void (isOp("createCapture")(q) && r.status === 201 && (r.status = 200)) },
  },
  {
    name: "gateway-plain-json-media-type",
    fault: "the gateway answers `application/json` instead of its vendor media type",
    catcher: /application\/json/,
    mutation: { response: (q, r) => void (r.headers["content-type"] && (r.headers["content-type"] = "application/json; charset=utf-8")) },
  },
  {
    name: "capture-decline-code-not-for-captures",
    fault: "declined captures carry status 40110, which the spec does not list for captures",
    catcher: /40110/,
    mutation: editJson((q, r) => isOp("createCapture")(q) && r.status === 400, (b) => b.status?.code === 40200 && (b.status.code = 40110)),
  },
  {
    name: "input-errors-do-not-name-the-parameter",
    fault: "input errors (40000) say `invalid request` without naming the parameter",
    catcher: /invalid request/,
    mutation: editJson((q, r) => q.listener === "gateway" && r.status === 400, (b) => b.status?.code === 40000 && (b.status.message = "invalid request")),
  },
  {
    name: "server-error-on-large-amounts",
    fault: "authorizations of 100 000 000 or more crash with HTTP 500",
    catcher: /\b5xx\b|\b500\b/,
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
    catcher: /x-card header carries the request's card number/,
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
    catcher: /body carries the request's (card number|card security code)/,
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
    fault: sandboxFaults["over-capture"],
    catcher: /captures are allowed up to the authorized amount|remaining/,
    sandboxFault: "over-capture",
  },
  {
    name: "debit-refunded-twice",
    fault: sandboxFaults["debit-refunded-twice"],
    catcher: /Debit refunds/,
    sandboxFault: "debit-refunded-twice",
  },
  {
    name: "refund-frees-captured-amount",
    fault: sandboxFaults["refund-frees-captured-amount"],
    catcher: /does not free captured amount/,
    sandboxFault: "refund-frees-captured-amount",
  },
  {
    name: "void-window-ignored",
    fault: sandboxFaults["void-window-ignored"],
    catcher: /void window/,
    sandboxFault: "void-window-ignored",
  },
  {
    name: "signatures-not-checked",
    fault: "missing and wrong signatures are accepted (the proxy signs every POST validly)",
    catcher: /Signature/,
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
    fault: sandboxFaults["csc-always-matches"],
    catcher: /\bCSC\b/,
    sandboxFault: "csc-always-matches",
  },
  {
    name: "test-pans-do-not-force-status",
    fault: sandboxFaults["test-pans-ignored"],
    catcher: /status-forcing PAN/,
    sandboxFault: "test-pans-ignored",
  },
  {
    name: "other-merchants-transactions-visible",
    fault: sandboxFaults["other-merchants-transactions-visible"],
    catcher: /another merchant account/,
    sandboxFault: "other-merchants-transactions-visible",
  },
  {
    name: "merchant-block-forgotten",
    fault: sandboxFaults["merchant-block-forgotten"],
    catcher: /40420/,
    sandboxFault: "merchant-block-forgotten",
  },
  // --- merchant: answers ------------------------------------------------------------------------
  {
    name: "problem-without-request-id",
    fault: "problems lack the `request-id` member",
    catcher: /request-id/,
    mutation: editJson((_q, r) => /problem\+json/.test(r.headers["content-type"] ?? ""), (b) => delete b["request-id"]),
  },
  {
    name: "problem-as-plain-json",
    fault: "problems are sent as `application/json`",
    catcher: /problem\+json|application\/json/,
    mutation: { response: (_q, r) => void (/problem\+json/.test(r.headers["content-type"] ?? "") && (r.headers["content-type"] = "application/json")) },
  },
  {
    name: "application-created-200",
    fault: "a created application is answered 200 instead of 201",
    catcher: /createApplication[\s\S]*\b20[01]\b/,
    mutation: { response: (q, r) => void (isOp("createApplication")(q) && r.status === 201 && (r.status = 200)) },
  },
  {
    name: "rate-limit-headers-missing",
    fault: "successful answers carry no RateLimit headers",
    catcher: /ratelimit/i,
    mutation: { response: (_q, r) => void (r.status < 300 && Object.keys(r.headers).filter((h) => h.startsWith("ratelimit-")).forEach((h) => delete r.headers[h])) },
  },
  {
    name: "application-self-link-broken",
    fault: "an application's `self` link leads elsewhere",
    catcher: /self|following links/,
    mutation: editJson(
      (q) => isOp("createApplication", "getApplication")(q),
      (b) => b._links?.self?.href && (b._links.self.href = b._links.self.href.replace(/\/applications\//, "/applications/x")),
    ),
  },
  {
    name: "download-returns-other-bytes",
    fault: "a file download returns bytes other than those uploaded",
    catcher: /same bytes/,
    mutation: { response: (q, r) => void (isOp("downloadFileContent")(q) && r.status === 200 && (r.body = Buffer.concat([r.body, Buffer.from("!")]))) },
  },
  {
    name: "transactions-next-link-missing",
    fault: "pages of the transactions collection have no `next` link",
    catcher: /\bnext\b/,
    mutation: editJson((q) => isOp("listTransactions")(q), (b) => delete b._links?.next),
  },
  // --- merchant: rules --------------------------------------------------------------------------
  {
    name: "per_page-not-bounded",
    fault: "`per_page` outside 1 to 50 is accepted (served with the default)",
    catcher: /per_page/,
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
    catcher: /\b409\b|submitted/,
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
    catcher: /ch-field/,
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
    catcher: /Content-Type/,
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
    fault: sandboxFaults["rate-limit-not-enforced"],
    catcher: /\b429\b/,
    sandboxFault: "rate-limit-not-enforced",
  },
  {
    name: "token-for-wrong-secret",
    fault: sandboxFaults["token-for-wrong-secret"],
    catcher: /invalid_client/,
    sandboxFault: "token-for-wrong-secret",
  },
];
